"""Readers for formats whose engine has no runtime here, and the Python half of the libGDX and Godot 3
checks. Every reader turns one data file into a list of DrawnFrame: what the engine would show for each
frame name when the sprite is placed at its logical origin, as a premultiplied RGBA array of the
frame's source size.

Each reader follows its engine's source; see README.md for the exact file and line each step copies."""

import json
import os
import plistlib
import re

import numpy as np

from raster import draw_quad, load_rgba, premultiply


class ReadError(Exception):
    pass


class DrawnFrame:
    def __init__(self, name, pixels, note=""):
        self.name = name
        self.pixels = pixels  # premultiplied RGBA, shape (h, w, 4), or None
        self.note = note


_pages = {}


def page(path):
    if path not in _pages:
        if not os.path.exists(path):
            raise ReadError("page %s does not exist" % os.path.basename(path))
        _pages[path] = premultiply(load_rgba(path))
    return _pages[path]


def page_raw(path):
    """The page's stored bytes taken as already premultiplied (for pages written premultiplied)."""
    return load_rgba(path)


# ---------------------------------------------------------------------------------------------
# cocos2d-x: CCSpriteFrameCache.cpp addSpriteFramesWithDictionary, format 3, then CCSprite's
# setTextureRect / setTextureCoords / setVertexCoords for a sprite at position 0 with anchor 0.

_num = r"\s*(-?[0-9.eE+-]+)\s*"


def _cc_point(s):
    # cocos2d-x CCNS.cpp PointFromString / SizeFromString: "{a,b}"
    m = re.fullmatch(r"\{" + _num + "," + _num + r"\}", s.strip())
    if not m:
        raise ReadError("not a {x,y} string: %r" % s)
    return float(m.group(1)), float(m.group(2))


def _cc_rect(s):
    # cocos2d-x CCNS.cpp RectFromString: "{{x,y},{w,h}}"
    m = re.fullmatch(r"\{\s*\{" + _num + "," + _num + r"\}\s*,\s*\{" + _num + "," + _num + r"\}\s*\}", s.strip())
    if not m:
        raise ReadError("not a {{x,y},{w,h}} string: %r" % s)
    return tuple(float(m.group(i)) for i in range(1, 5))


def cocos2d_frames(plist_path):
    with open(plist_path, "rb") as f:
        root = plistlib.load(f)
    meta = root.get("metadata", {})
    fmt = int(meta.get("format", 0))
    if fmt != 3:
        raise ReadError("metadata.format is %r; this reader follows format 3 only" % meta.get("format"))
    tex_name = meta.get("textureFileName") or meta.get("realTextureFileName")
    if not tex_name:
        raise ReadError("metadata has no textureFileName")
    tex_path = os.path.join(os.path.dirname(plist_path), tex_name)
    pg = page(tex_path)
    atlas_h, atlas_w = pg.shape[:2]
    frames = root.get("frames")
    if not isinstance(frames, dict):
        raise ReadError("frames is not a dict")
    out = []
    aliases = {}
    for name, d in frames.items():
        sprite_size = _cc_point(d["spriteSize"])
        offset = _cc_point(d["spriteOffset"])
        source_size = _cc_point(d["spriteSourceSize"])
        tr = _cc_rect(d["textureRect"])
        rotated = bool(d.get("textureRotated", False))
        for a in d.get("aliases", []) or []:
            aliases[a] = name
        # SpriteFrame rect = (textureRect.origin, spriteSize) — textureRect's own size is not used.
        rx, ry, rw, rh = tr[0], tr[1], sprite_size[0], sprite_size[1]
        cw, ch = source_size
        # Sprite::updatePoly / setTextureRect: offset position of the trimmed quad inside the content box
        # (y up, from the bottom-left of the untrimmed box).
        ox = offset[0] + (cw - rw) / 2.0
        oy = offset[1] + (ch - rh) / 2.0
        x1, y1, x2, y2 = ox, oy, ox + rw, oy + rh
        # setTextureCoords (pixels here instead of 0..1).
        if rotated:
            left, right, top, bottom = rx, rx + rh, ry, ry + rw
            tex = {"bl": (left, top), "br": (left, bottom), "tl": (right, top), "tr": (right, bottom)}
        else:
            left, right, top, bottom = rx, rx + rw, ry, ry + rh
            tex = {"bl": (left, bottom), "br": (right, bottom), "tl": (left, top), "tr": (right, top)}
        # vertices, y up -> y down in a content box of height ch
        pos = {"bl": (x1, ch - y1), "br": (x2, ch - y1), "tl": (x1, ch - y2), "tr": (x2, ch - y2)}
        corners = {k: pos[k] + tex[k] for k in pos}
        w, h = int(round(cw)), int(round(ch))
        out.append(DrawnFrame(name, draw_quad(pg, w, h, corners)))
    for a, target in aliases.items():
        src = next((f for f in out if f.name == target), None)
        if src is not None and a not in frames:
            out.append(DrawnFrame(a, src.pixels, note="alias of " + target))
    return out, {"format": fmt, "texture": tex_name, "premultiplyAlpha": meta.get("premultiplyAlpha")}


