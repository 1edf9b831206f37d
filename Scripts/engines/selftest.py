"""Self-test for the loaders whose format flipbook does not write yet (cocos2d plist format 3, Godot 3
and Godot 4 SpriteFrames): converts a flipbook json-hash sheet into each format by the rules in
README.md, so the same loader/reader code that will check flipbook's own output can be run today.
A pass here says the loader is ready and agrees with PixiJS's reading of the same sheet; it says
nothing about flipbook's future writers. run_selftest makes those sheets and checks them (the
"selftest" rows of --by-format)."""

import json
import os
import plistlib
import re
import shutil

import readers
from judge import judge_drawn, judge_godot
from native import find_godot3, godot3_dump
from sheets import make_sheet


def _frames(js):
    return js["frames"], js["meta"]


def to_cocos2d(json_path, out_dir):
    js = json.load(open(json_path))
    frames, meta = _frames(js)
    os.makedirs(out_dir, exist_ok=True)
    shutil.copy(os.path.join(os.path.dirname(json_path), meta["image"]), os.path.join(out_dir, "sheet.png"))
    out = {}
    for name, f in frames.items():
        fr, ss, src = f["frame"], f["spriteSourceSize"], f["sourceSize"]
        w, h = fr["w"], fr["h"]
        ox = ss["x"] + w / 2.0 - src["w"] / 2.0
        oy = src["h"] / 2.0 - ss["y"] - h / 2.0  # y up, from the centre

        def g(v):
            return ("%g" % v)
        out[name + ".png"] = {
            "aliases": [],
            "spriteOffset": "{%s,%s}" % (g(ox), g(oy)),
            "spriteSize": "{%d,%d}" % (w, h),
            "spriteSourceSize": "{%d,%d}" % (src["w"], src["h"]),
            "textureRect": "{{%d,%d},{%d,%d}}" % (fr["x"], fr["y"], w, h),
            "textureRotated": bool(f["rotated"]),
        }
    doc = {"frames": out, "metadata": {"format": 3, "pixelFormat": "RGBA8888", "premultiplyAlpha": False,
                                       "realTextureFileName": "sheet.png", "size": "{%d,%d}" % (meta["size"]["w"], meta["size"]["h"]),
                                       "smartupdate": "", "textureFileName": "sheet.png"}}
    with open(os.path.join(out_dir, "sheet.plist"), "wb") as f:
        plistlib.dump(doc, f)
    return os.path.join(out_dir, "sheet.plist")


