#!/usr/bin/python3
"""Blend-mode references from Cairo (pixman's combiners) for Compose's BlendMode tests.

Makes two 64x64 premultiplied ARGB32 images with soft alpha (a destination: a hue sweep fading
down; a source: a soft disc of another colour over a faint diagonal ramp, opaque and clear corners),
paints the source onto the destination with every Cairo operator, and stores each image's
*premultiplied* bytes in the RGBA channels of a PNG ("*.premul.png": the PNG's alpha is the real
alpha, its colour channels are premultiplied; no straight-alpha rounding in between).

Dev-time only: apt-get install python3-cairo python3-numpy python3-pil && /usr/bin/python3 make_blend_references.py
"""
import math
import cairo
import numpy as np
from PIL import Image

SIZE = 64
OPERATORS = {
    "clear": cairo.OPERATOR_CLEAR, "copy": cairo.OPERATOR_SOURCE, "normal": cairo.OPERATOR_OVER,
    "sourceIn": cairo.OPERATOR_IN, "sourceOut": cairo.OPERATOR_OUT, "sourceAtop": cairo.OPERATOR_ATOP,
    "destinationOver": cairo.OPERATOR_DEST_OVER,
    "destinationIn": cairo.OPERATOR_DEST_IN, "destinationOut": cairo.OPERATOR_DEST_OUT,
    "destinationAtop": cairo.OPERATOR_DEST_ATOP, "xor": cairo.OPERATOR_XOR, "plusLighter": cairo.OPERATOR_ADD,
    "multiply": cairo.OPERATOR_MULTIPLY, "screen": cairo.OPERATOR_SCREEN, "overlay": cairo.OPERATOR_OVERLAY,
    "darken": cairo.OPERATOR_DARKEN, "lighten": cairo.OPERATOR_LIGHTEN, "colorDodge": cairo.OPERATOR_COLOR_DODGE,
    "colorBurn": cairo.OPERATOR_COLOR_BURN, "hardLight": cairo.OPERATOR_HARD_LIGHT, "softLight": cairo.OPERATOR_SOFT_LIGHT,
    "difference": cairo.OPERATOR_DIFFERENCE, "exclusion": cairo.OPERATOR_EXCLUSION, "hue": cairo.OPERATOR_HSL_HUE,
    "saturation": cairo.OPERATOR_HSL_SATURATION, "color": cairo.OPERATOR_HSL_COLOR, "luminosity": cairo.OPERATOR_HSL_LUMINOSITY,
}


def premultiplied(straight):
    """Straight RGBA floats (0…1) → premultiplied RGBA bytes, rounded once."""
    rgb = straight[..., :3] * straight[..., 3:4]
    return np.round(np.concatenate([rgb, straight[..., 3:4]], axis=-1) * 255).astype(np.uint8)


def destination():
    y, x = np.mgrid[0:SIZE, 0:SIZE] / (SIZE - 1)
    hue = x * 2 * math.pi
    r = 0.5 + 0.5 * np.cos(hue)
    g = 0.5 + 0.5 * np.cos(hue - 2 * math.pi / 3)
    b = 0.5 + 0.5 * np.cos(hue + 2 * math.pi / 3)
    a = np.clip(1.15 - y * 1.2, 0, 1)
    return premultiplied(np.stack([r, g, b, a], axis=-1))


def source():
    y, x = np.mgrid[0:SIZE, 0:SIZE] / (SIZE - 1)
    d = np.hypot(x - 0.55, y - 0.45)
    disc = np.clip(1 - (d - 0.18) / 0.22, 0, 1)
    ramp = np.clip((x + y) / 2, 0, 1) * 0.35
    a = np.maximum(disc, ramp)
    a[:10, :10] = 1.0     # opaque corner
    a[-10:, -10:] = 0.0   # clear corner
    r = 0.9 * np.ones_like(x)
    g = 0.25 + 0.7 * y
    b = 0.15 + 0.8 * (1 - x)
    return premultiplied(np.stack([r, g, b, a], axis=-1))


def surface(rgba):
    """A Cairo ARGB32 surface holding premultiplied `rgba` (native-endian BGRA on little endian)."""
    s = cairo.ImageSurface(cairo.FORMAT_ARGB32, SIZE, SIZE)
    stride = s.get_stride()
    data = np.ndarray(shape=(SIZE, stride // 4, 4), dtype=np.uint8, buffer=s.get_data())
    data[:, :SIZE, 0] = rgba[..., 2]
    data[:, :SIZE, 1] = rgba[..., 1]
    data[:, :SIZE, 2] = rgba[..., 0]
    data[:, :SIZE, 3] = rgba[..., 3]
    s.mark_dirty()
    return s


def rgba(s):
    s.flush()
    data = np.ndarray(shape=(SIZE, s.get_stride() // 4, 4), dtype=np.uint8, buffer=s.get_data())
    return np.stack([data[:, :SIZE, 2], data[:, :SIZE, 1], data[:, :SIZE, 0], data[:, :SIZE, 3]], axis=-1).copy()


def save(pixels, name):
    Image.fromarray(pixels, "RGBA").save(name + ".premul.png", optimize=True)


dst, src = destination(), source()
save(dst, "destination")
save(src, "source")
for name, operator in OPERATORS.items():
    target = surface(dst)
    context = cairo.Context(target)
    context.set_source_surface(surface(src), 0, 0)
    context.set_operator(operator)
    context.paint()
    save(rgba(target), name)
print(f"{len(OPERATORS)} references, Cairo {cairo.cairo_version_string()}")