# ---------------------------------------------------------------------------------------------
# SpriteKit .atlasc (reader, not engine): NAME.atlasc/NAME.plist
#   {format: "APPL", images: [{path, size "{w,h}", subimages: [{name, textureRect "{{x,y},{w,h}}",
#    spriteOffset "{x,y}", spriteSourceSize "{w,h}", textureRotated bool, isFullyOpaque bool}]}]}
# Apple documents no reader. This follows the convention Xcode's output shares with cocos2d-x format 3
# and TexturePacker's SpriteKit exporter: textureRect holds the unrotated size, spriteOffset is the
# trimmed rectangle's centre minus the source centre in points with y up, a rotated sprite is stored
# turned 90° clockwise. Frame names keep Xcode's ".png" suffix; the reader strips it.

def spritekit_frames(atlasc_dir):
    base = os.path.basename(atlasc_dir.rstrip("/"))
    stem = base[:-len(".atlasc")] if base.endswith(".atlasc") else base
    plist_path = os.path.join(atlasc_dir, stem + ".plist")
    if not os.path.exists(plist_path):
        raise ReadError("%s has no %s.plist" % (base, stem))
    with open(plist_path, "rb") as f:
        root = plistlib.load(f)
    if root.get("format") != "APPL":
        raise ReadError("format is %r, not APPL" % root.get("format"))
    out = []
    for img in root.get("images", []):
        pg_path = os.path.join(atlasc_dir, img["path"])
        pg = page(pg_path)
        for sub in img.get("subimages", []):
            name = sub["name"]
            if name.endswith(".png"):
                name = name[:-4]
            m_scale = re.search(r"@(\d)x$", name)
            name = re.sub(r"@\dx$", "", name)
            x, y, w, h = _cc_rect(sub["textureRect"])
            ox, oy = _cc_point(sub["spriteOffset"])
            sw, sh = _cc_point(sub["spriteSourceSize"])
            rotated = bool(sub.get("textureRotated", False))
            # trimmed rect's top-left in the source box, y down
            left = (sw - w) / 2.0 + ox
            top = (sh - h) / 2.0 - oy
            if rotated:
                tex = {"bl": (x, y), "br": (x, y + w), "tl": (x + h, y), "tr": (x + h, y + w)}
            else:
                tex = {"tl": (x, y), "tr": (x + w, y), "bl": (x, y + h), "br": (x + w, y + h)}
            pos = {"tl": (left, top), "tr": (left + w, top), "bl": (left, top + h), "br": (left + w, top + h)}
            corners = {k: pos[k] + tex[k] for k in pos}
            d = DrawnFrame(name, draw_quad(pg, int(round(sw)), int(round(sh)), corners))
            d.scale = int(m_scale.group(1)) if m_scale else 1
            out.append(d)
    return out, {}


# ---------------------------------------------------------------------------------------------
# libGDX: DumpAtlas.java prints the AtlasSprite vertices SpriteBatch would get (x, y up; u, v in 0..1
# with v down). This draws that quad.

