#!/usr/bin/env python3
"""The helper of check-decoders: decodes an APNG with ffmpeg (its apng decoder, frame by frame, as
RGBA) and with Pillow (ImageSequence, each frame .convert("RGBA")), and compares every frame,
exactly, with what the file means: a spec-exact composition written here (each frame's region
decoded as the still PNG it is, then placed, blended and disposed of as the APNG spec says), and,
when a frame folder is given, the source frames themselves. Dev-time only (Python 3, numpy,
Pillow, ffmpeg on PATH).

Usage:
  check_decoders.py [--json] [--frames FOLDER] ANIMATION.png [ANIMATION.png ...]

Exact means: where the expected alpha is > 0, RGBA identical; where it is 0, decoded alpha 0 (RGB
is not shown, so it is ignored). With --frames, consecutive identical source frames count as one
(the encoder merges them into one longer frame), and the reference decode must equal the sources.
Prints one line per file and decoder: frames wrong / frames, and the first wrong frame; exits 1
when any decoder gets any frame wrong, 2 on a usage or setup error.
"""
import argparse
import glob
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

import numpy as np
import PIL
from PIL import Image, ImageSequence


# ---- the reference: the APNG spec, literally ----------------------------------------------------

def chunks(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos = 8
    while pos + 12 <= len(data):
        n, typ = struct.unpack(">I4s", data[pos:pos + 8])
        yield typ.decode("latin-1"), data[pos + 8:pos + 8 + n]
        pos += 12 + n


def png_chunk(typ, body):
    return struct.pack(">I", len(body)) + typ + body + struct.pack(">I", zlib.crc32(typ + body) & 0xFFFFFFFF)


def still_rgba(z, w, h, ihdr, palette, trns):
    """One frame's region as straight RGBA: its zlib stream made a still PNG of the region's size
    (same header, PLTE and tRNS) and decoded as a plain PNG. Decoding one still PNG is not what is
    under test here; composing frames is, and that is done below, by the spec."""
    _, _, depth, ctype, comp, filt, inter = ihdr
    png = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, comp, filt, inter))
    if palette is not None:
        png += png_chunk(b"PLTE", palette)
    if trns is not None:
        png += png_chunk(b"tRNS", trns)
    png += png_chunk(b"IDAT", z) + png_chunk(b"IEND", b"")
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGBA")).copy()


