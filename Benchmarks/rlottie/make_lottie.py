#!/usr/bin/python3
"""Writes the seagull flight and the explosions at taps of Examples/ as Lottie files for rlottie.

The frame sequences become image assets (the same PNGs, embedded as data URIs) on image layers
whose in and out points are the times `flipbook render` shows each frame; the gull's flight is
a linear position keyframe pair on each of its layers; the cloud is a shape layer whose path is
Cairo's (SVG arcs as Cairo turns them into cubic Béziers) at 80 % opacity; the background a solid
layer. rlottie draws no text, so the title is an image asset drawn by Cairo, as Lottie users ship
text to rlottie. The frame rate of the file is a multiple of the scene's such that every in and
out point is a whole frame (rlottie keeps them as integers): `scene fps × step`, and frame i of
the scene is the file's frame i × step. The frosted panel cannot be written: Lottie renderers
have no backdrop blur (rlottie draws no effects at all).

  /usr/bin/python3 make_lottie.py seagull|explosions OUT.json     prints {"step": S, "frames": N, ...}
"""
import base64
import json
import math
import os
import sys

import cairo

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cairo"))
from scenes import Scene, color, svg_path  # noqa: E402


def step_for(fps, times):
    for step in range(1, 1000):
        if all(abs(t * fps * step - round(t * fps * step)) < 1e-6 for t in times):
            return step
    raise SystemExit("no whole-frame rate for these times")


def png_bytes(path=None, surface=None):
    if surface is not None:
        import io
        buffer = io.BytesIO()
        surface.write_to_png(buffer)
        return buffer.getvalue()
    with open(path, "rb") as f:
        return f.read()


def asset(ident, data, w, h):
    return {"id": ident, "w": w, "h": h, "u": "", "p": "data:image/png;base64," + base64.b64encode(data).decode(), "e": 1}


def still(value):
    return {"a": 0, "k": value}


def transform(position, opacity=100, anchor=(0, 0)):
    return {"o": still(opacity), "r": still(0), "p": position, "a": still([anchor[0], anchor[1], 0]), "s": still([100, 100, 100])}


def image_layer(index, ref, ip, op, position):
    return {"ddd": 0, "ind": index, "ty": 2, "refId": ref, "sr": 1, "ks": transform(position), "ip": ip, "op": op, "st": 0, "bm": 0}


def lottie_path(scene_path, origin):
    """Cairo's path of an SVG path as Lottie shapes (one per subpath): vertices with in/out tangents."""
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 1, 1)
    cr = cairo.Context(surface)
    svg_path(cr, scene_path)
    shapes, v, i, o = [], [], [], []
    for kind, points in cr.copy_path():
        if kind == cairo.PATH_MOVE_TO:
            v, i, o = [list(points)], [[0, 0]], [[0, 0]]
        elif kind == cairo.PATH_LINE_TO:
            v.append(list(points)); i.append([0, 0]); o.append([0, 0])
        elif kind == cairo.PATH_CURVE_TO:
            x1, y1, x2, y2, x3, y3 = points
            px, py = v[-1]
            o[-1] = [x1 - px, y1 - py]
            v.append([x3, y3]); i.append([x2 - x3, y2 - y3]); o.append([0, 0])
        elif kind == cairo.PATH_CLOSE_PATH:
            if len(v) > 1 and abs(v[-1][0] - v[0][0]) < 1e-9 and abs(v[-1][1] - v[0][1]) < 1e-9:
                i[0] = i[-1]; v.pop(); i.pop(); o.pop()
            shapes.append({"ty": "sh", "ks": still({"i": i, "o": o, "v": v, "c": True})})
    return shapes


