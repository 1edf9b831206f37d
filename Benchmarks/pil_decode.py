"""PIL.Image.open(f).load() over the same files; prints the same JSON line as flipbook-bench."""
import json
import sys
import time

from PIL import Image

args = sys.argv[1:]
repeats = 3
if args[:1] == ["--repeat"]:
    repeats, args = int(args[1]), args[2:]
pixels = 0
start = time.perf_counter()
for _ in range(repeats):
    for f in args:
        with Image.open(f) as image:
            image.load()
            pixels += image.width * image.height
seconds = time.perf_counter() - start
mpx = pixels / 1e6
print(json.dumps({"files": len(args) * repeats, "megapixels": round(mpx, 3), "seconds": round(seconds, 4),
                  "mpx_per_s": round(mpx / seconds, 2), "mb_per_s": round(mpx * 4 / seconds, 2)}))
