#!/usr/bin/python3
"""The three example scenes of Examples/ drawn with Cairo (python3-cairo), frame by frame.

Each scene is read from its JSON (size, fps, duration, background, positions, animations, spawn
events, the sequences' folders) and drawn as Cairo users would draw it: the same PNG frames
decoded once (cairo.ImageSurface.create_from_png) and painted at the position and time
`flipbook render` gives them, the shapes as Cairo paths (SVG arcs converted to Cairo arcs), the
layer opacity as paint alpha, the title with Cairo's text API in DejaVu Sans (the font Flipbook
ships; Cairo finds it through fontconfig, fonts-dejavu-core). The frosted panel's blur,
saturation and tint are numpy's (Cairo has no filters), as in frosted_panel.py.

Timing (one JSON line):
- wall_ms: median wall time of one frame, frames drawn in turn on one core;
- wall2_ms: the frames shared by two processes (fork), repeated until a pass lasts 0.25 s; wall ÷ frames;
- cpu_ms: CPU (user + sys) of the one-core pass ÷ frames;
median over --rounds rounds. --out DIR writes every frame as DIR/frameN.png (straight RGBA).

  /usr/bin/python3 scenes.py seagull|explosions|frosted [--rounds 3] [--out DIR]
"""
import argparse
import json
import math
import os
import re
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")   # one core: BLAS threads only wait on a busy machine
import cairo
import numpy as np

from frosted_panel import frost

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Examples")
FILES = {"seagull": "seagull-flight.json", "explosions": "explosions-at-taps.json", "frosted": "frosted-panel.json"}


def color(hex_string):
    h = hex_string.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))


def frames_of(folder):
    """The PNG frames of a sequence folder in Flipbook's order (by the number in the name)."""
    names = [n for n in os.listdir(folder) if n.endswith(".png")]
    names.sort(key=lambda n: int(re.findall(r"\d+", n)[-1]))
    return [cairo.ImageSurface.create_from_png(os.path.join(folder, n)) for n in names]


def svg_path(cr, d):
    """Adds an SVG path (M, h, v, z, a, with relative forms) to the context, arcs as Cairo arcs."""
    tokens = re.findall(r"[MmLlHhVvZzAa]|-?[\d.]+(?:e-?\d+)?", d)
    i, x, y, sx, sy, command = 0, 0.0, 0.0, 0.0, 0.0, None
    def num():
        nonlocal i
        i += 1
        return float(tokens[i - 1])
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                cr.close_path()
                x, y = sx, sy
                continue
        rel = command.islower()
        c = command.upper()
        if c == "M":
            dx, dy = num(), num()
            x, y = (x + dx, y + dy) if rel else (dx, dy)
            cr.move_to(x, y)
            sx, sy = x, y
            command = "l" if rel else "L"
        elif c == "L":
            dx, dy = num(), num()
            x, y = (x + dx, y + dy) if rel else (dx, dy)
            cr.line_to(x, y)
        elif c == "H":
            v = num()
            x = x + v if rel else v
            cr.line_to(x, y)
        elif c == "V":
            v = num()
            y = y + v if rel else v
            cr.line_to(x, y)
        elif c == "A":
            rx, ry, _, large, sweep, ex, ey = num(), num(), num(), num(), num(), num(), num()
            if rel:
                ex, ey = x + ex, y + ey
            arc(cr, x, y, rx, ry, bool(large), bool(sweep), ex, ey)
            x, y = ex, ey


def arc(cr, x1, y1, r, _, large, sweep, x2, y2):
    """SVG's endpoint arc (circular, no rotation) as a Cairo arc (SVG 1.1, F.6.5)."""
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    d2 = dx * dx + dy * dy
    r = max(r, math.sqrt(d2))
    k = math.sqrt(max(0.0, (r * r - d2) / d2)) * (-1 if large == sweep else 1)
    cx, cy = (x1 + x2) / 2 + k * dy, (y1 + y2) / 2 - k * dx
    a1, a2 = math.atan2(y1 - cy, x1 - cx), math.atan2(y2 - cy, x2 - cx)
    (cr.arc if sweep else cr.arc_negative)(cx, cy, r, a1, a2)


