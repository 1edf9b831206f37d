"""Measures a GIF against its source frames: PSNR (over black and over white, averaged), SSIM
(luma, Gaussian window), total duration and frame count. Dev-time only (Pillow, numpy, scipy).
With one GIF frame per source frame they are compared in order (so a tool's timing error does not
count as a fidelity error); when frames were merged, by what shows at the middle of each source frame.

    gif_quality.py GIF FRAMES_DIR FPS
Prints one JSON line.
"""
import json
import sys

import numpy as np
from PIL import Image
from scipy.ndimage import gaussian_filter

gif_path, frames_dir, fps = sys.argv[1], sys.argv[2], float(sys.argv[3])
import glob, re
files = sorted(glob.glob(f"{frames_dir}/frame*.png"), key=lambda f: int(re.findall(r"(\d+)\.png$", f)[0]))

gif = Image.open(gif_path)
shown, ends, elapsed = [], [], 0
for index in range(getattr(gif, "n_frames", 1)):
    gif.seek(index)
    elapsed += gif.info.get("duration", 0)
    shown.append(np.array(gif.convert("RGBA")).astype(np.float64))
    ends.append(elapsed)


def over(rgba, background):
    alpha = rgba[..., 3:4] / 255
    return rgba[..., :3] * alpha + background * (1 - alpha)


def ssim(a, b):
    a = a @ [0.299, 0.587, 0.114]
    b = b @ [0.299, 0.587, 0.114]
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu_a, mu_b = gaussian_filter(a, 1.5), gaussian_filter(b, 1.5)
    var_a = gaussian_filter(a * a, 1.5) - mu_a ** 2
    var_b = gaussian_filter(b * b, 1.5) - mu_b ** 2
    cov = gaussian_filter(a * b, 1.5) - mu_a * mu_b
    return float((((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a ** 2 + mu_b ** 2 + c1) * (var_a + var_b + c2))).mean())


mse_black, mse_white, ssims = [], [], []
for index, path in enumerate(files):
    if len(shown) == len(files):
        gif_index = index   # one GIF frame per source frame: compare frame by frame, whatever the delays
    else:
        # Frames were merged: compare what a viewer sees at the middle of each source frame.
        t = (index + 0.5) / fps * 1000
        gif_index = next((i for i, end in enumerate(ends) if end > t), len(ends) - 1)
    source = np.array(Image.open(path).convert("RGBA")).astype(np.float64)
    out = shown[gif_index]
    for background, store in ((0.0, mse_black), (255.0, mse_white)):
        store.append(((over(source, background) - over(out, background)) ** 2).mean())
    ssims.append((ssim(over(source, 0.0), over(out, 0.0)) + ssim(over(source, 255.0), over(out, 255.0))) / 2)


def psnr(mse):
    return 10 * np.log10(255 ** 2 / max(np.mean(mse), 1e-10))


print(json.dumps({"psnr": round((psnr(mse_black) + psnr(mse_white)) / 2, 2), "ssim": round(float(np.mean(ssims)), 4),
                  "duration_cs": int(round(ends[-1] / 10)), "frames": len(shown),
                  "expected_cs": int(round(len(files) / fps * 100))}))
