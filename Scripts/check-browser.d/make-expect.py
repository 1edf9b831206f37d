#!/usr/bin/env python3
"""make-expect.py — write an EXPECT.json for check-browser from a folder of numbered PNG frames.

Usage: make-expect.py FOLDER FPS [-o EXPECT.json] [--loop N] [--absolute]

Frames are ordered by the number at the end of the file name (an `@2x`-style suffix is ignored),
not lexically: waitIndicatorGraphic-2@2x.png comes before waitIndicatorGraphic-10@2x.png. Every
frame lasts 1/FPS s (FPS may be a fraction such as 30000/1001). Paths in the JSON are relative
to the JSON file's folder unless --absolute. Default output: stdout.
"""
import argparse
import glob
import json
import os
import re
import sys
from fractions import Fraction


def frame_number(path):
    stem = re.sub(r"@\d+(\.\d+)?x$", "", os.path.splitext(os.path.basename(path))[0])
    m = re.search(r"(\d+)$", stem)
    if not m:
        raise SystemExit("make-expect: %s has no frame number at the end of its name" % path)
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("fps", type=Fraction)
    ap.add_argument("-o", "--output")
    ap.add_argument("--loop", type=int, default=0)
    ap.add_argument("--absolute", action="store_true")
    a = ap.parse_args()

    frames = sorted(glob.glob(os.path.join(a.folder, "*.png")), key=frame_number)
    if not frames:
        raise SystemExit("make-expect: no PNG frames in %s" % a.folder)
    nums = [frame_number(f) for f in frames]
    if len(set(nums)) != len(nums):
        raise SystemExit("make-expect: two frames share a number in %s" % a.folder)
    base = os.path.dirname(os.path.abspath(a.output)) if a.output else os.getcwd()
    paths = [os.path.abspath(f) if a.absolute else os.path.relpath(os.path.abspath(f), base) for f in frames]
    doc = {"frames": paths, "durations": [float(1 / a.fps)] * len(frames), "loop": a.loop}
    text = json.dumps(doc, indent=1) + "\n"
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
