"""Engine mode of the engine check (the default): for every engine × option set it runs
`flipbook sheet SRC -o DIR/s.png --engine E [options]` and loads what flipbook wrote with that
engine's own loader, as the line flipbook prints says:

  phaser3   Phaser 3 load.atlas (one page) or load.multiatlas (several: the JSON has `textures`)
  pixi      PixiJS 8 Assets.load('s.json' or 's-0.json'; follows meta.related_multi_packs)
  aseprite  Phaser 3 load.aseprite + anims.createFromAseprite (frame i of a tag is texture frame
            String(i), mapped back to its source file by the frame's `filename`)
  godot3    Godot 3 headless, the .tres loaded from a sub-folder of the project so that its page
            path (relative, as written) has to be resolved against the .tres
  godot4, cocos2d, spritekit   the strict readers in readers.py
  libgdx    libGDX's own TextureAtlas code (DumpAtlas.java)

flipbook exit 2 = the engine refuses that option set: the row says "refused: <first line of stderr>"
and is not a failure. Everything else that does not load or draw as the source is a failure."""

import glob
import json
import os
import re
import shutil
import subprocess
import time

import browser
import judge
import native
import raster
import readers
import report
from sheets import REPO, expected_frames, log, multipack_flags, seq_key

ENGINES = ["phaser3", "pixi", "aseprite", "godot3", "godot4", "cocos2d", "libgdx", "spritekit"]
KIND = {"phaser3": "Phaser 3.55.2", "pixi": "PixiJS 8.20.0", "aseprite": "Phaser 3.55.2 createFromAseprite",
        "godot3": "Godot 3 (godot3-server)", "godot4": "reader", "cocos2d": "reader", "libgdx": "libGDX TextureAtlas",
        "spritekit": "reader, not engine"}
BROWSER = {"phaser3": "phaser", "aseprite": "phaser", "pixi": "pixi"}


class Row(report.Row):
    def __init__(self, *k):
        super().__init__(*k)
        self.anims = 0        # animations checked (not counted in frames checked)
        self.loaders = []     # how the sheets were loaded, e.g. "load.multiatlas(s.json)"

    def loaded(self, how):
        if how not in self.loaders:
            self.loaders.append(how)


class Ctx(report.Ctx):
    def row(self, engine, variant, fmt, optset):
        k = (engine, variant, fmt, optset)
        if k not in self.rows:
            self.rows[k] = Row(*k)
        return self.rows[k]


