"""The native engines of the engine check: libGDX's own TextureAtlas code (DumpAtlas, Java, run once
on every .atlas; it prints the quads SpriteBatch would get) and Godot 3 headless (godot3-server; each
.tres loaded by check.gd in a throwaway project). Both print JSON that readers.py turns into drawn
frames; the by-format runs of both engines are here, the by-engine ones in by_engine.py."""

import json
import os
import shutil
import subprocess

import readers
from judge import judge_drawn, judge_godot
from sheets import HERE, REPO, VENDOR, collect_by_format, find_program, seq_key


# ---------------------------------------------------------------------------------------------
# libGDX

LIBGDX_CLASSES = os.path.join(VENDOR, "libgdx", "classes")


def run_libgdx(ctx, optsets, prelude, fixtures_for):
    todo_all = collect_by_format(optsets, prelude, "libgdx")
    if not todo_all:
        return
    for row, fx, label, data, sc, pixel, optname, dump in libgdx_dumps(todo_all):
        if dump is not None:
            judge_drawn(ctx, row, fx, dump[1], optname, sc, pixel, label)


def libgdx_dumps(todo_all):
    """Runs libGDX's own atlas code (DumpAtlas) on every (row, fx, label, data, sc, pixel, optname)
    and yields each with (dump, drawn frames), or None after recording the failure on its row."""
    if not os.path.exists(os.path.join(LIBGDX_CLASSES, "DumpAtlas.class")):
        for row, *_ in todo_all:
            row.status = "error"
            row.reason = ("libGDX's TextureAtlas is not prepared in %s (see README: vendor/libgdx)" % os.path.relpath(LIBGDX_CLASSES, REPO))
        return
    r = subprocess.run(["java", "-cp", LIBGDX_CLASSES, "DumpAtlas"] + [t[3] for t in todo_all], capture_output=True, text=True)
    dumps = {}
    for line in r.stdout.splitlines():
        try:
            d = json.loads(line)
            dumps[d["atlas"]] = d
        except ValueError:
            pass
    for row, fx, label, data, sc, pixel, optname in todo_all:
        d = dumps.get(data)
        drawn = None
        if d is None:
            row.checked += 1
            row.fail("%s%s: DumpAtlas printed nothing (%s)" % (fx.name, label, r.stderr[-200:]))
        else:
            try:
                pma = any(p.get("pma") for p in d.get("pages", []))
                drawn = readers.libgdx_frames_from_dump(d, os.path.dirname(data), pma)
            except (readers.ReadError, OSError) as ex:
                row.checked += 1
                row.fail("%s%s: %s" % (fx.name, label, ex))
        yield row, fx, label, data, sc, pixel, optname, (d, drawn) if drawn is not None else None
        # animation order: findRegions(name) returns regions in file order
        for seq, names in fx.sequences.items():
            got = [r["index"] for r in d["regions"] if r["name"] == seq]
            want = [seq_key(n)[1] for n in names]
            if got and got != want:
                row.notes.append("%s%s: findRegions(%r) order %s, want %s" % (fx.name, label, seq, got, want))


# ---------------------------------------------------------------------------------------------
# Godot 3

GODOT3_DIR = os.path.join(HERE, "godot3")


def find_godot3():
    return find_program("godot3-server", "godot3", "godot-server")


_godot_counter = [0]


def godot3_dump(godot, tres_files, workdir):
    """Runs each .tres through Godot 3: the sheet's folder becomes the root of a throwaway project
    (a data file that says res://sheet.png means "sheet.png at the project root"), the editor pass
    imports the PNG pages (runtime loading of res://…png needs the .import), then check.gd loads the
    SpriteFrames with Godot's own ResourceLoader. Returns {tres_path: (dump, project_dir, res_path)}."""
    out = {}
    raw = []
    env = dict(os.environ, HOME=os.path.join(workdir, "godot3-home"))
    for t in tres_files:
        _godot_counter[0] += 1
        proj = os.path.join(workdir, "godot3-projects", "p%03d" % _godot_counter[0])
        shutil.rmtree(proj, ignore_errors=True)
        shutil.copytree(os.path.dirname(t), proj)
        shutil.copy(os.path.join(GODOT3_DIR, "project.godot"), proj)
        shutil.copy(os.path.join(GODOT3_DIR, "check.gd"), proj)
        res_path = "res://" + os.path.basename(t)
        with open(os.path.join(proj, "list.txt"), "w") as f:
            f.write(res_path + "\n")
        subprocess.run([godot, "--no-window", "--path", proj, "-e", "--quit"], capture_output=True, text=True, env=env, timeout=300)
        r = subprocess.run([godot, "--no-window", "--path", proj, "-s", "check.gd"], capture_output=True, text=True, env=env, timeout=300)
        raw.append(r.stdout + r.stderr)
        for line in r.stdout.splitlines():
            if line.startswith("FLIPBOOK_CHECK "):
                d = json.loads(line[len("FLIPBOOK_CHECK "):])
                out[t] = (d, proj, d["path"])
        # Godot prints load errors (missing ext_resource, bad format) on stderr
        errs = [l for l in r.stderr.splitlines() if "ERROR" in l]
        if t in out and errs:
            out[t][0].setdefault("stderr", errs[:4])
    return out, "\n".join(raw)


def run_godot3(ctx, optsets, prelude, outdir):
    todo_all = collect_by_format(optsets, prelude, "godot3")
    if not todo_all:
        return
    godot = find_godot3()
    if not godot:
        for row, *_ in todo_all:
            row.status, row.reason = "error", "godot3-server not installed"
        return
    dumps, raw = godot3_dump(godot, [t[3] for t in todo_all], outdir)
    for row, fx, label, data, sc, pixel, optname in todo_all:
        got = dumps.get(data)
        if got is None:
            row.fail("%s%s: Godot printed nothing for %s" % (fx.name, label, os.path.basename(data)))
            continue
        d, proj, respath = got
        if d.get("error"):
            row.fail("%s%s: %s" % (fx.name, label, d["error"]))
            continue
        frames = []
        anims = {}
        for a in d["animations"]:
            anims[a["name"]] = {"speed": a["speed"], "loop": a["loop"], "frames": a["frames"]}
            for i, f in enumerate(a["frames"]):
                frames.append(dict(f, name="%s#%d" % (a["name"], i)))
        try:
            drawn = readers.godot_frames_from_dump(frames, proj)
        except (readers.ReadError, OSError) as ex:
            row.fail("%s%s: %s" % (fx.name, label, ex))
            continue
        judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label)


def godot3_selftest(outdir):
    """Runs the Godot 3 loader on the hand-written sample (godot3/sample) and checks it against the
    sample's own sources; returns (ok, message)."""
    godot = find_godot3()
    if not godot:
        return False, "godot3-server not installed"
    sample = os.path.join(GODOT3_DIR, "sample", "sheet.tres")
    dumps, raw = godot3_dump(godot, [sample], outdir)
    return sample in dumps, json.dumps(dumps.get(sample, (None,))[0])[:2000] if sample in dumps else raw[-2000:]
