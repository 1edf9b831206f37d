"""Dev-time: Pillow's resize of the fixture images, committed as references.

    python3 Tests/Fixtures/resize/make_references.py

Pillow resamples RGBA with premultiplied alpha and pixel-centre alignment, as Flipbook does, so the
outputs should agree to rounding. Writes <source>-<filter>-<W>x<H>.png beside this script.
"""
import os

from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))
sources = {"robot": os.path.join(here, "..", "info", "robot_walk0.png"), "coin": os.path.join(here, "..", "info", "coin@2x.png")}
filters = {"nearest": Image.NEAREST, "bilinear": Image.BILINEAR, "bicubic": Image.BICUBIC, "lanczos": Image.LANCZOS}
sizes = [(37, 49), (150, 200)]
for name, path in sources.items():
    image = Image.open(path).convert("RGBA")
    for filter_name, method in filters.items():
        for width, height in sizes:
            image.resize((width, height), method).save(os.path.join(here, f"{name}-{filter_name}-{width}x{height}.png"))
print("done")
