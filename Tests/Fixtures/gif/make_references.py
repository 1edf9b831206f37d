"""Dev-time: decodes the fixture GIFs with Pillow and writes what it sees as reference fixtures.

    python3 Tests/Fixtures/gif/make_references.py

For each GIF, references/<name>.png holds every composited frame stacked top to bottom (RGBA,
fully transparent pixels written as 0,0,0,0) and references/<name>.json the frame count, size,
per-frame delays in centiseconds and the NETSCAPE loop value. The large GIFs (_2x, _4x, TheVortex)
get references/<name>.digest.json instead: the same fields plus one 64-bit digest per frame of
those RGBA bytes (`digest` below), so every fixture GIF is checked without megabytes of strips.
Tests compare Flipbook's decoder with these files, so they prove agreement with another decoder
without needing Pillow.
"""
import glob
import json
import os

import numpy as np
from PIL import Image

K = np.uint64(0x9E3779B97F4A7C15)


def digest(rgba):
    """Σ wᵢ·K^(i+1) mod 2⁶⁴ over the little-endian 64-bit words of the bytes (zero-padded), plus
    the byte count: any change to a single word changes it (K is odd)."""
    data = rgba.tobytes()
    data += bytes(-len(data) % 8)
    words = np.frombuffer(data, dtype="<u8")
    with np.errstate(over="ignore"):
        powers = np.cumprod(np.full(len(words), K, dtype=np.uint64))
        total = np.sum(words * powers, dtype=np.uint64)
        return "%016x" % int(total + np.uint64(len(rgba.tobytes())))


here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "references")
os.makedirs(out, exist_ok=True)
sources = sorted(glob.glob(os.path.join(here, "giflib", "*.gif")) + glob.glob(os.path.join(here, "effects", "*.gif")))
for path in sources:
    name = os.path.splitext(os.path.basename(path))[0]
    large = name.endswith("_4x") or name.endswith("_2x") or name == "Effect_TheVortex"
    image = Image.open(path)
    frames, delays = [], []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        rgba = np.array(image.convert("RGBA"))
        rgba[rgba[..., 3] == 0] = 0
        frames.append(rgba)
        delays.append(int(round(image.info.get("duration", 0) / 10)))
    facts = {"frames": len(frames), "width": image.width, "height": image.height,
             "delays": delays, "loop": image.info.get("loop")}
    if large:
        facts["digests"] = [digest(frame) for frame in frames]
    else:
        strip = np.concatenate(frames, axis=0)
        Image.fromarray(strip, "RGBA").save(os.path.join(out, name + ".png"), optimize=True)
    with open(os.path.join(out, name + (".digest.json" if large else ".json")), "w") as handle:
        json.dump(facts, handle, indent=1, sort_keys=True)
        handle.write("\n")
    print(name, len(frames), "frames")
