"""Builds the GIF benchmark sequences from the committed CC0 effects GIFs. Dev-time only (Pillow, numpy).

    make_gif_corpus.py OUT_DIR [FRAMES]

- opaque/: effects composited over a slowly drifting colour gradient, 320x320, many colours, opaque.
- sprite/: a bobbing shaded disc (anti-aliased edge) with the pixel-art effects over it, scaled with
           nearest neighbour (hard edges), on transparency, 256x256: soft alpha only at the disc's rim.
- soft/:   the same with the effects scaled by Lanczos: ~10 % of pixels partly transparent.
Frames are numbered frame1.png ... frameN.png; both run at 30 fps.
"""
import glob
import os
import sys

import numpy as np
from PIL import Image

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 240
here = os.path.dirname(os.path.abspath(__file__))
effects_dir = os.path.join(here, "..", "Tests", "Fixtures", "gif", "effects")
names = ["Effect_Kabooms_2x.gif", "Effect_Explosion_4x.gif", "Effect_Hyperspeed_4x.gif", "Effect_Impact_2x.gif"]


def effect_frames(name, size, resample):
    image = Image.open(os.path.join(effects_dir, name))
    frames = []
    for index in range(image.n_frames):
        image.seek(index)
        frame = image.convert("RGBA")
        frame.thumbnail((size, size), resample)
        canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        canvas.paste(frame, ((size - frame.width) // 2, (size - frame.height) // 2))
        frames.append(canvas)
    return frames


def sequence(size, resample):
    frames = []
    for name in names:
        frames += effect_frames(name, size, resample)
    while len(frames) < count:
        frames += frames
    return frames[:count]


for kind, size, resample in (("opaque", 320, Image.LANCZOS), ("sprite", 256, Image.NEAREST), ("soft", 256, Image.LANCZOS)):
    target = os.path.join(out, kind)
    if os.path.exists(os.path.join(target, f"frame{count}.png")):
        continue
    os.makedirs(target, exist_ok=True)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    for index, effect in enumerate(sequence(size, resample)):
        if kind == "opaque":
            t = index / count
            background = np.stack([
                128 + 90 * np.sin(xx / 70 + t * 2.0) * np.cos(yy / 90),
                110 + 80 * np.sin(yy / 60 - t * 1.5),
                140 + 70 * np.cos((xx + yy) / 110 + t),
            ], axis=-1).clip(0, 255).astype(np.uint8)
            frame = Image.fromarray(background, "RGB").convert("RGBA")
            frame.alpha_composite(effect)
            frame.convert("RGB").save(os.path.join(target, f"frame{index + 1}.png"))
        else:
            # A sprite: a shaded disc with an anti-aliased edge, bobbing, with the effect drawn over it
            # (effects resized with Lanczos, so their edges are soft too). Soft alpha sits at the edges,
            # as in rendered game sprites; a full-screen glow would cap every GIF encoder near 21 dB.
            t = index / 30
            cx, cy, radius = size / 2 + 30 * np.sin(t), size / 2 + 20 * np.cos(t * 1.3), 70 + 10 * np.sin(t * 2)
            distance = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2)
            coverage = np.clip(radius - distance + 0.5, 0, 1)
            shade = np.clip(1.1 - distance / radius, 0.2, 1)
            body = np.stack([90 + 120 * shade, 60 + 80 * shade * (0.5 + 0.5 * np.sin(t)), 160 * shade, 255 * coverage], axis=-1)
            sprite = Image.fromarray(body.clip(0, 255).astype(np.uint8), "RGBA")
            sprite.alpha_composite(effect)
            sprite.save(os.path.join(target, f"frame{index + 1}.png"))
print(out, count, "frames")
