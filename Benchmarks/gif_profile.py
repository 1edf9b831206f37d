#!/usr/bin/env python3
"""Where `flipbook assemble` spends its CPU on a GIF, stage by stage (dev-time only; issue 48).

    python3 Benchmarks/gif_profile.py FLIPBOOK FOLDER [--fps F] [--quality Q] [--frequency HZ]

Samples the whole process (every thread) with `perf record -e cpu-clock` (a software clock: it
works where hardware counters are not exposed, as on the shared build machines) and sorts the
samples into the encoder's stages by the function they fell in:

  decode        libpng, zlib and Raster's PNG reader (on the frame workers)
  soft alpha    AlphaFlattener: the rim, the light shares, the coverage floor, small shapes,
                the dither (on the frame workers; resolving the hysteresis on the encoding thread)
  palette       ColorRefiner, Quantizer (k-means), PalettePlanner, NearestCenter, the colour
                histograms and palette maps (encoding thread and its parallel loops)
  frame diff    FrameDiff: changed rectangles, the region a disposal clears, the screen
  LZW choice    FrameDiff.chosenIndices and LZWChooser (standard's lossy choice; encoding thread)
  LZW write     giflib's encoder (its own thread)
  kernel        page faults, scheduling, system calls
  other         the Swift runtime, malloc, the dynamic loader and the rest

Needs `perf` (Debian's linux-perf). Release builds only: a debug build's profile says nothing.
Prints percentages of all samples; the sample count (at HZ per second of CPU) gives the CPU time.
"""
import argparse
import collections
import re
import subprocess
import sys
import tempfile

STAGES = [
    ("decode", r"libpng|libz\.|PNG|LibPNG|inflate|adler|crc32"),
    ("soft alpha", r"AlphaFlattener"),
    ("LZW choice", r"chosenIndices|LZWChooser"),
    ("LZW write", r"libgif|GIFLib|WriterThread"),
    # Before frame diff: ColorRefiner.target's mangled name holds its result type, FrameDiff.Target.
    ("palette", r"ColorRefiner|Quantizer|PalettePlanner|NearestCenter|NearestCache|ColorHistogram|PaletteMap"),
    ("frame diff", r"FrameDiff|MergedFrames"),
    ("kernel", r"\[kernel"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("flipbook")
    parser.add_argument("folder")
    parser.add_argument("--fps", default="30")
    parser.add_argument("--quality", default="standard")
    parser.add_argument("--frequency", default="2000")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        data = f"{scratch}/perf.data"
        command = [args.flipbook, "assemble", args.folder, "-o", f"{scratch}/out.gif", "--fps", args.fps,
                   "--quality", args.quality]
        subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", args.frequency, "-o", data, "--", *command],
                       check=True, stdout=subprocess.DEVNULL)
        report = subprocess.run(["perf", "report", "-i", data, "--stdio", "--sort", "dso,sym", "-g", "none"],
                                check=True, capture_output=True, text=True).stdout
    samples = re.search(r"# Samples: (\S+)", report)
    totals = collections.Counter()
    for line in report.splitlines():
        match = re.match(r"\s+([\d.]+)%\s+(\S+)\s+(.*)", line)
        if not match:
            continue
        where = match.group(2) + " " + match.group(3)
        stage = next((name for name, pattern in STAGES if re.search(pattern, where)), "other")
        totals[stage] += float(match.group(1))
    print(f"{args.folder}: {samples.group(1) if samples else '?'} samples at {args.frequency} Hz")
    for stage, share in totals.most_common():
        print(f"  {share:5.1f} %  {stage}")


if __name__ == "__main__":
    sys.exit(main())
