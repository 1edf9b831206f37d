"""Dev-time: decodes the fixture GIFs with Pillow and writes what it sees as reference fixtures.

    python3 Tests/Fixtures/gif/make_references.py

For each GIF, references/<name>.png holds every composited frame stacked top to bottom (RGBA,
fully transparent pixels written as 0,0,0,0) and references/<name>.json the frame count, size,
per-frame delays in centiseconds and the NETSCAPE loop value. Tests compare Flipbook's decoder
with these files, so they prove agreement with another decoder without needing Pillow.
"""
import glob
import json
import os

import numpy as np
from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "references")
os.makedirs(out, exist_ok=True)
sources = sorted(glob.glob(os.path.join(here, "giflib", "*.gif")) + glob.glob(os.path.join(here, "effects", "*.gif")))
for path in sources:
    name = os.path.splitext(os.path.basename(path))[0]
    if name.endswith("_4x") or name.endswith("_2x") or name == "Effect_TheVortex":
        continue  # large; covered by their 1x versions and by the benchmark
    image = Image.open(path)
    frames, delays = [], []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        rgba = np.array(image.convert("RGBA"))
        rgba[rgba[..., 3] == 0] = 0
        frames.append(rgba)
        delays.append(int(round(image.info.get("duration", 0) / 10)))
    strip = np.concatenate(frames, axis=0)
    Image.fromarray(strip, "RGBA").save(os.path.join(out, name + ".png"), optimize=True)
    with open(os.path.join(out, name + ".json"), "w") as handle:
        json.dump({"frames": len(frames), "width": image.width, "height": image.height,
                   "delays": delays, "loop": image.info.get("loop")}, handle, indent=1, sort_keys=True)
        handle.write("\n")
    print(name, len(frames), "frames")
