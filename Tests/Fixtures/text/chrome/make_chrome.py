#!/usr/bin/env python3
"""Dev-time: draws the note chrome the Note tests use, at @1x and @2x: a paper card with a
37-point header band and rounded corners, squeezed to a 1 × 1 point interior for the cap insets
(37, 12, 12, 12) — 25 × 50 points, as Apple advises for resizable images. Written for these tests
(same licence as the repository).

    python3 Tests/Fixtures/text/chrome/make_chrome.py
"""
import os
from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH, HEIGHT, HEADER, RADIUS = 25, 50, 37, 8

for scale in (1, 2):
    s = scale * 8  # drawn 8× larger, then reduced: smooth edges
    image = Image.new("RGBA", (WIDTH * s, HEIGHT * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([0, 0, WIDTH * s - 1, HEIGHT * s - 1], radius=RADIUS * s, fill=(255, 248, 214, 255),
                           outline=(176, 140, 40, 255), width=s)
    draw.rounded_rectangle([s, s, WIDTH * s - 1 - s, (HEADER - 6) * s], radius=(RADIUS - 1) * s, fill=(242, 201, 76, 255))
    draw.rectangle([s, (HEADER - 12) * s, WIDTH * s - 1 - s, (HEADER - 6) * s], fill=(242, 201, 76, 255))
    image = image.resize((WIDTH * scale, HEIGHT * scale), Image.LANCZOS)
    image.save(os.path.join(HERE, "note-chrome.png" if scale == 1 else "note-chrome@2x.png"))
print("written")
