"""Pillow's side of the image-operation benchmark: prints seconds (median of N) as JSON.

    pil_ops.py blur IMAGE SIGMA N        ImageFilter.GaussianBlur(SIGMA)
    pil_ops.py resize IMAGE W H N         Image.resize((W, H), LANCZOS)
"""
import json
import sys
import time

from PIL import Image, ImageFilter

operation, path = sys.argv[1], sys.argv[2]
image = Image.open(path)
image.load()
times = []
if operation == "blur":
    sigma, repeat = float(sys.argv[3]), int(sys.argv[4])
    for _ in range(repeat):
        start = time.perf_counter()
        image.filter(ImageFilter.GaussianBlur(sigma))
        times.append(time.perf_counter() - start)
else:
    width, height, repeat = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    for _ in range(repeat):
        start = time.perf_counter()
        image.resize((width, height), Image.LANCZOS)
        times.append(time.perf_counter() - start)
times.sort()
print(json.dumps({"seconds": times[len(times) // 2]}))