def make_sheet(fb, engine, fixture, optname, flags, outdir):
    d = os.path.join(outdir, "sheets", engine, optname, fixture.name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    cmd = [fb.path, "sheet", fixture.dir, "-o", os.path.join(d, "s.png"), "--engine", engine] + flags
    r = subprocess.run(cmd, capture_output=True, text=True)
    return {"dir": d, "cmd": " ".join(cmd[1:]).replace(REPO + "/", ""), "rc": r.returncode,
            "stderr": r.stderr.strip(), "stdout": r.stdout.strip()}


def variants(info, engine, fixture, optname):
    """[(label, [data paths], scale or None, pixel_checked)] for one sheet."""
    d = info["dir"]
    if engine == "spritekit":
        scales = [(1, fixture.has_scale(1)), (2, fixture.has_scale(2))] if optname == "scales1,2" else [(None, True)]
        return [("" if sc is None else "@%dx" % sc, [os.path.join(d, "s.atlasc")], sc, px) for sc, px in scales]
    bases = [("@1x", "s", 1, fixture.has_scale(1)), ("@2x", "s@2x", 2, fixture.has_scale(2))] \
        if optname == "scales1,2" else [("", "s", None, True)]
    ext = {"godot3": ".tres", "godot4": ".tres", "cocos2d": ".plist", "libgdx": ".atlas"}.get(engine, ".json")
    out = []
    for label, b, sc, px in bases:
        one = os.path.join(d, b + ext)
        if os.path.exists(one):
            paths = [one]
        else:
            pages = glob.glob(os.path.join(d, b + "-*" + ext))
            pages.sort(key=lambda p: int(re.findall(r"-(\d+)\.[a-z]+$", p)[0]))
            paths = pages if engine == "cocos2d" else pages[:1]   # pixi: s-0.json links the others
            if not paths:
                paths = [one]
        out.append((label, paths, sc, px))
    return out


def first_line(s):
    lines = [l for l in (s or "").splitlines() if l.strip()]
    return lines[0].strip() if lines else ""


def run(args, fb, fixtures, scales_fixture, optsets, engines, outdir, t0):
    ctx = Ctx(outdir)
    fixtures_for = lambda optname: [scales_fixture] if optname == "scales1,2" else fixtures  # noqa: E731

    # 1. sheets (flipbook runs one at a time)
    sheets = {}
    for e in engines:
        for optname, flags in optsets:
            for fx in fixtures_for(optname):
                fl = multipack_flags(fx) if flags is None else flags
                sheets[(e, optname, fx.name)] = make_sheet(fb, e, fx, optname, fl, outdir)
    log("sheets: %d flipbook runs in %.1fs" % (len(sheets), time.time() - t0))

    def prelude(engine, variant, optname):
        row = ctx.row(engine, variant, engine, optname)
        todo, refused = [], []
        for fx in fixtures_for(optname):
            info = sheets[(engine, optname, fx.name)]
            if info["rc"] == 2:
                refused.append((fx, first_line(info["stderr"])))
            elif info["rc"] != 0:
                row.status = "error"
                row.reason = "flipbook exit %d: %s (%s)" % (info["rc"], info["stderr"][-300:], info["cmd"])
                return row, None
            else:
                todo.append((fx, info))
        if refused and not todo:
            msgs = sorted(set(m for _, m in refused))
            row.status, row.reason = "refused", " / ".join(msgs)
            return row, None
        for fx, m in refused:
            row.notes.append("%s: refused (%s) while other fixtures were accepted" % (fx.name, m))
        # flipbook warns (stderr "warning: … Canvas renderer …") where it knows an engine's renderer
        # draws an accepted option imperfectly: that renderer's row is still run and shown, as "warned".
        warned = sorted(set(line.split("warning:", 1)[1].strip() for _, info in todo
                            for line in info["stderr"].splitlines() if "warning:" in line))
        if warned and variant == "canvas" and any("Canvas renderer" in w for w in warned):
            row.warned = " / ".join(warned)
        if optname == "scales1,2" and not scales_fixture.has_scale(1):
            row.notes.append("%s has only @2x sources: the @1x sheet is checked for frame names and sizes only" % scales_fixture.name)
        return row, todo

    # 2. browser engines: one Chromium per engine page × renderer
    for page in ("phaser", "pixi"):
        es = [e for e in engines if BROWSER.get(e) == page]
        if not es:
            continue
        for renderer in ("canvas", "webgl"):
            jobs, meta = [], {}
            for e in es:
                for optname, _ in optsets:
                    row, todo = prelude(e, renderer, optname)
                    if todo is None:
                        continue
                    for fx, info in todo:
                        for label, paths, sc, pixel in variants(info, e, fx, optname):
                            data = paths[0]
                            if not os.path.exists(data):
                                row.checked += 1
                                row.fail("%s%s: %s not written (%s)" % (fx.name, label, os.path.basename(data), info["cmd"]))
                                continue
                            dj = json.load(open(data))
                            job = browser_job(len(jobs), e, fx, optname, sc, data, dj, outdir)
                            row.loaded(job["how"])
                            jobs.append(job)
                            meta[job["id"]] = (e, row, fx, label, data, sc, pixel, dj, optname)
            if not jobs:
                continue
            log("%s/%s: %d sheets in headless Chromium…" % (page, renderer, len(jobs)))
            t1 = time.time()
            try:
                col = browser.run_browser(page, renderer, jobs, outdir, args.browser_timeout)
            except Exception as ex:  # noqa: BLE001
                for m in meta.values():
                    m[1].status, m[1].reason = "error", str(ex)
                continue
            log("  %.1fs; %s" % (time.time() - t1, "; ".join(col.logs[:3])))
            if col.done_info:
                ctx.versions = getattr(ctx, "versions", {})
                ctx.versions[page] = col.done_info.get("version")
            for jid, (e, row, fx, label, data, sc, pixel, dj, optname) in meta.items():
                res = browser.page_result(col, jid, row, fx, label)
                if res is None:
                    continue
                if e == "aseprite":
                    judge_aseprite(ctx, row, fx, jobs[jid], res, col, pixel, dj, label, sc, optname)
                else:
                    browser.judge_browser_job(ctx, page, row, fx, jobs[jid], res, col, pixel, dj, e, optname, label)

    # 3. libGDX
    if "libgdx" in engines:
        run_libgdx(ctx, optsets, prelude)

    # 4. Godot 3
    if "godot3" in engines:
        run_godot3(ctx, optsets, prelude, outdir)

    # 5. readers
    for engine in ("godot4", "cocos2d", "spritekit"):
        if engine not in engines:
            continue
        for row, fx, label, paths, sc, pixel, optname in collect(optsets, prelude, engine):
            try:
                if engine == "godot4":
                    row.loaded("readers.godot4_frames(%s)" % os.path.basename(paths[0]))
                    drawn, anims = readers.godot4_frames(paths[0])
                    judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label)
                    continue
                drawn = []
                for p in paths:
                    if engine == "cocos2d":
                        got, _ = readers.cocos2d_frames(p)
                    else:
                        got, _ = readers.spritekit_frames(p)
                        if sc is not None:
                            got = [g for g in got if getattr(g, "scale", 1) == sc]
                    drawn += got
                row.loaded("readers.%s_frames(%s)" % (engine, "+".join(os.path.basename(p) for p in paths)))
            except (readers.ReadError, OSError, KeyError, ValueError, TypeError) as ex:
                row.checked += 1
                row.fail("%s%s: cannot read: %s" % (fx.name, label, ex))
                continue
            judge.judge_drawn(ctx, row, fx, drawn, optname, sc, pixel, label, name_of=lambda n: re.sub(r"\.png$", "", n))
    return ctx


