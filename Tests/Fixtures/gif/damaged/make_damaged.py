#!/usr/bin/env python3
"""Writes the damaged GIFs of this folder from ../encoded/coin.gif (Flipbook's own GIF of the
CC0 Kenney gold coin, 4 frames of 64x64): each is the whole file with one byte changed.
Dev-time only; run from this folder: python3 make_damaged.py"""

def images(b):
    """(descriptor offset, LZW data start, data end) of each image, by walking the blocks."""
    def table(packed): return 3 << ((packed & 7) + 1) if packed & 0x80 else 0
    def skip(p):
        while b[p] != 0: p += b[p] + 1
        return p + 1
    p, found = 13 + table(b[10]), []
    while p < len(b) and b[p] != 0x3B:
        if b[p] == 0x21: p = skip(p + 2)
        elif b[p] == 0x2C:
            data = p + 10 + table(b[p + 9]) + 1
            end = skip(data)
            found.append((p, data, end)); p = end
        else: raise SystemExit("not a block at %d" % p)
    return found

coin = open("../encoded/coin.gif", "rb").read()
frames = images(coin)
assert len(frames) == 4

def write(name, offset):
    b = bytearray(coin); b[offset] ^= 0xFF
    open(name, "wb").write(b)
    print(name, "byte", offset, "flipped")

# The middle byte (as the fresh-eyes round found it): inside frame 2's LZW data.
write("coin-lzw.gif", len(coin) // 2)
# The 20th byte of frame 1's LZW data: nothing whole before it.
write("coin-first-frame.gif", frames[0][1] + 21)
# The high byte of frame 4's height (descriptor bytes 7-8): 64 becomes 65344.
write("coin-height.gif", frames[3][0] + 8)
