"""Dev-time: records Flipbook's own GIFs and what three other decoders see in them.

    python3 Tests/Fixtures/gif/make_encoder_references.py   (needs a release build, ffmpeg, ImageMagick, Pillow)

For each case below it runs `flipbook assemble` and writes encoded/<name>.gif (the golden output),
then decodes that file with Pillow, ffmpeg and ImageMagick into encoded/<name>.<decoder>.png — every
composited frame stacked top to bottom, RGBA, fully transparent pixels written as 0,0,0,0 — and
encoded/<name>.json (frame count, delays, loop value, as Pillow reads them). Tests re-encode the same
input and expect the golden bytes, and expect Flipbook's decoder to agree with all three decoders.
Re-run it only when the encoder's output is meant to change.
"""
import glob
import json
import os
import shutil
import subprocess
import tempfile

import numpy as np
from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
out = os.path.join(here, "encoded")
subprocess.run(["swift", "build", "-c", "release"], cwd=root, check=True, capture_output=True)
flipbook = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, check=True,
                          capture_output=True, text=True).stdout.strip() + "/flipbook"

CASES = {
    "robot": ["Sequences/kenney-robot-walk", "--fps", "12"],
    "robot-fast": ["Sequences/kenney-robot-walk", "--fps", "12", "--quality", "fast"],  # one global palette, ordered
    "coin": ["Sequences/kenney-gold-coin", "--fps", "8", "--repeat", "3", "--quality", "fast", "--dither", "fs"],
    "robot-matte": ["Sequences/kenney-robot-walk", "--fps", "24", "--alpha", "matte:#336699", "--colors", "63", "--dither", "none"],
    "explosion": ["Tests/Fixtures/gif/effects/Effect_Explosion.gif"],
    "blood-high": ["Tests/Fixtures/gif/effects/Effect_BloodImpact.gif", "--quality", "high"],  # local palettes
    # high with few colours: partial redraws through many small local palettes, transparency, disposal
    "robot-high": ["Sequences/kenney-robot-walk", "--fps", "12", "--quality", "high", "--colors", "15"],
    # high on an opaque, slowly drifting gradient: frames redraw only the pixels they refine, the rest
    # stays transparent over what earlier frames (with other tables) drew
    "drift-high": ["Tests/Fixtures/gif/drift", "--fps", "10", "--quality", "high", "--colors", "15"],
    # standard: a full first table, then small ones
    "drift": ["Tests/Fixtures/gif/drift", "--fps", "10"],
}


def strip(frames):
    arrays = []
    for frame in frames:
        rgba = np.array(frame.convert("RGBA"))
        rgba[rgba[..., 3] == 0] = 0
        arrays.append(rgba)
    return Image.fromarray(np.concatenate(arrays, axis=0), "RGBA")


def pillow_frames(path):
    image = Image.open(path)
    frames = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append(image.convert("RGBA"))
    return frames


def tool_frames(command, folder):
    subprocess.run(command, check=True, capture_output=True)
    files = sorted(glob.glob(os.path.join(folder, "*.png")), key=lambda f: int(os.path.basename(f).split(".")[0]))
    return [Image.open(f) for f in files]


def make_drift(folder):
    """12 opaque frames of 48×40: a smooth colour field drifting a little each frame (generated,
    not copied from anywhere)."""
    os.makedirs(folder, exist_ok=True)
    y, x = np.mgrid[0:40, 0:48].astype(np.float64)
    for index in range(12):
        t = index / 12
        field = np.stack([128 + 100 * np.sin(x / 15 + t), 120 + 90 * np.cos(y / 12 - t), 140 + 80 * np.sin((x + y) / 20 + 2 * t)], -1)
        Image.fromarray(field.clip(0, 255).astype(np.uint8), "RGB").save(os.path.join(folder, f"drift{index + 1}.png"))


make_drift(os.path.join(here, "drift"))
os.makedirs(out, exist_ok=True)
for name, arguments in CASES.items():
    gif = os.path.join(out, name + ".gif")
    subprocess.run([flipbook, "assemble", *arguments, "-o", gif, "--overwrite"], cwd=root, check=True, capture_output=True)
    decoded = {"pillow": pillow_frames(gif)}
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "ffmpeg"))
        decoded["ffmpeg"] = tool_frames(["ffmpeg", "-v", "error", "-i", gif, "-fps_mode", "passthrough", "-pix_fmt", "rgba",
                                         os.path.join(work, "ffmpeg", "%d.png")], os.path.join(work, "ffmpeg"))
        os.makedirs(os.path.join(work, "magick"))
        decoded["imagemagick"] = tool_frames(["convert", gif, "-coalesce", "PNG32:" + os.path.join(work, "magick", "%d.png")],
                                             os.path.join(work, "magick"))
        for decoder, frames in decoded.items():
            strip(frames).save(os.path.join(out, f"{name}.{decoder}.png"), optimize=True)
    image = Image.open(gif)
    delays = []
    for index in range(image.n_frames):
        image.seek(index)
        delays.append(int(round(image.info.get("duration", 0) / 10)))
    with open(os.path.join(out, name + ".json"), "w") as handle:
        json.dump({"arguments": arguments, "frames": image.n_frames, "width": image.width, "height": image.height,
                   "delays": delays, "loop": image.info.get("loop")}, handle, indent=1, sort_keys=True)
        handle.write("\n")
    print(name, image.n_frames, "frames,", os.path.getsize(gif), "bytes;", {k: len(v) for k, v in decoded.items()})
