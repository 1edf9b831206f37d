#!/usr/bin/env python3
"""Builds zerowidth-smallhit.gif: the byte pattern of gifsicle's test file 009-zerowidth-zerowidth-ok.gif
(a first frame 0 pixels wide that still carries LZW data, then ordinary frames) made from our CC0
Effect_SmallHit.gif: its first image descriptor's width is set to 0, nothing else changes.
Dev-time only: `python3 make_zerowidth.py` from this folder."""
import struct

source = open("../effects/Effect_SmallHit.gif", "rb").read()
position = 13
if source[10] & 0x80:
    position += 3 << ((source[10] & 7) + 1)
while source[position] != 0x2C:          # skip the extensions before the first image
    assert source[position] == 0x21
    position += 2
    while source[position] != 0:
        position += source[position] + 1
    position += 1
out = bytearray(source)
out[position + 5:position + 7] = struct.pack("<H", 0)   # image width (left, top, WIDTH, height)
open("zerowidth-smallhit.gif", "wb").write(out)
print("first image descriptor at byte", position)
