#!/usr/bin/env python3
"""flipbook engine check: makes sheets with `flipbook sheet` from real fixtures for every format ×
option set, loads them in real engines (Phaser 3, PixiJS 8 in headless Chromium; libGDX's own
TextureAtlas parser; Godot 3 headless) and in strict readers (cocos2d-x, SpriteKit, Godot 4), draws
every frame at its logical origin and compares it with the source PNG. See README.md."""

# The command line only: the two modes are by_engine.py (the default) and by_format.py; README.md
# ("Files") says what each of the other modules holds.

import argparse
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import by_engine  # noqa: E402
import by_format  # noqa: E402
from sheets import ALL_ENGINES, FIXTURES, HERE, OPTION_SETS, REPO, SCALES_FIXTURE, Fixture, Flipbook  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--flipbook", default=os.path.join(REPO, ".build", "release", "flipbook"))
    ap.add_argument("--by-format", action="store_true",
                    help="the older mode: every --format × option set, loaded by the engines that read that format "
                         "(default: every --engine × option set, loaded as that engine loads it)")
    ap.add_argument("--engines", default="",
                    help="engine mode: %s; --by-format: %s" % (",".join(by_engine.ENGINES), ",".join(ALL_ENGINES)))
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--keep", action="store_true", help="keep the generated sheets (default: only failures and the report)")
    ap.add_argument("--option-sets", default="", help="comma-separated subset of option sets (default: all)")
    ap.add_argument("--fixtures", default="", help="comma-separated fixtures: folders of Tests/Fixtures/sequences, or "
                    "paths relative to Tests/Fixtures such as sprites/kenney-items (default: %s)" % ",".join(FIXTURES))
    ap.add_argument("--browser-timeout", type=float, default=300)
    ap.add_argument("--no-selftest", action="store_true", help="skip the loader self-test on converted json-hash sheets")
    args = ap.parse_args()

    t0 = time.time()
    known = ALL_ENGINES if args.by_format else by_engine.ENGINES
    engines = [e.strip() for e in args.engines.split(",") if e.strip()] or list(known)
    for e in engines:
        if e not in known:
            ap.error("unknown engine %s (known%s: %s)" % (e, " with --by-format" if args.by_format else "", ", ".join(known)))
    if not os.access(args.flipbook, os.X_OK):
        ap.error("no flipbook binary at %s (build it, or pass --flipbook PATH)" % args.flipbook)
    outdir = os.path.abspath(args.out)
    for sub in ("sheets", "failures"):
        shutil.rmtree(os.path.join(outdir, sub), ignore_errors=True)
    shutil.rmtree(os.path.join(outdir, "godot3-projects"), ignore_errors=True)
    os.makedirs(outdir, exist_ok=True)
    fb = Flipbook(args.flipbook)
    fixtures = [Fixture(n) for n in (args.fixtures.split(",") if args.fixtures else FIXTURES)]
    for fx in fixtures:
        if not fx.frames:
            ap.error("fixture %s: no PNGs in %s" % (fx.name, os.path.relpath(fx.dir, REPO)))
    scales_fixture = Fixture(SCALES_FIXTURE)
    optsets = [o for o in OPTION_SETS if not args.option_sets or o[0] in args.option_sets.split(",")]
    mode = by_format if args.by_format else by_engine
    if not args.by_format and not fb.has_engine_flag:
        ap.error("%s has no `sheet --engine`; use --by-format" % args.flipbook)
    ctx = mode.run(args, fb, fixtures, scales_fixture, optsets, engines, outdir, t0)
    fails = mode.write_report(ctx, outdir, fb, time.time() - t0, fixtures, optsets, engines)
    if not args.keep:
        shutil.rmtree(os.path.join(outdir, "sheets"), ignore_errors=True)
        shutil.rmtree(os.path.join(outdir, "godot3-projects"), ignore_errors=True)
    return 1 if fails else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
