#!/usr/bin/env python3
"""Independent reference APNG decoder (numpy) used by anim_bench.py.

Written for the project's APNG/WebP baseline measurements (a spec compositor independent of
Flipbook's own decoder), with `chunks()` and `read_actl()`.

It does NOT use Pillow's APNG decoder (which mis-composites blend_op 1 + dispose_op 2): each
(sub)frame is decoded as a standalone still PNG with Pillow's plain PNG decoder, and
dispose 0/1/2 and blend 0/1 are applied here.
OVER blend follows the APNG spec / apngdis integer formula. Also counts 'ambiguous' OVER pixels:
source alpha in 1..254 over a destination pixel with alpha > 0 (result then depends on the
decoder's compositing arithmetic, so an encoder relying on it is not exact by construction)."""
import struct, sys, zlib
import numpy as np


def chunks(b):
    """Yield (type, data) for every chunk of a PNG/APNG byte string."""
    assert b[:8] == b'\x89PNG\r\n\x1a\n'
    p = 8
    while p < len(b):
        n, = struct.unpack('>I', b[p:p+4]); t = b[p+4:p+8]; d = b[p+8:p+8+n]
        yield t, d; p += 12 + n


def read_actl(path):
    """(num_frames, num_plays) from acTL, or None for a still PNG."""
    for t, d in chunks(open(path, 'rb').read()):
        if t == b'acTL':
            return struct.unpack('>II', d)
    return None


def delays(path):
    """Per-frame delays as (num, den) pairs, den 0 read as 100 (APNG spec)."""
    out = []
    for t, d in chunks(open(path, 'rb').read()):
        if t == b'fcTL':
            dn, dd = struct.unpack('>HH', d[20:24])
            out.append((dn, dd or 100))
    return out
def _chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
def to_rgba(data, w, h, bd, ct, plte, trns):
    """Wrap one (sub)frame's zlib data as a standalone still PNG and decode it with Pillow's
    plain PNG decoder (no APNG logic involved); compositing is done here."""
    import io
    from PIL import Image
    png = (b'\x89PNG\r\n\x1a\n' + _chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, bd, ct, 0, 0, 0))
           + (_chunk(b'PLTE', plte) if plte else b'') + (_chunk(b'tRNS', trns) if trns else b'')
           + _chunk(b'IDAT', zlib.compress(data, 1)) + _chunk(b'IEND', b''))
    return np.asarray(Image.open(io.BytesIO(png)).convert('RGBA'))
def decode(path):
    b = open(path, 'rb').read()
    frames = []; fctl = None; buf = []; plte = trns = None; W = H = 0; ambiguous = 0
    def flush():
        if fctl is not None and buf: frames.append((fctl, zlib.decompress(b''.join(buf))))
    for t, d in chunks(b):
        if t == b'IHDR': W, H, bd, ct, _, _, il = struct.unpack('>IIBBBBB', d); assert il == 0
        elif t == b'PLTE': plte = d
        elif t == b'tRNS': trns = d
        elif t == b'fcTL':
            flush(); buf = []; fctl = struct.unpack('>IIIIIHHBB', d)
        elif t == b'IDAT':
            if fctl is not None: buf.append(d)
        elif t == b'fdAT': buf.append(d[4:])
    flush()
    canvas = np.zeros((H, W, 4), np.uint8); outs = []; durs = []
    for (s, w, h, x, y, dn, dd, do, bo), data in frames:
        sub = to_rgba(data, w, h, bd, ct, plte, trns)
        prev = canvas.copy()
        reg = canvas[y:y + h, x:x + w]
        if bo == 0: reg[...] = sub
        else:
            sa = sub[..., 3].astype(np.int64); da = reg[..., 3].astype(np.int64)
            ambiguous += int(np.count_nonzero((sa > 0) & (sa < 255) & (da > 0)))
            u = sa * 255; v = (255 - sa) * da; al = u + v
            res = reg.astype(np.int64).copy()
            m = (sa > 0) & (sa < 255)
            for c in range(3):
                num = sub[..., c].astype(np.int64) * u + reg[..., c].astype(np.int64) * v
                res[..., c] = np.where(m, num // np.maximum(al, 1), res[..., c])
            res[..., 3] = np.where(m, al // 255, res[..., 3])
            res[sa == 255] = sub[sa == 255]
            reg[...] = res.astype(np.uint8)
        outs.append(canvas.copy()); durs.append(1000 * dn / (dd or 100))
        if do == 1: canvas[y:y + h, x:x + w] = 0
        elif do == 2: canvas[...] = prev
    return outs, durs, ambiguous
if __name__ == '__main__':
    outs, durs, amb = decode(sys.argv[1])
    print(len(outs), 'frames', sum(durs), 'ms; ambiguous OVER pixels:', amb)