def seagull(scene):
    fps, count = scene.fps, scene.count
    gull = scene.layers["gull"]
    per_image = gull["sequence"]["duration"] / len(scene.gull)
    duration = scene.json["duration"]
    step = step_for(fps, [per_image, 1 / fps])
    rate = fps * step
    assets, layers = [], []
    folder = os.path.join(scene.folder, gull["sequence"]["source"])
    names = sorted((n for n in os.listdir(folder) if n.endswith(".png")), key=lambda n: int("".join(c for c in n if c.isdigit())))
    for k, name in enumerate(names):
        assets.append(asset(f"gull{k}", png_bytes(os.path.join(folder, name)), *gull["bounds"]))
    (fx, fy), (tx, ty), move = scene.move
    w, h = gull["bounds"]
    position = {"a": 1, "k": [
        {"t": 0, "s": [fx - w / 2, fy - h / 2, 0], "e": [tx - w / 2, ty - h / 2, 0],
         "i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}},
        {"t": round(move * rate), "s": [tx - w / 2, ty - h / 2, 0]}]}
    # The title: rlottie draws no text, so Cairo draws it once into an image asset.
    title = scene.layers["title"]
    text = cairo.ImageSurface(cairo.FORMAT_ARGB32, scene.width, scene.height)
    cr = cairo.Context(text)
    cr.set_font_face(scene.font); cr.set_font_size(title["text"]["fontSize"]); cr.set_font_options(scene.options)
    cr.set_source_rgb(*color(title["text"]["foregroundColor"]))
    cr.move_to(title["position"][0], title["position"][1] + scene.baseline)
    cr.show_text(title["text"]["string"])
    assets.append(asset("title", png_bytes(surface=text), scene.width, scene.height))
    total = round(duration * rate)
    layers.append(image_layer(1, "title", 0, total, still([0, 0, 0])))
    index = 2
    frames = round(per_image * rate)
    for start in range(0, total, frames):
        k = (start // frames) % len(names)
        layers.append(image_layer(index, f"gull{k}", start, start + frames, position))
        index += 1
    cloud = scene.layers["cloud"]
    shapes = lottie_path(cloud["shape"]["path"], None) + [
        {"ty": "fl", "c": still(list(color(cloud["shape"]["fillColor"])) + [1]), "o": still(100), "r": 1}]
    layers.append({"ddd": 0, "ind": index, "ty": 4, "sr": 1, "ks": transform(still(list(scene.cloud_origin) + [0]), cloud["opacity"] * 100),
                   "shapes": shapes, "ip": 0, "op": total, "st": 0, "bm": 0})
    return step, total, assets, layers


def explosions(scene):
    fps = scene.fps
    layer = scene.layers["explosion"]
    duration, (w, h) = layer["sequence"]["duration"], layer["bounds"]
    per_image = duration / len(scene.explosion)
    events = layer["spawn"]["events"]
    step = step_for(fps, [per_image, 1 / fps] + [e["time"] for e in events])
    rate = fps * step
    folder = os.path.join(scene.folder, layer["sequence"]["source"])
    names = sorted((n for n in os.listdir(folder) if n.endswith(".png")), key=lambda n: int("".join(c for c in n if c.isdigit())))
    assets = [asset(f"explosion{k}", png_bytes(os.path.join(folder, n)), w, h) for k, n in enumerate(names)]
    total = round(scene.json["duration"] * rate)
    layers, index, frames = [], 1, round(per_image * rate)
    for event in reversed(events):          # later taps on top, as Flipbook spawns them
        begin = round(event["time"] * rate)
        for k in range(len(names)):
            layers.append(image_layer(index, f"explosion{k}", begin + k * frames, begin + (k + 1) * frames,
                                      still([event["at"][0] - w / 2, event["at"][1] - h / 2, 0])))
            index += 1
    return step, total, assets, layers


def main():
    name, out = sys.argv[1], sys.argv[2]
    scene = Scene(name)
    step, total, assets, layers = {"seagull": seagull, "explosions": explosions}[name](scene)
    if "background" in scene.json:
        layers.append({"ddd": 0, "ind": 999, "ty": 1, "sc": scene.json["background"].lower(), "sw": scene.width, "sh": scene.height,
                       "sr": 1, "ks": transform(still([0, 0, 0])), "ip": 0, "op": total, "st": 0, "bm": 0})
    lottie = {"v": "5.7.4", "fr": scene.fps * step, "ip": 0, "op": total, "w": scene.width, "h": scene.height, "nm": name,
              "ddd": 0, "assets": assets, "layers": layers}
    with open(out, "w") as f:
        json.dump(lottie, f)
    print(json.dumps({"step": step, "frames": scene.count, "width": scene.width, "height": scene.height}))


if __name__ == "__main__":
    main()