def reference_frames(data):
    """(frames as straight RGBA, [per frame (x, y, w, h, dispose, blend)]) as the spec composes them."""
    ihdr = palette = trns = None
    frames_ctl, frames_data = [], []
    default_is_frame = False
    for typ, body in chunks(data):
        if typ == "IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif typ == "PLTE":
            palette = body
        elif typ == "tRNS":
            trns = body
        elif typ == "fcTL":
            w, h, x, y, dn, dd, dop, bop = struct.unpack(">IIIIHHBB", body[4:26])
            frames_ctl.append((x, y, w, h, dop, bop))
            frames_data.append(b"")
        elif typ == "IDAT":
            if frames_ctl and len(frames_ctl) == 1:
                default_is_frame = True
                frames_data[0] += body
        elif typ == "fdAT":
            frames_data[-1] += body[4:]
    width, height, depth, ctype, _, _, interlace = ihdr
    if interlace:
        raise ValueError("interlaced APNGs are not checked here")
    if not default_is_frame:
        raise ValueError("the default image is not the first frame (not written by Flipbook)")
    canvas = np.zeros((height, width, 4), dtype=np.uint8)
    out = []
    for i, ((x, y, w, h, dop, bop), z) in enumerate(zip(frames_ctl, frames_data)):
        rgba = still_rgba(z, w, h, ihdr, palette, trns)
        if i == 0 and dop == 2:
            dop = 1
        saved = canvas[y:y + h, x:x + w].copy()
        region = canvas[y:y + h, x:x + w]
        if bop == 0:
            region[:] = rgba
        else:
            sa = rgba[..., 3:4].astype(np.int64)
            da = region[..., 3:4].astype(np.int64)
            oa = sa * 255 + da * (255 - sa)  # ·255
            num = rgba[..., :3].astype(np.int64) * sa * 255 + region[..., :3].astype(np.int64) * da * (255 - sa)
            rgb = np.where(oa > 0, (num + oa // 2) // np.maximum(oa, 1), 0)
            blended = np.concatenate([rgb, (oa + 127) // 255], axis=2).astype(np.uint8)
            region[:] = np.where(sa == 0, region, np.where((sa == 255) | (da == 0), rgba, blended))
        out.append(canvas.copy())
        if dop == 1:
            canvas[y:y + h, x:x + w] = 0
        elif dop == 2:
            canvas[y:y + h, x:x + w] = saved
    return out, frames_ctl, (width, height, depth, ctype)


# ---- the decoders under test --------------------------------------------------------------------

def ffmpeg_frames(path, width, height):
    args = ["ffmpeg", "-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-fps_mode", "passthrough", "-"]
    r = subprocess.run(args, capture_output=True)
    if r.returncode != 0:
        return None, "ffmpeg failed: " + r.stderr.decode(errors="replace").strip().splitlines()[-1:][0] if r.stderr else "ffmpeg failed"
    size = width * height * 4
    buf = r.stdout
    frames = [np.frombuffer(buf, dtype=np.uint8, count=size, offset=k * size).reshape(height, width, 4)
              for k in range(len(buf) // size)]
    return frames, None


def pillow_frames(path):
    try:
        with Image.open(path) as im:
            return [np.asarray(f.convert("RGBA")).copy() for f in ImageSequence.Iterator(im)], None
    except Exception as e:  # a decoder that refuses the file gets every frame wrong
        return None, "Pillow failed: %r" % e


def ffmpeg_version():
    try:
        return subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout.split("\n")[0].split(" ")[2]
    except Exception:
        return "?"


# ---- comparing ----------------------------------------------------------------------------------

def same(exp, got):
    if exp.shape != got.shape:
        return False
    vis = exp[..., 3] > 0
    return bool(np.array_equal(exp[vis], got[vis]) and not got[..., 3][~vis].any())


def canonical(f):
    f = f.copy()
    f[f[..., 3] == 0] = 0
    return f


def frame_number(path):
    stem = re.sub(r"@\d+(\.\d+)?x$", "", os.path.splitext(os.path.basename(path))[0])
    m = re.search(r"(\d+)$", stem)
    return int(m.group(1)) if m else -1


def source_frames(folder):
    files = sorted(glob.glob(os.path.join(folder, "*.png")), key=frame_number)
    frames = []
    for f in files:
        with Image.open(f) as im:
            fr = canonical(np.asarray(im.convert("RGBA")))
        if not frames or not np.array_equal(frames[-1], fr):
            frames.append(fr)
    return frames, len(files)


def judge(reference, frames, error):
    """(wrong, total, first wrong index or None, note)."""
    if frames is None:
        return len(reference), len(reference), 0, error
    wrong = [i for i, (e, g) in enumerate(zip(reference, frames)) if not same(e, g)]
    note = ""
    if len(frames) != len(reference):
        note = "%d frames decoded, %d in the file" % (len(frames), len(reference))
        wrong += list(range(len(frames), len(reference)))
    return len(wrong), len(reference), (wrong[0] if wrong else None), note


def check(path, folder=None):
    with open(path, "rb") as f:
        data = f.read()
    reference, ctl, (w, h, depth, ctype) = reference_frames(data)
    result = {"file": path, "bytes": len(data), "frames": len(reference),
              "colour": "%s %d-bit%s" % ({0: "grey", 2: "RGB", 3: "indexed", 4: "grey+alpha", 6: "RGBA"}[ctype], depth,
                                         "+tRNS" if any(t == "tRNS" for t, _ in chunks(data)) else ""),
              "ops": sorted({"%s/%s" % ({0: "none", 1: "background", 2: "previous"}[d], {0: "source", 1: "over"}[b])
                             for (_, _, _, _, d, b) in ctl})}
    if folder:
        src, files = source_frames(folder)
        result["source"] = judge(src, [canonical(f) for f in reference], None)
    ff, ferr = ffmpeg_frames(path, w, h)
    result["ffmpeg"] = judge(reference, ff, ferr)
    pf, perr = pillow_frames(path)
    result["pillow"] = judge(reference, pf, perr)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--frames", help="the source frame folder (checks the reference decode against it too)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if shutil.which("ffmpeg") is None:
        print("check-decoders: ffmpeg is required (apt-get install -y ffmpeg)", file=sys.stderr)
        sys.exit(2)
    failed = False
    for path in a.files:
        r = check(path, a.frames)
        bad = r["ffmpeg"][0] or r["pillow"][0] or (r.get("source") or (0,))[0]
        failed = failed or bool(bad)
        if a.json:
            print(json.dumps(r))
            continue
        cell = lambda j: ("%d/%d wrong (first: frame %d)" % (j[0], j[1], j[2]) if j[0] else "exact %d/%d" % (j[1], j[1])) + (" — " + j[3] if j[3] else "")
        print("%s: %d B, %s, %s" % (path, r["bytes"], r["colour"], " ".join(r["ops"]) or "one frame"))
        if "source" in r:
            print("  spec decode vs frames:  %s" % cell(r["source"]))
        print("  ffmpeg %-8s        %s" % (ffmpeg_version(), cell(r["ffmpeg"])))
        print("  Pillow %-8s        %s" % (PIL.__version__, cell(r["pillow"])))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
