#!/usr/bin/python3
"""Gradient references from Cairo (pixman's gradient walkers) for Compose's Gradient tests.

Each case is the CAGradientLayer of GradientTests.cases drawn the way Cairo draws it: a rectangle
the size of the layer's bounds (whole pixels, so only the gradient differs) painted with a linear
gradient from startPoint to endPoint (in pixels) or a radial one whose ellipse has radii
|end - start| x size (a circle of radius 1 through the pattern's matrix), EXTEND_PAD (the ends
extend, as Core Animation's do). Stored as *premultiplied* bytes in a PNG's RGBA channels
("*.premul.png"), as the blend references are.

Dev-time only: apt-get install python3-cairo python3-numpy python3-pil && /usr/bin/python3 make_gradient_references.py
"""
import cairo
import numpy as np
from PIL import Image

# name: (width, height, type, colors (r, g, b, a bytes), locations or None, start, end)
CASES = {
    "axial-three-stops": (64, 64, "axial", [(230, 40, 30, 255), (20, 200, 60, 128), (30, 60, 240, 40)],
                          [0, 0.3, 1], (0.1, 0.2), (0.9, 0.7)),
    "axial-white-to-clear": (64, 64, "axial", [(255, 255, 255, 255), (0, 0, 0, 0)], None, (0.5, 0), (0.5, 1)),
    "axial-wide-reversed": (80, 40, "axial", [(250, 220, 40, 255), (120, 20, 160, 200), (10, 10, 10, 255), (240, 240, 250, 90)],
                            [0.1, 0.45, 0.5, 0.95], (1, 0.8), (0, 0.2)),
    "radial-circle": (64, 64, "radial", [(255, 240, 120, 255), (250, 120, 20, 200), (120, 0, 160, 0)], None, (0.5, 0.5), (1, 1)),
    "radial-ellipse": (72, 48, "radial", [(20, 30, 90, 255), (40, 160, 220, 230), (250, 250, 250, 120), (250, 90, 90, 255)],
                       [0, 0.2, 0.5, 1], (0.3, 0.4), (0.9, 0.8)),
}


def draw(width, height, kind, colors, locations, start, end):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    context = cairo.Context(surface)
    sx, sy = start[0] * width, start[1] * height
    ex, ey = end[0] * width, end[1] * height
    if kind == "axial":
        pattern = cairo.LinearGradient(sx, sy, ex, ey)
    else:
        rx, ry = abs(ex - sx), abs(ey - sy)
        pattern = cairo.RadialGradient(0, 0, 0, 0, 0, 1)
        pattern.set_matrix(cairo.Matrix(xx=1 / rx, yy=1 / ry, x0=-sx / rx, y0=-sy / ry))
    pattern.set_extend(cairo.EXTEND_PAD)
    stops = locations or [i / (len(colors) - 1) for i in range(len(colors))]
    for offset, (r, g, b, a) in zip(stops, colors):
        pattern.add_color_stop_rgba(offset, r / 255, g / 255, b / 255, a / 255)
    context.rectangle(0, 0, width, height)
    context.set_source(pattern)
    context.fill()
    surface.flush()
    data = np.ndarray(shape=(height, surface.get_stride() // 4, 4), dtype=np.uint8, buffer=surface.get_data())
    return np.stack([data[:, :width, 2], data[:, :width, 1], data[:, :width, 0], data[:, :width, 3]], axis=-1).copy()


if __name__ == "__main__":
    for name, case in CASES.items():
        Image.fromarray(draw(*case), "RGBA").save(f"{name}.premul.png")
        print(name)