def libgdx_frames_from_dump(dump, atlas_dir, pma_pages):
    if "error" in dump:
        raise ReadError("TextureAtlasData: " + dump["error"])
    pages = {p["file"]: p for p in dump["pages"]}
    out = []
    for r in dump["regions"]:
        p = pages[r["page"]]
        pg = page_raw(os.path.join(atlas_dir, r["page"])) if pma_pages else page(os.path.join(atlas_dir, r["page"]))
        tw, th = p["textureWidth"], p["textureHeight"]
        ow, oh = r["originalWidth"], r["originalHeight"]
        # Batch vertex order for a Sprite: 0 = (x, y) bottom-left, 1 = top-left, 2 = top-right, 3 = bottom-right
        names = ["bl", "tl", "tr", "br"]
        corners = {}
        for k, (x, y, u, v) in zip(names, r["vertices"]):
            corners[k] = (x, oh - y, u * tw, v * th)
        name = r["name"] if r["index"] < 0 else "%s#%d" % (r["name"], r["index"])
        out.append(DrawnFrame(name, draw_quad(pg, ow, oh, corners), note=json.dumps({k: r[k] for k in ("rotate", "offsetX", "offsetY")})))
    return out


# ---------------------------------------------------------------------------------------------
# Godot 3: check.gd prints, per animation frame, the AtlasTexture's region, margin and atlas size.
# AtlasTexture::draw draws region at margin.position inside a box of get_size() = region.size +
# margin.size; no rotation exists.

def godot_frames_from_dump(frames_dump, res_dir):
    out = []
    for f in frames_dump:
        rx, ry, rw, rh = f["region"]
        mx, my, mw, mh = f["margin"]
        w, h = int(round(rw + mw)), int(round(rh + mh))
        pg = page(os.path.join(res_dir, f["atlas"].replace("res://", "")))
        if f.get("atlas_size") and list(f["atlas_size"]) != [pg.shape[1], pg.shape[0]]:
            raise ReadError("Godot's atlas %s is %s, the page is %dx%d (page not loaded)" % (
                f["atlas"], f["atlas_size"], pg.shape[1], pg.shape[0]))
        corners = {"tl": (mx, my, rx, ry), "tr": (mx + rw, my, rx + rw, ry),
                   "bl": (mx, my + rh, rx, ry + rh), "br": (mx + rw, my + rh, rx + rw, ry + rh)}
        out.append(DrawnFrame(f["name"], draw_quad(pg, w, h, corners)))
    return out


# ---------------------------------------------------------------------------------------------
# Godot 4 text resource (.tres, format=3) reader, strict: follows
# scene/resources/resource_format_text.cpp (header, [ext_resource], [sub_resource], [resource]) and
# core/variant/variant_parser.cpp for the values used here (Rect2, ExtResource("id"),
# SubResource("id"), &"StringName", arrays, dictionaries, numbers, bools, strings). Then
# scene/resources/sprite_frames.cpp _set_animations: each animation dict needs "name", "speed",
# "loop", "frames" = [{"texture": Texture2D, "duration": float}].

class _Tok:
    def __init__(self, text):
        self.s = text
        self.i = 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in " \t\r\n":
            self.i += 1

    def peek(self):
        self.ws()
        return self.s[self.i] if self.i < len(self.s) else ""

    def expect(self, c):
        self.ws()
        if not self.s.startswith(c, self.i):
            raise ReadError("expected %r at %r" % (c, self.s[self.i:self.i + 30]))
        self.i += len(c)

    def value(self):
        self.ws()
        s, i = self.s, self.i
        if s.startswith('&"', i):
            self.i += 1
            return ("StringName", self.string())
        c = s[i]
        if c == '"':
            return self.string()
        if c == "[":
            self.i += 1
            items = []
            while self.peek() != "]":
                items.append(self.value())
                if self.peek() == ",":
                    self.i += 1
            self.expect("]")
            return items
        if c == "{":
            self.i += 1
            d = {}
            while self.peek() != "}":
                k = self.value()
                self.expect(":")
                d[k if not isinstance(k, tuple) else k[1]] = self.value()
                if self.peek() == ",":
                    self.i += 1
            self.expect("}")
            return d
        m = re.compile(r"-?(\d+\.?\d*([eE][-+]?\d+)?|\.\d+)|inf|nan").match(s, i)
        if m and m.group(0):
            self.i = m.end()
            t = m.group(0)
            return float(t) if any(ch in t for ch in ".eEn") else int(t)
        m = re.compile(r"[A-Za-z_][A-Za-z0-9_]*").match(s, i)
        if m:
            word = m.group(0)
            self.i = m.end()
            if word in ("true", "false"):
                return word == "true"
            if word == "null":
                return None
            self.expect("(")
            args = []
            while self.peek() != ")":
                args.append(self.value())
                if self.peek() == ",":
                    self.i += 1
            self.expect(")")
            return (word, args)
        raise ReadError("cannot parse value at %r" % s[i:i + 30])

    def string(self):
        self.expect('"')
        out = []
        while True:
            c = self.s[self.i]
            self.i += 1
            if c == "\\":
                out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(self.s[self.i], self.s[self.i]))
                self.i += 1
            elif c == '"':
                return "".join(out)
            else:
                out.append(c)