def to_godot(json_path, out_dir, version):
    js = json.load(open(json_path))
    frames, meta = _frames(js)
    os.makedirs(out_dir, exist_ok=True)
    shutil.copy(os.path.join(os.path.dirname(json_path), meta["image"]), os.path.join(out_dir, "sheet.png"))
    anims = js.get("animations") or {"default": list(frames)}
    names = [n for a in anims.values() for n in a]
    subs, ids = [], {}
    for i, n in enumerate(names):
        f = frames[n]
        if f["rotated"]:
            raise ValueError("Godot AtlasTexture has no rotation; convert an unrotated sheet")
        fr, ss, src = f["frame"], f["spriteSourceSize"], f["sourceSize"]
        region = (fr["x"], fr["y"], fr["w"], fr["h"])
        margin = (ss["x"], ss["y"], src["w"] - fr["w"], src["h"] - fr["h"])
        if version == 3:
            sid = "AtlasTexture_%s" % format(i, "05d")
            ids[n] = 'SubResource("%s")' % sid
            subs.append('[sub_resource type="AtlasTexture" id="%s"]\natlas = ExtResource("1_sheet")\nregion = Rect2(%d, %d, %d, %d)\n'
                        'margin = Rect2(%d, %d, %d, %d)\n' % ((sid,) + region + margin))
        else:
            ids[n] = "SubResource( %d )" % (i + 1)
            subs.append('[sub_resource type="AtlasTexture" id=%d]\natlas = ExtResource( 1 )\nregion = Rect2( %d, %d, %d, %d )\n'
                        'margin = Rect2( %d, %d, %d, %d )\n' % ((i + 1,) + region + margin))
    parts = []
    if version == 3:
        parts.append('[gd_resource type="SpriteFrames" load_steps=%d format=3]\n' % (len(subs) + 2))
        parts.append('[ext_resource type="Texture2D" path="res://sheet.png" id="1_sheet"]\n')
        parts += subs
        anim_txt = []
        for a, ns in anims.items():
            fr_txt = ", ".join('{\n"duration": 1.0,\n"texture": %s\n}' % ids[n] for n in ns)
            anim_txt.append('{\n"frames": [%s],\n"loop": true,\n"name": &"%s",\n"speed": 30.0\n}' % (fr_txt, a))
        parts.append("[resource]\nanimations = [%s]\n" % ", ".join(anim_txt))
        path = os.path.join(out_dir, "sheet.tres")
    else:
        parts.append('[gd_resource type="SpriteFrames" load_steps=%d format=2]\n' % (len(subs) + 2))
        parts.append('[ext_resource path="res://sheet.png" type="Texture" id=1]\n')
        parts += subs
        anim_txt = []
        for a, ns in anims.items():
            anim_txt.append('{\n"frames": [ %s ],\n"loop": true,\n"name": "%s",\n"speed": 30.0\n}' % (", ".join(ids[n] for n in ns), a))
        parts.append("[resource]\nanimations = [ %s ]\n" % ", ".join(anim_txt))
        path = os.path.join(out_dir, "sheet.tres")
    with open(path, "w") as f:
        f.write("\n".join(parts))
    return path


# ---------------------------------------------------------------------------------------------
# self-test of the not-yet-written formats' loaders

def run_selftest(ctx, fb, fixtures, engines, outdir):
    variant = "selftest"
    for fx in fixtures:
        for optname, flags in (("trim+rotate", ["--trim", "--rotate"]), ("trim", ["--trim"])):
            info = make_sheet(fb, ["--format", "json-hash"], fx, "json-hash", "selftest-" + optname, flags, outdir)
            if info["rc"] != 0:
                continue
            js = os.path.join(info["dir"], "sheet.json")
            for engine in engines:
                if engine != "cocos2d" and optname == "trim+rotate":
                    continue  # Godot's AtlasTexture has no rotation
                row = ctx.row(engine, variant, {"cocos2d": "cocos2d", "godot3": "godot3", "godot4": "godot4"}[engine], optname)
                row.notes_only = True
                d = os.path.join(info["dir"], "as-" + engine)
                try:
                    if engine == "cocos2d":
                        drawn, _ = readers.cocos2d_frames(to_cocos2d(js, d))
                        judge_drawn(ctx, row, fx, drawn, optname, None, True, "", name_of=lambda n: re.sub(r"\.png$", "", n))
                    elif engine == "godot4":
                        drawn, anims = readers.godot4_frames(to_godot(js, d, 3))
                        judge_godot(ctx, row, fx, drawn, anims, optname, None, True, "")
                    else:
                        tres = to_godot(js, d, 2)
                        godot = find_godot3()
                        if not godot:
                            row.status, row.reason = "error", "godot3-server not installed"
                            continue
                        dumps, raw = godot3_dump(godot, [tres], outdir)
                        got = dumps.get(tres)
                        if got is None or got[0].get("error"):
                            row.fail("%s: Godot: %s" % (fx.name, got[0].get("error") if got else raw[-300:]))
                            continue
                        frames, anims = [], {}
                        for a in got[0]["animations"]:
                            anims[a["name"]] = {"frames": a["frames"]}
                            frames += [dict(f, name="%s#%d" % (a["name"], i)) for i, f in enumerate(a["frames"])]
                        judge_godot(ctx, row, fx, readers.godot_frames_from_dump(frames, got[1]), anims, optname, None, True, "")
                except (readers.ReadError, OSError, KeyError, ValueError) as ex:
                    row.fail("%s: %s" % (fx.name, ex))
