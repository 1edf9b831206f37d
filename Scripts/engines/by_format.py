"""--by-format mode of the engine check (the older one): for every `flipbook sheet --format F` ×
option set it makes the sheets and loads each with the engines that read that format:

  json-hash, json-array   Phaser 3 load.atlas (load.multiatlas for multipack) and PixiJS 8 Assets.load
  aseprite                Phaser 3 load.aseprite + anims.createFromAseprite
  libgdx                  libGDX's own TextureAtlas code (DumpAtlas.java)
  godot3                  Godot 3 headless
  cocos2d, spritekit, godot4   the strict readers in readers.py

A format flipbook does not write gives one "not-written" row. For cocos2d, Godot 3 and Godot 4 the
run also has "selftest" rows (selftest.py): a json-hash sheet converted into that format and checked
by the same loader."""

import json
import os
import re
import time

import raster
import readers
from browser import judge_browser_job, page_result, run_browser
from judge import judge_drawn, judge_godot
from native import run_godot3, run_libgdx
from report import Ctx, report_preamble
from selftest import run_selftest
from sheets import (ALL_ENGINES, ENGINE_FORMATS, ENGINE_KIND, OPTION_SETS, collect_by_format, expected_frames, log,
                    make_sheet, multipack_flags, sheet_variants)


def run(args, fb, fixtures, scales_fixture, optsets, engines, outdir, t0):
    ctx = Ctx(outdir)

    formats_needed = []
    for e in engines:
        for f in ENGINE_FORMATS[e]:
            if f not in formats_needed:
                formats_needed.append(f)

    # 1. sheets
    sheets = {}  # (fixture, fmt, optname) -> info
    support = {}
    for fmt in formats_needed:
        support[fmt] = fb.supports(fmt, outdir, fixtures[0].dir)
    log("flipbook %s: formats %s; --engine %s" % (args.flipbook, ",".join(fb.formats), "yes" if fb.has_engine_flag else "no"))
    for fmt in formats_needed:
        ok, how = support[fmt]
        if not ok:
            continue
        for optname, flags in optsets:
            fxs = [scales_fixture] if optname == "scales1,2" else fixtures
            for fx in fxs:
                fl = multipack_flags(fx) if flags is None else flags
                sheets[(fx.name, fmt, optname)] = make_sheet(fb, how, fx, fmt, optname, fl, outdir)
    log("sheets: %d made in %.1fs" % (len(sheets), time.time() - t0))

    def fixtures_for(optname):
        return [scales_fixture] if optname == "scales1,2" else fixtures

    def prelude(engine, variant, fmt, optname):
        """Creates the row; returns list of (fixture, info) to check, or None when the row is settled."""
        ok, how = support[fmt]
        if not ok:
            row = ctx.row(engine, variant, fmt, "(all)")
            row.status, row.reason = "not-written", how
            return row, None
        row = ctx.row(engine, variant, fmt, optname)
        if engine == "phaser" and optname == "premultiply":
            row.status = "skipped"
            row.reason = ("Phaser 3.55 cannot be told a page is premultiplied: WebGLRenderer.createTexture2D always "
                          "uploads with UNPACK_PREMULTIPLY_ALPHA_WEBGL=true, Canvas draws the PNG as straight alpha")
            return row, None
        todo = []
        for fx in fixtures_for(optname):
            info = sheets[(fx.name, fmt, optname)]
            if info["rc"] != 0:
                if optname == "premultiply" and info["rc"] in (1, 2):
                    row.status, row.reason = "refused", "flipbook refuses (exit %d): %s" % (info["rc"], info["stderr"].splitlines()[-1] if info["stderr"] else "")
                    return row, None
                row.status = "error"
                row.reason = "flipbook exit %d: %s" % (info["rc"], info["stderr"][-300:])
                return row, None
            todo.append((fx, info))
        if optname == "scales1,2" and not scales_fixture.has_scale(1):
            row.notes.append("%s has only @2x sources: the @1x sheet is checked for frame names only, @2x pixel by pixel" % scales_fixture.name)
        return row, todo

    # 2. browser engines
    for engine in [e for e in engines if e in ("phaser", "pixi")]:
        for renderer in ("canvas", "webgl"):
            jobs, meta = [], {}
            for fmt in ENGINE_FORMATS[engine]:
                for optname, _ in optsets:
                    row, todo = prelude(engine, renderer, fmt, optname)
                    if todo is None:
                        continue
                    for fx, info in todo:
                        for label, data, sc, pixel in sheet_variants(info, fmt, fx, optname):
                            if not os.path.exists(data):
                                row.fail("%s: %s not written" % (fx.name, os.path.basename(data)))
                                continue
                            dj = json.load(open(data))
                            m = dj.get("meta", {}) if isinstance(dj, dict) else {}
                            kind = "atlas"
                            if engine == "phaser" and fmt == "aseprite":
                                kind = "aseprite"
                            elif engine == "phaser" and optname == "multipack":
                                kind = "multiatlas"
                            exp = expected_frames(fx, optname, sc)
                            rel = os.path.relpath(os.path.dirname(data), os.path.join(outdir, "sheets")).replace(os.sep, "/")
                            job = {"id": len(jobs), "kind": kind, "base": "/sheets/" + rel + "/",
                                   "json": os.path.basename(data), "png": m.get("image", "sheet.png"),
                                   "premultiplied": bool(m.get("premultipliedAlpha")),
                                   "frames": [{"name": n, "sw": w, "sh": h} for n, w, h in exp],
                                   "W": max(w for _, w, _ in exp), "H": max(h for _, _, h in exp)}
                            jobs.append(job)
                            meta[job["id"]] = (row, fx, info, label, data, sc, pixel, dj, optname, fmt)
            if not jobs:
                continue
            log("%s/%s: %d sheets in headless Chromium…" % (engine, renderer, len(jobs)))
            t1 = time.time()
            try:
                col = run_browser(engine, renderer, jobs, outdir, args.browser_timeout)
            except Exception as ex:  # noqa: BLE001
                for row, *_ in meta.values():
                    row.status, row.reason = "error", str(ex)
                continue
            log("  %.1fs; %s" % (time.time() - t1, "; ".join(col.logs[:3])))
            if col.done_info:
                ctx.versions = getattr(ctx, "versions", {})
                ctx.versions[engine] = col.done_info.get("version")
            for jid, (row, fx, info, label, data, sc, pixel, dj, optname, fmt) in meta.items():
                res = page_result(col, jid, row, fx, label)
                job = jobs[jid]
                if res is None:
                    continue
                judge_browser_job(ctx, engine, row, fx, job, res, col, pixel, dj, fmt, optname, label)

    # 3. libGDX
    if "libgdx" in engines:
        run_libgdx(ctx, optsets, prelude, fixtures_for)

    # 4. Godot 3
    if "godot3" in engines:
        run_godot3(ctx, optsets, prelude, outdir)

    # 5. readers
    for engine, fn in (("cocos2d", readers.cocos2d_frames), ("spritekit", readers.spritekit_frames)):
        if engine not in engines:
            continue
        for row, fx, label, data, sc, pixel, optname in collect_by_format(optsets, prelude, ENGINE_FORMATS[engine][0], engine):
            try:
                drawn, _meta = fn(data)
            except (readers.ReadError, OSError, KeyError, ValueError) as ex:
                row.fail("%s%s: cannot read: %s" % (fx.name, label, ex))
                continue
            judge_drawn(ctx, row, fx, drawn, optname, sc, pixel, label, name_of=lambda n: re.sub(r"\.png$", "", n))
    if "godot4" in engines:
        for row, fx, label, data, sc, pixel, optname in collect_by_format(optsets, prelude, "godot4"):
            try:
                drawn, anims = readers.godot4_frames(data)
            except (readers.ReadError, OSError, KeyError, ValueError) as ex:
                row.fail("%s%s: cannot read: %s" % (fx.name, label, ex))
                continue
            judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label)

    # 5b. loader self-test for formats flipbook does not write yet: convert a json-hash sheet
    st_engines = [e for e in ("godot3", "cocos2d", "godot4") if e in engines and "json-hash" in fb.formats]
    if st_engines and not args.no_selftest:
        run_selftest(ctx, fb, fixtures, st_engines, outdir)
    return ctx