def parse_tres(path):
    """Returns (header_tag, ext_resources, sub_resources, resource_props)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    sections = []
    for m in re.finditer(r"^\[([a-z_]+)([^\]]*)\]\s*$", text, re.M):
        sections.append((m.group(1), m.group(2), m.start(), m.end()))
    if not sections:
        raise ReadError("no [gd_resource] header")
    def attrs(s):
        t = _Tok(s)
        d = {}
        while t.peek():
            m = re.compile(r"[A-Za-z_]+").match(t.s, t.i)
            if not m:
                raise ReadError("bad tag attribute in [%s]" % s)
            t.i = m.end()
            t.expect("=")
            d[m.group(0)] = t.value()
        return d
    def props(body):
        out = {}
        for line in re.finditer(r"^([A-Za-z_/0-9]+)\s*=\s*(.*?)(?=^[A-Za-z_/0-9]+\s*=|\Z)", body, re.M | re.S):
            out[line.group(1)] = _Tok(line.group(2)).value()
        return out
    header = None
    ext, sub, res = {}, {}, None
    for idx, (kind, a, start, end) in enumerate(sections):
        body = text[end:sections[idx + 1][2]] if idx + 1 < len(sections) else text[end:]
        at = attrs(a)
        if kind == "gd_resource":
            header = at
        elif kind == "ext_resource":
            ext[at["id"]] = at
        elif kind == "sub_resource":
            sub[at["id"]] = dict(props(body), _type=at.get("type"))
        elif kind == "resource":
            res = props(body)
        else:
            raise ReadError("unexpected section [%s]" % kind)
    return header, ext, sub, res


def godot4_frames(tres_path):
    header, ext, sub, res = parse_tres(tres_path)
    if header is None or header.get("type") != "SpriteFrames":
        raise ReadError("not a SpriteFrames resource: %r" % header)
    if header.get("format") != 3:
        raise ReadError("format=%r, Godot 4 writes format=3" % header.get("format"))
    if res is None or "animations" not in res:
        raise ReadError("[resource] has no animations")
    res_dir = os.path.dirname(tres_path)
    out, anims = [], {}
    for a in res["animations"]:
        name = a.get("name")
        if isinstance(name, tuple):
            name = name[1]
        if not isinstance(a.get("frames"), list):
            raise ReadError("animation %r has no frames array" % name)
        anims[name] = {"speed": a.get("speed"), "loop": a.get("loop"), "frames": []}
        for fr in a["frames"]:
            if not isinstance(fr, dict) or "texture" not in fr:
                raise ReadError("Godot 4 frames are {duration, texture} dicts; got %r" % (fr,))
            kind, args = fr["texture"]
            if kind != "SubResource":
                raise ReadError("frame texture is %s, expected SubResource(\"…\")" % kind)
            at = sub[args[0]]
            if at["_type"] != "AtlasTexture":
                raise ReadError("sub_resource %s is %s" % (args[0], at["_type"]))
            ek, eargs = at["atlas"]
            e = ext[eargs[0]]
            if e.get("type") != "Texture2D":
                raise ReadError("ext_resource %s type is %r, Godot 4 needs Texture2D" % (eargs[0], e.get("type")))
            rk, r = at["region"]
            m = at.get("margin", ("Rect2", [0, 0, 0, 0]))[1]
            anims[name]["frames"].append({"duration": fr.get("duration", 1.0), "sub": args[0]})
            out.append({"name": "%s#%d" % (name, len(anims[name]["frames"]) - 1), "region": r, "margin": m, "atlas": e["path"]})
    return godot_frames_from_dump(out, res_dir), anims
