"""Writes N small numbered frames (64x64 RGBA, a moving disc) for the validate benchmark. Dev-time only."""
import os
import sys

import numpy as np
from PIL import Image

out, count = sys.argv[1], int(sys.argv[2])
os.makedirs(out, exist_ok=True)
yy, xx = np.mgrid[0:64, 0:64]
for i in range(count):
    cx, cy = 32 + 20 * np.cos(i / 30), 32 + 20 * np.sin(i / 30)
    frame = np.zeros((64, 64, 4), np.uint8)
    inside = (xx - cx) ** 2 + (yy - cy) ** 2 < 100
    frame[inside] = (255, (i * 7) % 256, 40, 255)
    Image.fromarray(frame, "RGBA").save(f"{out}/spark{i}.png")
