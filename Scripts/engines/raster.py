"""Pixel helpers for the engine check: loading sources, premultiplying, comparing, drawing a textured
quad the way a GPU does with NEAREST filtering, and writing side-by-side failure images."""

import os

import numpy as np
from PIL import Image

# Tolerance, stated in the report: alpha may differ by 1 and each premultiplied colour channel by 2
# (browsers premultiply on upload / un-premultiply on canvas readback with their own rounding).
TOL_ALPHA = 1
TOL_COLOUR = 2


def load_rgba(path):
    """Straight-alpha RGBA uint8 array (palette + tRNS, grey, RGB all converted by Pillow)."""
    with Image.open(path) as im:
        return np.array(im.convert("RGBA"), dtype=np.uint8)


def premultiply(rgba):
    a = rgba[..., 3:4].astype(np.uint32)
    c = (rgba[..., :3].astype(np.uint32) * a + 127) // 255
    return np.concatenate([c, a], axis=2).astype(np.uint8)


def compare(source_rgba, got, got_premultiplied):
    """Returns (ok, reason). Both are compared premultiplied, so colour under alpha 0 does not count."""
    if got is None:
        return False, "nothing drawn"
    if got.shape != source_rgba.shape:
        return False, "drawn %dx%d, source is %dx%d" % (got.shape[1], got.shape[0], source_rgba.shape[1], source_rgba.shape[0])
    want = premultiply(source_rgba).astype(np.int16)
    have = (got if got_premultiplied else premultiply(got)).astype(np.int16)
    da = np.abs(want[..., 3] - have[..., 3])
    dc = np.abs(want[..., :3] - have[..., :3]).max(axis=2)
    bad = (da > TOL_ALPHA) | (dc > TOL_COLOUR)
    n = int(bad.sum())
    if n == 0:
        return True, ""
    ys, xs = np.nonzero(bad)
    y, x = int(ys[0]), int(xs[0])
    amax = int(np.maximum(want[..., 3], have[..., 3])[bad].max())
    return False, ("%d of %d pixels differ (first at %d,%d: want premult %s, got %s; differing pixels have alpha <= %d; "
                   "largest difference: alpha %d, premultiplied colour %d)") % (
        n, bad.size, x, y, tuple(int(v) for v in want[y, x]), tuple(int(v) for v in have[y, x]), amax,
        int(da[bad].max()), int(dc[bad].max()))


def unpremultiply(p):
    a = p[..., 3:4].astype(np.uint32)
    safe = np.maximum(a, 1)
    c = np.where(a > 0, np.minimum((p[..., :3].astype(np.uint32) * 255 + safe // 2) // safe, 255), 0)
    return np.concatenate([c, a], axis=2).astype(np.uint8)


def save_side_by_side(path, source_rgba, got, got_premultiplied):
    """source | engine | mask of differing pixels (red), on a checkerboard so alpha shows."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    h, w = source_rgba.shape[:2]
    if got is None:
        got = np.zeros((1, 1, 4), np.uint8)
    straight = unpremultiply(got) if got_premultiplied else got
    gh, gw = straight.shape[:2]
    H, W = max(h, gh), w + gw + (w if got.shape == source_rgba.shape else 0) + 8
    canvas = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    yy, xx = np.mgrid[0:H, 0:W]
    checker = np.where(((yy // 8 + xx // 8) % 2)[..., None] == 0, 200, 150).astype(np.uint8)
    bg = Image.fromarray(np.concatenate([checker.repeat(3, axis=2), np.full((H, W, 1), 255, np.uint8)], axis=2))
    canvas.alpha_composite(bg)
    canvas.alpha_composite(Image.fromarray(source_rgba), (0, 0))
    canvas.alpha_composite(Image.fromarray(straight), (w + 4, 0))
    if got.shape == source_rgba.shape:
        want = premultiply(source_rgba).astype(np.int16)
        have = (got if got_premultiplied else premultiply(got)).astype(np.int16)
        bad = (np.abs(want - have)[..., 3] > TOL_ALPHA) | (np.abs(want - have)[..., :3].max(axis=2) > TOL_COLOUR)
        mask = np.zeros((h, w, 4), np.uint8)
        mask[bad] = (255, 0, 0, 255)
        canvas.alpha_composite(Image.fromarray(mask), (2 * w + 8, 0))
    canvas.save(path)


def draw_quad(page_premult, dst_w, dst_h, corners):
    """Draws one textured rectangle into a transparent dst_w × dst_h canvas, sampling NEAREST at pixel centres.

    corners: {"tl": (x, y, tx, ty), "tr": …, "bl": …, "br": …} — destination position (pixels, y down) and
    texture position (page pixels, y down) of each corner. The destination rectangle must be axis-aligned
    (sprites are drawn unrotated at their logical origin); the texture mapping may be rotated or flipped.
    Returns a premultiplied RGBA array."""
    out = np.zeros((dst_h, dst_w, 4), np.uint8)
    x0, y0 = corners["tl"][0], corners["tl"][1]
    x1, y1 = corners["br"][0], corners["br"][1]
    if x1 <= x0 or y1 <= y0:
        return out
    px = np.arange(dst_w) + 0.5
    py = np.arange(dst_h) + 0.5
    inx = (px >= x0) & (px < x1)
    iny = (py >= y0) & (py < y1)
    if not inx.any() or not iny.any():
        return out
    s = (px[inx] - x0) / (x1 - x0)
    t = (py[iny] - y0) / (y1 - y0)
    S, T = np.meshgrid(s, t)
    def lerp(i):
        tl, tr, bl, br = (np.float64(corners[k][i]) for k in ("tl", "tr", "bl", "br"))
        return (1 - S) * (1 - T) * tl + S * (1 - T) * tr + (1 - S) * T * bl + S * T * br
    u = np.floor(lerp(2)).astype(np.int64)
    v = np.floor(lerp(3)).astype(np.int64)
    ph, pw = page_premult.shape[:2]
    u = np.clip(u, 0, pw - 1)
    v = np.clip(v, 0, ph - 1)
    sub = page_premult[v, u]
    ys = np.nonzero(iny)[0]
    xs = np.nonzero(inx)[0]
    out[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1] = sub
    return out