def browser_job(jid, engine, fx, optname, sc, data, dj, outdir):
    m = dj.get("meta", {}) if isinstance(dj, dict) else {}
    rel = os.path.relpath(os.path.dirname(data), os.path.join(outdir, "sheets")).replace(os.sep, "/")
    base = os.path.basename(data)
    exp = expected_frames(fx, optname, sc)
    if engine == "aseprite":
        kind, how = "aseprite", "load.aseprite(%s) + createFromAseprite" % base
        sizes = {n: (w, h) for n, w, h in exp}
        frames = []
        for k, f in (dj.get("frames") or {}).items():
            src = re.sub(r"@\dx$", "", str(f.get("filename", "")))
            w, h = sizes.get(src, ((f.get("sourceSize") or {}).get("w", 1), (f.get("sourceSize") or {}).get("h", 1)))
            frames.append({"name": k, "sw": w, "sh": h})
    else:
        if engine == "phaser3":
            kind = "multiatlas" if isinstance(dj, dict) and "textures" in dj else "atlas"
            how = "load.%s(%s)" % (kind, base)
        else:
            kind, how = "atlas", "Assets.load(%s)" % base
        frames = [{"name": n, "sw": w, "sh": h} for n, w, h in exp]
    return {"id": jid, "kind": kind, "how": how, "base": "/sheets/" + rel + "/", "json": base,
            "png": m.get("image", "s.png"), "premultiplied": bool(m.get("premultipliedAlpha")),
            "frames": frames, "W": max([f["sw"] for f in frames] + [1]), "H": max([f["sh"] for f in frames] + [1])}


def judge_aseprite(ctx, row, fx, job, res, col, pixel, dj, label, sc, optname):
    frames = dj.get("frames")
    if not isinstance(frames, dict):
        row.checked += 1
        row.fail("%s%s: frames is a %s; createFromAseprite looks up frames[String(i)]" % (fx.name, label, type(frames).__name__))
        return
    keys = list(frames)
    if keys != [str(i) for i in range(len(keys))]:
        row.fail("%s%s: frames are keyed %s, not \"0\"…\"%d\"" % (fx.name, label, keys[:5], len(keys) - 1))
    src_of = {k: re.sub(r"@\dx$", "", str(frames[k].get("filename", ""))) for k in keys}
    exp = {n for n, _, _ in expected_frames(fx, optname, sc)}
    for n in sorted(exp - set(src_of.values())):
        row.checked += 1
        row.fail("%s%s/%s: no frame has filename %r" % (fx.name, label, n, n))
    missing = set(res.get("missing", []))
    for k in keys:
        src = src_of[k]
        row.checked += 1
        if src not in exp:
            row.fail("%s%s: frame %s has filename %r, which is no source file" % (fx.name, label, k, src))
            continue
        if k in missing:
            row.fail("%s%s: Phaser's texture has no frame %r (%s)" % (fx.name, label, k, src))
            continue
        if not pixel:
            continue
        got = col.frames.get((job["id"], k))
        row.checked -= 1
        if got is None:
            row.checked += 1
            row.fail("%s%s/%s: no pixels came back for frame %s" % (fx.name, label, src, k))
            continue
        ctx.check_frame(row, fx, src, got[0], got[1])
    # animations: one per meta.frameTags entry, frames String(from)…String(to), durations from the data
    anims = {a["key"]: a for a in (res.get("anims") or [])}
    tags = (dj.get("meta") or {}).get("frameTags") or []
    if not tags:
        row.fail("%s%s: meta.frameTags is empty, createFromAseprite makes no animation" % (fx.name, label))
    tag_names = set()
    for t in tags:
        row.anims += 1
        name, lo, hi = t.get("name"), int(t.get("from", 0)), int(t.get("to", -1))
        tag_names.add(name)
        a = anims.get(name)
        want = [str(i) for i in range(lo, hi + 1)]
        if a is None:
            row.fail("%s%s: createFromAseprite made no animation %r (made: %s)" % (fx.name, label, name, ", ".join(anims) or "none"))
            continue
        got = [str(f["frame"]) for f in a["frames"]]
        if got != want:
            row.fail("%s%s: animation %r has frames %s, want %s (to−from+1 = %d)" % (fx.name, label, name, got, want, hi - lo + 1))
            continue
        want_dur = [frames.get(k, {}).get("duration") for k in want]
        got_dur = [round((a.get("msPerFrame") or 0) + f["duration"]) for f in a["frames"]]
        if want_dur != got_dur:
            row.fail("%s%s: animation %r durations %s, want %s" % (fx.name, label, name, got_dur, want_dur))
        seq = fx.sequences.get(name)
        if seq is not None and [src_of.get(k) for k in want] != seq:
            row.fail("%s%s: animation %r plays %s, the sequence is %s" % (fx.name, label, name, [src_of.get(k) for k in want], seq))
    for seq in fx.sequences:
        if seq not in tag_names:
            row.fail("%s%s: no frameTag for the sequence %r" % (fx.name, label, seq))


def judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label):
    row.anims += len(anims)
    judge.judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label)


def collect(optsets, prelude, engine, loaded=None):
    """Every sheet of `engine` to load, over the option sets it accepted: (row, fixture, label,
    data files, scale, pixel-checked, option set); `loaded` names the loading call on the row."""
    todo_all = []
    for optname, _ in optsets:
        row, todo = prelude(engine, "", optname)
        if todo is None:
            continue
        for fx, info in todo:
            for label, paths, sc, pixel in variants(info, engine, fx, optname):
                if loaded:
                    row.loaded(loaded % os.path.basename(paths[0]))
                todo_all.append((row, fx, label, paths, sc, pixel, optname))
    return todo_all


def first_paths(todo):
    """`collect`'s sheets with only their first data file (engines that read one)."""
    return [(row, fx, label, paths[0], sc, pixel, optname) for row, fx, label, paths, sc, pixel, optname in todo]


def run_libgdx(ctx, optsets, prelude):
    todo_all = first_paths(collect(optsets, prelude, "libgdx", "TextureAtlas(%s)"))
    if not todo_all:
        return
    for row, fx, label, data, sc, pixel, optname, dump in native.libgdx_dumps(todo_all):
        if dump is None:
            continue
        d, drawn = dump
        judge.judge_drawn(ctx, row, fx, drawn, optname, sc, pixel, label)
        for seq, names in fx.sequences.items():
            row.anims += 1
            got = [x["index"] for x in d["regions"] if x["name"] == seq]
            want = [seq_key(n)[1] for n in names]
            if got != want:
                row.fail("%s%s: findRegions(%r) gives indexes %s, want %s" % (fx.name, label, seq, got, want))


