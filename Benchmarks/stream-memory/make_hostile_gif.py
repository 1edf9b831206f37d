# Dev-time input for run.sh (never run by swift test).
# A GIF of a 1024x1024 screen holding 256 frames of one pixel each (one further right each frame,
# 2 cs): a few bytes a frame, a whole screen each when decoded (as Tests/TestSupport/HostileGIF.swift's bomb).
import sys
w, h, n = 1024, 1024, 256
le = lambda v: bytes([v & 0xFF, (v >> 8) & 0xFF])
b = b"GIF89a" + le(w) + le(h) + bytes([0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF])
b += bytes([0x21, 0xFF, 0x0B]) + b"NETSCAPE2.0" + bytes([3, 1, 0, 0, 0])
for f in range(n):
    b += bytes([0x21, 0xF9, 4, 0, 2, 0, 0, 0])
    b += bytes([0x2C]) + le(f % w) + le(0) + le(1) + le(1) + bytes([0])
    b += bytes([2, 2, 0x44, 0x01, 0])
b += bytes([0x3B])
open(sys.argv[1], "wb").write(b)
print(len(b), "bytes")
