#!/usr/bin/env python3
"""Writes the smallest APNGs that show each known decoder bug listed in docs/Formats.md (APNG).

Every file is valid by the APNG specification and decodes exactly in Chromium and in Flipbook's
APNG.Decoder; each shows one bug of ffmpeg 5.1 or Pillow 13. Run from anywhere (Python 3, no
modules beyond the standard library): python3 make_fixtures.py. The bytes are fixed (zlib level
9, filter type 0, no ancillary chunk but tRNS), so running it again writes the same files.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def chunk(typ, body):
    return struct.pack(">I", len(body)) + typ + body + struct.pack(">I", zlib.crc32(typ + body) & 0xFFFFFFFF)


def rows(samples, depth):
    """Rows of sample values, packed most significant bits first, each with filter type 0."""
    out = b""
    for row in samples:
        bits = "".join(format(v, "0%db" % depth) for v in row)
        bits += "0" * (-len(bits) % 8)
        out += b"\x00" + bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    return zlib.compress(out, 9)


def apng(width, height, depth, colour_type, frames, plte=None, trns=None):
    """frames: (x, y, w, h, dispose_op, blend_op, rows of samples); each shown 1/10 s, forever."""
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0))
    out += chunk(b"acTL", struct.pack(">II", len(frames), 0))
    if plte is not None:
        out += chunk(b"PLTE", plte)
    if trns is not None:
        out += chunk(b"tRNS", trns)
    seq = 0
    for i, (x, y, w, h, dispose, blend, samples) in enumerate(frames):
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, w, h, x, y, 1, 10, dispose, blend))
        seq += 1
        data = rows(samples, depth)
        if i == 0:
            out += chunk(b"IDAT", data)
        else:
            out += chunk(b"fdAT", struct.pack(">I", seq) + data)
            seq += 1
    return out + chunk(b"IEND", b"")


NONE, BACKGROUND, PREVIOUS = 0, 1, 2
SOURCE, OVER = 0, 1
FILES = {
    # 4-bit palette (0 transparent, 1 red) with tRNS; frame 2 draws red at x = 1 over the canvas.
    # Shown: transparent, red. ffmpeg 5.1 unpacks the row from the canvas's left edge: transparent, transparent.
    "ffmpeg-sub-byte-frame-at-x1.png": apng(2, 1, 4, 3, [
        (0, 0, 2, 1, NONE, SOURCE, [[0, 0]]),
        (1, 0, 1, 1, NONE, OVER, [[1]])], plte=bytes([0, 0, 0, 255, 0, 0]), trns=bytes([0])),
    # 1-bit grey, two frames: black, then white. ffmpeg 5.1 decodes no frame ("Bit depth 1 color type 0").
    "ffmpeg-one-bit-grey.png": apng(1, 1, 1, 0, [
        (0, 0, 1, 1, NONE, SOURCE, [[0]]),
        (0, 0, 1, 1, NONE, SOURCE, [[1]])]),
    # RGB with white as the tRNS colour: red, green disposed to the background; then blue at x = 1.
    # Shown: transparent, blue. Pillow 13 clears to sample 0, opaque black: black, blue.
    "pillow-background-is-sample-zero.png": apng(2, 1, 8, 2, [
        (0, 0, 2, 1, BACKGROUND, SOURCE, [[255, 0, 0, 0, 255, 0]]),
        (1, 0, 1, 1, NONE, SOURCE, [[0, 0, 255]])], trns=bytes([0, 255, 0, 255, 0, 255])),
    # RGBA: transparent, then (0, 0, 255, 128) drawn over it. Shown: (0, 0, 255, 128).
    # Pillow 13 pastes through the alpha as a mask: (0, 0, 128, 64).
    "pillow-over-semi-transparent.png": apng(1, 1, 8, 6, [
        (0, 0, 1, 1, NONE, SOURCE, [[0, 0, 0, 0]]),
        (0, 0, 1, 1, NONE, OVER, [[0, 0, 255, 128]])]),
    # Grey with level 255 as the tRNS level: grey 10, then level 255 (transparent) drawn over it.
    # Shown: grey 10. Pillow 13 draws the transparent level opaque: transparent.
    "pillow-grey-trns-over.png": apng(1, 1, 8, 0, [
        (0, 0, 1, 1, NONE, SOURCE, [[10]]),
        (0, 0, 1, 1, NONE, OVER, [[255]])], trns=bytes([0, 255])),
    # RGBA: red; blue drawn over it and disposed to previous; then a transparent pixel drawn over.
    # Shown: red, blue, red. Pillow 13 restores nothing after a frame drawn over: red, blue, blue.
    "pillow-previous-after-over.png": apng(1, 1, 8, 6, [
        (0, 0, 1, 1, NONE, SOURCE, [[255, 0, 0, 255]]),
        (0, 0, 1, 1, PREVIOUS, OVER, [[0, 0, 255, 255]]),
        (0, 0, 1, 1, NONE, OVER, [[0, 0, 0, 0]])]),
}

if __name__ == "__main__":
    for name, data in FILES.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
        print("%s: %d bytes" % (name, len(data)))