def write_report(ctx, outdir, fb, elapsed, fixtures, optsets, engines):
    rows = sorted(ctx.rows.values(), key=lambda r: (ALL_ENGINES.index(r.engine), r.variant, r.fmt,
                                                     ([o[0] for o in OPTION_SETS] + ["(all)"]).index(r.optset)))
    lines = report_preamble(ctx, "flipbook engine check", "", fb, fixtures, elapsed, "")
    lines.append("| engine | renderer | format | option set | frames checked | failed | result / first failure |")
    lines.append("|---|---|---|---|---:|---:|---|")
    for r in rows:
        eng = r.engine + ("" if ENGINE_KIND[r.engine] == "engine" else " (%s)" % ENGINE_KIND[r.engine])
        res = r.result_text(400)
        lines.append("| %s | %s | %s | %s | %d | %d | %s |" % (eng, r.variant or "—", r.fmt, r.optset, r.checked, r.failed, res))
    notes = [(r, n) for r in rows for n in r.notes]
    if notes:
        lines.append("")
        lines.append("## Notes (engine messages, not counted as failures)")
        lines.append("")
        seen = set()
        for r, n in notes:
            k = (r.engine, r.fmt, n)
            if k in seen:
                continue
            seen.add(k)
            lines.append("- %s %s %s %s: %s" % (r.engine, r.variant, r.fmt, r.optset, n.replace("\n", " ")[:400]))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(outdir, "report.md"), "w") as f:
        f.write(text)
    with open(os.path.join(outdir, "results.json"), "w") as f:
        json.dump({"flipbook": fb.path, "formats": fb.formats, "elapsed_s": round(elapsed, 1),
                   "tolerance": {"alpha": raster.TOL_ALPHA, "premultiplied_colour": raster.TOL_COLOUR},
                   "engines": getattr(ctx, "versions", {}), "rows": [r.as_dict() for r in rows]}, f, indent=1)
    print(text)
    return [r for r in rows if r.failed or r.status == "error"]