def bezier_y(p1x, p1y, p2x, p2y, x):
    """A timing function's value at x (CAMediaTimingFunction: solve the cubic for x, then y)."""
    lo, hi = 0.0, 1.0
    for _ in range(60):
        t = (lo + hi) / 2
        bx = 3 * (1 - t) ** 2 * t * p1x + 3 * (1 - t) * t * t * p2x + t ** 3
        lo, hi = (t, hi) if bx < x else (lo, t)
    t = (lo + hi) / 2
    return 3 * (1 - t) ** 2 * t * p1y + 3 * (1 - t) * t * t * p2y + t ** 3


class Scene:
    def __init__(self, name):
        path = os.path.join(ROOT, FILES[name])
        with open(path) as f:
            self.json = json.load(f)
        self.width, self.height = self.json["size"]
        self.fps = self.json["fps"]
        self.count = int(round(self.json["duration"] * self.fps))
        self.layers = {layer["name"]: layer for layer in self.json["layers"]}
        self.folder = os.path.dirname(path)
        self.draw = getattr(self, name)
        getattr(self, "load_" + name)()

    def surface(self):
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, self.width, self.height)
        cr = cairo.Context(surface)
        if "background" in self.json:
            cr.set_source_rgb(*color(self.json["background"]))
            cr.paint()
        return surface, cr

    # The seagull: a cloud at 80 %, the flapping gull flown across, the title.
    def load_seagull(self):
        gull = self.layers["gull"]
        self.gull = frames_of(os.path.join(self.folder, gull["sequence"]["source"]))
        move = gull["animations"][0]
        self.move = (move["from"], move["to"], move["duration"])
        cloud = self.layers["cloud"]
        self.cloud_origin = (cloud["position"][0] - cloud["bounds"][0] / 2, cloud["position"][1] - cloud["bounds"][1] / 2)
        title = self.layers["title"]["text"]
        self.font = cairo.ToyFontFace("DejaVu Sans")
        self.options = cairo.FontOptions()
        self.options.set_hint_style(cairo.HINT_STYLE_NONE)
        self.options.set_hint_metrics(cairo.HINT_METRICS_OFF)
        self.options.set_antialias(cairo.ANTIALIAS_GRAY)
        font = cairo.ScaledFont(self.font, cairo.Matrix(title["fontSize"], 0, 0, title["fontSize"]), cairo.Matrix(), self.options)
        self.baseline = math.ceil(font.extents()[0] - 1e-9)

    def seagull(self, t):
        surface, cr = self.surface()
        cloud = self.layers["cloud"]
        cr.save()
        cr.translate(*self.cloud_origin)
        svg_path(cr, cloud["shape"]["path"])
        cr.set_source_rgba(*color(cloud["shape"]["fillColor"]), cloud["opacity"])
        cr.fill()
        cr.restore()
        gull = self.layers["gull"]
        (fx, fy), (tx, ty), duration = self.move
        f = (t % duration) / duration
        x, y = fx + (tx - fx) * f, fy + (ty - fy) * f
        image = self.gull[int(t / gull["sequence"]["duration"] * len(self.gull) + 1e-9) % len(self.gull)]
        cr.set_source_surface(image, x - gull["bounds"][0] / 2, y - gull["bounds"][1] / 2)
        cr.paint()
        title = self.layers["title"]
        cr.set_font_face(self.font)
        cr.set_font_size(title["text"]["fontSize"])
        cr.set_font_options(self.options)
        cr.set_source_rgb(*color(title["text"]["foregroundColor"]))
        cr.move_to(title["position"][0], title["position"][1] + self.baseline)
        cr.show_text(title["text"]["string"])
        return surface

    # Explosions: a copy of the 2 s explosion at each tap, gone when it ends.
    def load_explosions(self):
        layer = self.layers["explosion"]
        self.explosion = frames_of(os.path.join(self.folder, layer["sequence"]["source"]))

    def explosions(self, t):
        surface, cr = self.surface()
        layer = self.layers["explosion"]
        duration, (w, h) = layer["sequence"]["duration"], layer["bounds"]
        for event in layer["spawn"]["events"]:
            elapsed = t - event["time"]
            if elapsed < 0 or elapsed >= duration:
                continue
            image = self.explosion[min(int(elapsed / duration * len(self.explosion) + 1e-9), len(self.explosion) - 1)]  # a tap on a frame's edge shows the next frame
            cr.set_source_surface(image, event["at"][0] - w / 2, event["at"][1] - h / 2)
            cr.paint()
        return surface

    # The frosted panel: four stripe shapes, the panel sliding up with the light backdrop.
    def load_frosted(self):
        self.stripes = [l for l in self.json["layers"] if "shape" in l]

    def frosted(self, t):
        surface, cr = self.surface()
        for layer in self.stripes:
            svg_path(cr, layer["shape"]["path"])
            cr.set_source_rgb(*color(layer["shape"]["fillColor"]))
            cr.fill()
        surface.flush()
        panel = self.layers["panel"]
        slide = panel["animations"][0]
        f = min(max((t - slide["beginTime"]) / slide["duration"], 0), 1)   # fillMode both
        f = bezier_y(0, 0, 0.58, 1, f)                                       # easeOut
        px = slide["from"][0] + (slide["to"][0] - slide["from"][0]) * f
        py = slide["from"][1] + (slide["to"][1] - slide["from"][1]) * f
        (w, h), radius = panel["bounds"], panel["cornerRadius"]
        x, y = px - w / 2, py - h / 2
        if y >= self.height:
            return surface
        reach = 30 * 3 + 2
        n, m = self.width, self.height
        x0, y0 = max(0, math.floor(x - reach)), max(0, math.floor(y - reach))
        x1, y1 = min(n, math.ceil(x + w + reach)), min(m, math.ceil(y + h + reach))
        data = np.ndarray((m, surface.get_stride() // 4, 4), np.uint8, surface.get_data())
        patch = frost(data[y0:y1, x0:x1].astype(np.float32))
        patch_surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, x1 - x0, y1 - y0)
        pd = np.ndarray((y1 - y0, patch_surface.get_stride() // 4, 4), np.uint8, patch_surface.get_data())
        pd[:, :x1 - x0] = np.clip(np.round(patch), 0, 255).astype(np.uint8)
        patch_surface.mark_dirty()
        cr.new_sub_path()
        cr.arc(x + w - radius, y + radius, radius, -math.pi / 2, 0)
        cr.arc(x + w - radius, y + h - radius, radius, 0, math.pi / 2)
        cr.arc(x + radius, y + h - radius, radius, math.pi / 2, math.pi)
        cr.arc(x + radius, y + radius, radius, math.pi, 3 * math.pi / 2)
        cr.close_path()
        cr.clip()
        cr.set_source_surface(patch_surface, x0, y0)
        cr.paint()
        return surface


def save(surface, path):
    from PIL import Image
    w, h = surface.get_width(), surface.get_height()
    surface.flush()
    d = np.ndarray((h, surface.get_stride() // 4, 4), np.uint8, surface.get_data())[:, :w].astype(np.float64)
    a = d[..., 3:4]
    rgb = np.where(a > 0, np.round(d[..., 2::-1] * 255 / np.maximum(a, 1)), 0)   # premultiplied BGRA → straight RGBA
    Image.fromarray(np.concatenate([np.clip(rgb, 0, 255), a], -1).astype(np.uint8), "RGBA").save(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("scene", choices=sorted(FILES))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out")
    args = parser.parse_args()
    scene = Scene(args.scene)
    times = [i / scene.fps for i in range(scene.count)]
    scene.draw(times[0])
    one, two, cpu = [], [], []
    for _ in range(args.rounds):
        walls = []
        c0 = time.process_time()
        for t in times:
            w0 = time.perf_counter()
            scene.draw(t).flush()
            walls.append(time.perf_counter() - w0)
        cpu.append((time.process_time() - c0) / scene.count)
        walls.sort()
        one.append(walls[len(walls) // 2])
        repeats = int(0.25 / max(sum(walls), 1e-9)) + 1   # two-core passes of at least 0.25 s: a fork costs ~1 ms
        w0 = time.perf_counter()
        children = []
        for worker in range(2):
            pid = os.fork()
            if pid == 0:
                for _ in range(repeats):
                    for t in times[worker::2]:
                        scene.draw(t).flush()
                os._exit(0)
            children.append(pid)
        for pid in children:
            os.waitpid(pid, 0)
        two.append((time.perf_counter() - w0) / (scene.count * repeats))
    median = lambda v: sorted(v)[len(v) // 2]
    print(json.dumps({"frames": scene.count, "width": scene.width, "height": scene.height,
                      "wall_ms": round(median(one) * 1000, 3), "wall2_ms": round(median(two) * 1000, 3),
                      "cpu_ms": round(median(cpu) * 1000, 3)}))
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        for i, t in enumerate(times):
            save(scene.draw(t), os.path.join(args.out, f"frame{i}.png"))


if __name__ == "__main__":
    main()