def run_godot3(ctx, optsets, prelude, outdir):
    """Each .tres is loaded from res://sheet/<name>.tres (a sub-folder), so the ext_resource path
    flipbook writes relative to the .tres (path="s.png") must be resolved by Godot against the
    .tres's folder, not against res://."""
    todo_all = first_paths(collect(optsets, prelude, "godot3", "ResourceLoader.load(res://sheet/%s)"))
    if not todo_all:
        return
    godot = native.find_godot3()
    if not godot:
        for row, *_ in todo_all:
            row.status, row.reason = "error", "godot3-server not installed"
        return
    env = dict(os.environ, HOME=os.path.join(outdir, "godot3-home"))
    for n, (row, fx, label, data, sc, pixel, optname) in enumerate(todo_all):
        proj = os.path.join(outdir, "godot3-projects", "p%03d" % n)
        shutil.rmtree(proj, ignore_errors=True)
        shutil.copytree(os.path.dirname(data), os.path.join(proj, "sheet"))
        shutil.copy(os.path.join(native.GODOT3_DIR, "project.godot"), proj)
        shutil.copy(os.path.join(native.GODOT3_DIR, "check.gd"), proj)
        with open(os.path.join(proj, "list.txt"), "w") as f:
            f.write("res://sheet/" + os.path.basename(data) + "\n")
        subprocess.run([godot, "--no-window", "--path", proj, "-e", "--quit"], capture_output=True, text=True, env=env, timeout=300)
        r = subprocess.run([godot, "--no-window", "--path", proj, "-s", "check.gd"], capture_output=True, text=True, env=env, timeout=300)
        d = None
        for line in r.stdout.splitlines():
            if line.startswith("FLIPBOOK_CHECK "):
                d = json.loads(line[len("FLIPBOOK_CHECK "):])
        # Godot's own start-up noise on a machine without locales is no loading error
        errs = [l.strip() for l in (r.stdout + r.stderr).splitlines() if "ERROR" in l and "locale" not in l.lower()]
        if d is None or d.get("error"):
            row.checked += 1
            row.fail("%s%s: Godot 3: %s %s" % (fx.name, label, (d or {}).get("error", "printed nothing"), " | ".join(errs[:3])))
            continue
        if errs:
            row.fail("%s%s: Godot 3 printed errors while loading: %s" % (fx.name, label, " | ".join(errs[:3])))
        frames, anims = [], {}
        for a in d["animations"]:
            anims[a["name"]] = {"speed": a["speed"], "loop": a["loop"], "frames": a["frames"]}
            atl = sorted(set(f.get("atlas", "") for f in a["frames"]))
            note = "%s%s: animation %r pages as Godot resolved them: %s" % (fx.name, label, a["name"], ", ".join(atl))
            if note not in row.notes and len(row.notes) < 4:
                row.notes.append(note)
            for i, f in enumerate(a["frames"]):
                if f.get("error"):
                    row.fail("%s%s: %s frame %d: %s" % (fx.name, label, a["name"], i, f["error"]))
                    continue
                frames.append(dict(f, name="%s#%d" % (a["name"], i)))
        try:
            drawn = readers.godot_frames_from_dump(frames, proj)
        except (readers.ReadError, OSError) as ex:
            row.checked += 1
            row.fail("%s%s: %s" % (fx.name, label, ex))
            continue
        judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label)


def write_report(ctx, outdir, fb, elapsed, fixtures, optsets, engines):
    order = [o[0] for o in optsets]
    rows = sorted(ctx.rows.values(), key=lambda r: (ENGINES.index(r.engine), order.index(r.optset),
                                                     ["", "canvas", "webgl"].index(r.variant)))
    L = report.report_preamble(ctx, "flipbook engine check (by engine)", "  ·  `flipbook sheet SRC -o s.png --engine E [options]`",
                          fb, fixtures, elapsed, " \"refused\" = flipbook exit 2 for that engine (not a failure).")
    L.append("| engine | renderer | option set | loaded with | frames checked | anims checked | failed | result / first failure |")
    L.append("|---|---|---|---|---:|---:|---:|---|")
    for r in rows:
        res = r.result_text(500)
        how = ", ".join(r.loaders)
        L.append("| %s | %s | %s | %s | %d | %d | %d | %s |" % (
            r.engine, r.variant or "—", r.optset, how.replace("|", "\\|") or "—", r.checked, r.anims, r.failed, res))
    fails = [r for r in rows if r.status not in ("refused",) and (r.failed or r.status == "error")
             and not (getattr(r, "warned", None) and r.status != "error")]
    L.append("")
    L.append("Rows: %d; refused: %d; failing: %d." % (len(rows), sum(1 for r in rows if r.status == "refused"), len(fails)))
    notes = [(r, n) for r in rows for n in r.notes]
    if notes:
        L += ["", "## Notes (not counted as failures)", ""]
        seen = set()
        for r, n in notes:
            if (r.engine, r.optset, n) in seen:
                continue
            seen.add((r.engine, r.optset, n))
            L.append("- %s %s %s: %s" % (r.engine, r.variant, r.optset, n.replace("\n", " ")[:400]))
    text = "\n".join(L) + "\n"
    with open(os.path.join(outdir, "report.md"), "w") as f:
        f.write(text)
    with open(os.path.join(outdir, "results.json"), "w") as f:
        json.dump({"mode": "engine", "flipbook": fb.path, "elapsed_s": round(elapsed, 1),
                   "tolerance": {"alpha": raster.TOL_ALPHA, "premultiplied_colour": raster.TOL_COLOUR},
                   "engines": getattr(ctx, "versions", {}),
                   "rows": [dict(r.as_dict(), kind=KIND.get(r.engine, ""), anims_checked=r.anims, loaded_with=r.loaders)
                            for r in rows]}, f, indent=1)
    print(text)
    return fails
