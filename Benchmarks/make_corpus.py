"""Writes the PNG decode benchmark corpus (deterministic: fixed seeds). Dev-time only (Pillow, numpy)."""
import os
import sys

import numpy as np
from PIL import Image

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(20261121)


def smooth(h, w, channels):
    """Gradients plus soft noise: compresses like rendered sprites and photos, not like pure noise."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    layers = []
    for c in range(channels):
        phase = rng.uniform(0, 6.28)
        base = 127 + 100 * np.sin(x / rng.uniform(40, 200) + phase) * np.cos(y / rng.uniform(40, 200))
        layers.append(base + rng.normal(0, 6, (h, w)))
    return np.clip(np.stack(layers, axis=-1), 0, 255).astype(np.uint8)


for i in range(6):
    rgba = smooth(1024, 1024, 4)
    yy, xx = np.mgrid[0:1024, 0:1024]
    rgba[..., 3] = np.where((xx - 512) ** 2 + (yy - 512) ** 2 < 460 ** 2, rgba[..., 3] | 128, 0)
    Image.fromarray(rgba, "RGBA").save(f"{out}/rgba-1024-{i}.png")
for i in range(4):
    Image.fromarray(smooth(2048, 2048, 3), "RGB").save(f"{out}/rgb-2048-{i}.png")
for i in range(8):
    Image.fromarray(smooth(512, 512, 3), "RGB").quantize(200, dither=Image.Dither.FLOYDSTEINBERG).save(f"{out}/palette-512-{i}.png")
for i in range(4):
    grey16 = (smooth(1024, 1024, 1)[..., 0].astype(np.uint16) * 257).astype(np.uint16)
    Image.fromarray(grey16).save(f"{out}/grey16-1024-{i}.png")
