#!/usr/bin/env python3
"""Compare Flipbook's APNG and animated-WebP writers with the usual peers on the gif-real corpus.

Dev-time only (Python 3, numpy, Pillow). For every tool x sequence it records bytes, wall time,
CPU time (user+sys of the child, from os.wait4), peak RSS of the child, the frame count and total
duration the file declares, and whether every frame decodes exactly to its source.

  python3 anim_bench.py                                   # everything (slow: --effort max, apngopt)
  python3 anim_bench.py --sequences ansimuz-fire-bomb-pixel,emt-watch-spinner-2x --runs 3
  python3 anim_bench.py --tools flipbook-webp,img2webp --json webp.json

Exactness: a decoded frame matches its source frame when every pixel with source alpha > 0 has
identical RGBA and every pixel with source alpha 0 decodes to alpha 0. Tools may merge identical
consecutive frames into one longer frame, so source frame i is compared with the decoded frame
showing at the middle of its slot on the file's own timeline (scaled to the file's total).
APNG is decoded with apng_reference.py (an independent spec compositor; Pillow's APNG decoder
mis-composites blend_op 1 + dispose_op 2), WebP with Pillow (libwebp's WebPAnimDecoder).

Exit status: 0, or 1 when a Flipbook output is not exact, not byte-identical across --runs, or a
Flipbook run failed.
"""
import argparse, hashlib, json, math, os, re, shutil, statistics, subprocess, sys, tempfile, time
from fractions import Fraction

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apng_reference  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, 'gif-real', 'corpus')
FLIPBOOK = os.path.join(os.path.dirname(HERE), '.build', 'release', 'flipbook')
# The corpus README.md: 30 fps unless ORIGIN.md says otherwise; bbb's source clip is 24 fps.
FPS = {'bbb-opening-fadein-720p': 24}
DEFAULT_FPS = 30


# ---------------------------------------------------------------- sequences

def frame_number(path):
    """The number at the end of the file name, an @2x/@3x suffix ignored (frame-007.png -> 7)."""
    stem = re.sub(r'@\dx$', '', os.path.splitext(os.path.basename(path))[0])
    m = re.search(r'(\d+)$', stem)
    if not m:
        raise ValueError(f'{path}: no frame number at the end of the name')
    return int(m.group(1))


def load_sequence(name):
    """Source frames of one corpus folder in numeric order, checked contiguous."""
    folder = os.path.join(CORPUS, name)
    frames = sorted((os.path.join(folder, f) for f in os.listdir(folder) if f.lower().endswith('.png')),
                    key=frame_number)
    nums = [frame_number(f) for f in frames]
    assert nums == list(range(nums[0], nums[0] + len(nums))), f'{name}: frames not contiguous: {nums}'
    w, h = Image.open(frames[0]).size
    return dict(name=name, folder=folder, frames=frames, fps=FPS.get(name, DEFAULT_FPS), size=(w, h))


def decode_only(seq, runs):
    """The decode bound: CPU seconds Pillow (libpng) takes to open and load every frame on one core
    (median of `runs`), and half of it as the wall time of the same decoding split over two cores.
    An encoder's wall over that `wall` is its distance to the decode-only bound (issue 48)."""
    samples = []
    for _ in range(max(1, runs)):
        t0 = time.process_time()
        for f in seq['frames']:
            with Image.open(f) as image:
                image.load()
        samples.append(time.process_time() - t0)
    cpu = statistics.median(samples)
    return dict(cpu=cpu, wall=cpu / 2)


def link_frames(seq, workdir):
    """A folder of symlinks f00000.png, f00001.png, ... in numeric order, so every peer tool
    (and ffmpeg's f%05d.png pattern) sees the same frames in the same order as Flipbook."""
    d = os.path.join(workdir, 'links', seq['name'])
    os.makedirs(d, exist_ok=True)
    links = []
    for i, f in enumerate(seq['frames']):
        link = os.path.join(d, 'f%05d.png' % i)
        if not os.path.lexists(link):
            os.symlink(f, link)
        links.append(link)
    return links


def webp_durations_ms(count, fps):
    """Whole-ms durations whose running sum stays on the exact timeline i*1000/fps."""
    return [round((i + 1) * 1000 / fps) - round(i * 1000 / fps) for i in range(count)]


# ---------------------------------------------------------------- tools
# Each tool function gets a Job and returns (argv, cwd). The output goes to job.out(tool).

class Job:
    def __init__(self, seq, links, outdir):
        self.seq, self.links, self.dir = seq, links, outdir
        self.fps = seq['fps']

    def out(self, tool):
        return os.path.join(self.dir, tool + '.' + TOOLS[tool][0])


def flipbook_apng(job, tool, effort=None):
    argv = [FLIPBOOK, 'assemble', job.seq['folder'], '-o', job.out(tool), '--fps', str(job.fps)]
    if effort:
        argv += ['--effort', effort]
    return argv, None


def flipbook_fast(job):
    return flipbook_apng(job, 'flipbook-fast', 'fast')


def flipbook_standard(job):
    return flipbook_apng(job, 'flipbook-standard')


def flipbook_max(job):
    return flipbook_apng(job, 'flipbook-max', 'max')


def apngasm(job):
    # apngasm 2.91 defaults (7zip compression, 15 iterations); delay 1/fps for every frame.
    return ['apngasm', job.out('apngasm')] + job.links + ['1', str(job.fps)], None


def apngopt_z2(job):
    # apngopt 1.4 reads any argument starting with '/' as an option switch, so it runs in the
    # output folder with relative names. Its input is apngasm's output (made first if needed).
    return ['apngopt', '-z2', os.path.basename(job.out('apngasm')), os.path.basename(job.out('apngopt-z2'))], job.dir


def ffmpeg_apng(job):
    return ['ffmpeg', '-nostdin', '-y', '-loglevel', 'error', '-framerate', str(job.fps),
            '-i', os.path.join(os.path.dirname(job.links[0]), 'f%05d.png'),
            '-f', 'apng', '-plays', '0', job.out('ffmpeg-apng')], None


def flipbook_webp(job):
    return [FLIPBOOK, 'assemble', job.seq['folder'], '-o', job.out('flipbook-webp'), '--fps', str(job.fps)], None


def img2webp(job):
    argv = ['img2webp', '-loop', '0', '-lossless', '-m', '6']
    for ms, f in zip(webp_durations_ms(len(job.links), job.fps), job.links):
        argv += ['-d', str(ms), f]
    return argv + ['-o', job.out('img2webp')], None


# name -> (extension, function, needs-output-of)
TOOLS = {
    'flipbook-fast':     ('png', flipbook_fast, None),
    'flipbook-standard': ('png', flipbook_standard, None),
    'flipbook-max':      ('png', flipbook_max, None),
    'apngasm':           ('png', apngasm, None),
    'apngopt-z2':        ('png', apngopt_z2, 'apngasm'),
    'ffmpeg-apng':       ('png', ffmpeg_apng, None),
    'flipbook-webp':     ('webp', flipbook_webp, None),
    'img2webp':          ('webp', img2webp, None),
}
APNG_TOOLS = [t for t, v in TOOLS.items() if v[0] == 'png']
WEBP_TOOLS = [t for t, v in TOOLS.items() if v[0] == 'webp']


def tool_versions():
    def first_line(argv):
        try:
            p = subprocess.run(argv, capture_output=True, text=True, timeout=20)
            lines = [l.strip() for l in (p.stdout + p.stderr).splitlines() if l.strip()]
            return lines[0] if lines else '?'
        except OSError as e:
            return f'unavailable ({e})'
    return {
        'flipbook': first_line([FLIPBOOK, '--version']),
        'apngasm': first_line(['apngasm']),
        'apngopt': first_line(['apngopt']),
        'ffmpeg': first_line(['ffmpeg', '-version']),
        'img2webp': first_line(['img2webp', '-version']),
        'Pillow': Image.__version__, 'numpy': np.__version__,
    }


# ---------------------------------------------------------------- timing

GNU_TIME = '/usr/bin/time'


def run_timed(argv, cwd, log_path):
    """Run argv once; return wall s and CPU s (user+sys, from os.wait4) and peak RSS MiB of the child.

    Peak RSS comes from GNU time's %M, not from wait4's ru_maxrss: Linux keeps a process's RSS
    high-water mark across exec, so a child forked from this Python process (~35 MiB with numpy
    loaded) reports at least that much even for `true`. GNU time is small, so the tool it forks
    reports its own peak. (Without /usr/bin/time the wait4 figure is used, marked as an upper bound.)"""
    rss_file = log_path + '.rss'
    wrapped = [GNU_TIME, '-f', '%M', '-o', rss_file] + argv if os.path.exists(GNU_TIME) else argv
    with open(log_path, 'wb') as log:
        t0 = time.perf_counter()
        p = subprocess.Popen(wrapped, cwd=cwd, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)   # reaped here; keep Popen from waiting again
    rss_kib, rss_exact = ru.ru_maxrss, False
    if wrapped is not argv:
        with open(rss_file) as f:    # GNU time writes "Command exited with non-zero status N" first on failure
            rss_kib, rss_exact = int(f.read().split()[-1]), True
        os.remove(rss_file)
    return dict(rc=p.returncode, wall=wall, cpu=ru.ru_utime + ru.ru_stime, rss_mib=rss_kib / 1024,
                rss_upper_bound=not rss_exact)


def sha256(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def run_tool(tool, job, runs):
    """Run one tool `runs` times; median wall/CPU, max RSS, bytes and whether outputs were identical."""
    ext, fn, needs = TOOLS[tool]
    if needs and not os.path.exists(job.out(needs)):       # e.g. apngopt without an apngasm run
        run_tool(needs, job, 1)
    argv, cwd = fn(job)
    out = job.out(tool)
    samples, hashes = [], []
    for i in range(runs):
        if os.path.exists(out):
            os.remove(out)
        s = run_timed(argv, cwd, out + '.log')
        samples.append(s)
        if s['rc'] != 0 or not os.path.exists(out):
            log = open(out + '.log', errors='replace').read()[-400:]
            return dict(error=f'rc={s["rc"]}: {log.strip()}', cmd=argv_text(argv, cwd))
        hashes.append(sha256(out))
    return dict(bytes=os.path.getsize(out),
                wall=statistics.median(s['wall'] for s in samples),
                cpu=statistics.median(s['cpu'] for s in samples),
                rss_mib=max(s['rss_mib'] for s in samples), rss_upper_bound=samples[0]['rss_upper_bound'],
                walls=[round(s['wall'], 3) for s in samples],
                identical_runs=len(set(hashes)) == 1, sha256=hashes[-1],
                cmd=argv_text(argv, cwd))


def argv_text(argv, cwd):
    """The command for the report, long frame lists shortened."""
    shown = argv if len(argv) <= 16 else argv[:10] + ['…'] + argv[-4:]
    return (f'(cd {cwd} && ' if cwd else '') + ' '.join(shown) + (')' if cwd else '')


# ---------------------------------------------------------------- checks

def decode_apng(path):
    """Composited RGBA frames and per-frame delays (Fractions of a second), by the reference compositor."""
    frames, _, ambiguous = apng_reference.decode(path)
    delays = [Fraction(n, d) for n, d in apng_reference.delays(path)]
    actl = apng_reference.read_actl(path)
    info = dict(declared_frames=actl[0] if actl else 1, plays=actl[1] if actl else None,
                ambiguous_over_pixels=ambiguous)
    return frames, delays, info


def webp_anmf_durations(path):
    """Per-frame durations in ms as the file declares them (the 24-bit field of each ANMF chunk),
    read straight from the RIFF container; ([], None) for a still WebP."""
    b = open(path, 'rb').read()
    assert b[:4] == b'RIFF' and b[8:12] == b'WEBP', f'{path}: not a WebP file'
    p, durations, loop = 12, [], None
    while p + 8 <= len(b):
        tag, n = b[p:p + 4], int.from_bytes(b[p + 4:p + 8], 'little')
        if tag == b'ANIM':
            loop = int.from_bytes(b[p + 12:p + 14], 'little')
        elif tag == b'ANMF':
            durations.append(int.from_bytes(b[p + 20:p + 23], 'little'))
        p += 8 + n + (n & 1)
    return durations, loop


def decode_webp(path):
    """Composited RGBA frames by Pillow (libwebp's WebPAnimDecoder), with the delays the ANMF
    chunks declare (Fractions of a second); checks Pillow's frame count and durations agree."""
    im = Image.open(path)
    frames, pillow_ms = [], []
    for i in range(getattr(im, 'n_frames', 1)):
        im.seek(i)
        frames.append(np.asarray(im.convert('RGBA')))      # load first: WebP sets info['duration'] on load
        pillow_ms.append(int(im.info.get('duration', 0)))
    declared_ms, loop = webp_anmf_durations(path)
    if not declared_ms:                                     # a still image: one frame, no timing
        declared_ms = pillow_ms
    info = dict(declared_frames=len(declared_ms), plays=loop,
                pillow_agrees=(len(frames) == len(declared_ms) and pillow_ms == declared_ms))
    return frames, [Fraction(ms, 1000) for ms in declared_ms], info


def check_duration(delays, seq):
    """Total duration the file declares vs the expected frames/fps, in ms."""
    declared = sum(delays, Fraction(0))
    expected = Fraction(len(seq['frames']), seq['fps'])
    return dict(declared_ms=float(declared * 1000), expected_ms=float(expected * 1000),
                duration_error_ms=float((declared - expected) * 1000))


def timeline_index(delays, n_src):
    """For each source frame, the decoded frame showing at the middle of its slot (file timeline
    scaled to n_src equal slots). One-to-one when the frame counts agree."""
    if len(delays) == n_src:
        return list(range(n_src))
    total = float(sum(delays, Fraction(0)))
    ends = np.cumsum([float(d) for d in delays])
    idx = np.searchsorted(ends, [(i + 0.5) * total / n_src for i in range(n_src)], side='right')
    return [min(int(j), len(delays) - 1) for j in idx]


def check_frames(decoded, delays, seq):
    """Compare every source frame with the decoded frame on its slot."""
    r = dict(bad_visible_px=0, bad_alpha0_px=0, max_channel_diff=0, frames_with_diff=[], shape_mismatch=0)
    for i, j in enumerate(timeline_index(delays, len(seq['frames']))):
        src = np.asarray(Image.open(seq['frames'][i]).convert('RGBA'))
        dec = decoded[j]
        if dec.shape != src.shape:
            r['shape_mismatch'] += 1; r['frames_with_diff'].append(i); continue
        visible = src[..., 3] > 0
        bad_visible = np.any(dec != src, axis=2) & visible
        bad_alpha0 = ~visible & (dec[..., 3] != 0)
        nv, na = int(np.count_nonzero(bad_visible)), int(np.count_nonzero(bad_alpha0))
        r['bad_visible_px'] += nv; r['bad_alpha0_px'] += na
        if nv or na:
            r['frames_with_diff'].append(i)
            diff = np.abs(dec.astype(np.int16) - src.astype(np.int16))[visible]
            if diff.size:
                r['max_channel_diff'] = max(r['max_channel_diff'], int(diff.max()))
    r['exact'] = not r['frames_with_diff']
    return r


def check_output(tool, job):
    """Decode one output and run the duration and frame checks."""
    path = job.out(tool)
    frames, delays, info = (decode_apng if TOOLS[tool][0] == 'png' else decode_webp)(path)
    r = dict(info, decoded_frames=len(frames), source_frames=len(job.seq['frames']))
    r.update(check_duration(delays, job.seq))
    r.update(check_frames(frames, delays, job.seq))
    return r


# ---------------------------------------------------------------- report

def fmt_exact(r):
    if 'error' in r:
        return 'FAILED'
    note = '' if r.get('pillow_agrees', True) else ' (Pillow and ANMF timing disagree)'
    if r['exact']:
        return 'yes' + note
    return (f"NO: {len(r['frames_with_diff'])} frames, {r['bad_visible_px']} visible px "
            f"(max Δ{r['max_channel_diff']}), {r['bad_alpha0_px']} alpha-0 px" + note)


def detail_table(results, tools, seqs):
    rows = ['| sequence | tool | bytes | wall s | CPU s | peak RSS MiB | frames out/src | declared / expected ms | exact |',
            '|---|---|--:|--:|--:|--:|--:|--:|---|']
    for s in seqs:
        for t in tools:
            r = results.get(s, {}).get(t)
            if r is None:
                continue
            if 'error' in r:
                rows.append(f"| {s} | {t} | – | – | – | – | – | – | FAILED: {r['error'][:120]} |"); continue
            same = '' if r['identical_runs'] else ' ⚠ differs across runs'
            rows.append(f"| {s} | {t} | {r['bytes']:,} | {r['wall']:.2f} | {r['cpu']:.2f} | {'≤' if r.get('rss_upper_bound') else ''}{r['rss_mib']:.1f} | "
                        f"{r['decoded_frames']}/{r['source_frames']} | {r['declared_ms']:.1f} / {r['expected_ms']:.1f} | "
                        f"{fmt_exact(r)}{same} |")
    return '\n'.join(rows)


def ratio(results, s, num, den, key):
    """results[s][num][key] / results[s][den][key]; den may be a tuple whose values are summed."""
    dens = den if isinstance(den, tuple) else (den,)
    try:
        a = results[s][num][key]
        b = sum(results[s][d][key] for d in dens)
        return a / b
    except (KeyError, TypeError, ZeroDivisionError):
        return None


def ratio_table(results, seqs, columns):
    """columns: (title, numerator tool, denominator tool or tuple, key). Last row: geometric mean."""
    rows = ['| sequence | ' + ' | '.join(c[0] for c in columns) + ' |',
            '|---|' + '--:|' * len(columns)]
    per_col = [[] for _ in columns]
    for s in seqs:
        cells = []
        for k, (_, num, den, key) in enumerate(columns):
            v = ratio(results, s, num, den, key)
            cells.append('–' if v is None else f'{v:.3f}')
            if v:
                per_col[k].append(v)
        if any(c != '–' for c in cells):
            rows.append(f'| {s} | ' + ' | '.join(cells) + ' |')
    gm = ['–' if not v else f'{math.exp(sum(map(math.log, v)) / len(v)):.3f}' for v in per_col]
    rows.append('| **geometric mean** | ' + ' | '.join(gm) + ' |')
    return '\n'.join(rows)


APNG_RATIOS = [
    ('standard / apngasm bytes', 'flipbook-standard', 'apngasm', 'bytes'),
    ('standard / apngasm wall', 'flipbook-standard', 'apngasm', 'wall'),
    ('max / apngopt-z2 bytes', 'flipbook-max', 'apngopt-z2', 'bytes'),
    ('max / (apngasm + apngopt-z2) wall', 'flipbook-max', ('apngasm', 'apngopt-z2'), 'wall'),
    ('fast / ffmpeg bytes', 'flipbook-fast', 'ffmpeg-apng', 'bytes'),
    ('fast / ffmpeg wall', 'flipbook-fast', 'ffmpeg-apng', 'wall'),
    ('standard wall / 2-core decode', 'flipbook-standard', 'decode-only', 'wall'),
]
WEBP_RATIOS = [
    ('flipbook / img2webp bytes', 'flipbook-webp', 'img2webp', 'bytes'),
    ('flipbook / img2webp wall', 'flipbook-webp', 'img2webp', 'wall'),
    ('flipbook / img2webp CPU', 'flipbook-webp', 'img2webp', 'cpu'),
    ('flipbook wall / 2-core decode', 'flipbook-webp', 'decode-only', 'wall'),
    ('img2webp wall / 2-core decode', 'img2webp', 'decode-only', 'wall'),
]


def report(results, tools, seqs):
    out = []
    for title, group, ratios in (('APNG', APNG_TOOLS, APNG_RATIOS), ('Animated WebP (lossless)', WEBP_TOOLS, WEBP_RATIOS)):
        chosen = [t for t in group if t in tools]
        if not chosen:
            continue
        out += [f'## {title}', '', detail_table(results, chosen, seqs), '', ratio_table(results, seqs, ratios), '']
    return '\n'.join(out)


# ---------------------------------------------------------------- main

def main():
    global FLIPBOOK
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--sequences', help='comma-separated corpus folder names (default: all)')
    ap.add_argument('--tools', help='comma-separated, from: ' + ','.join(TOOLS) + ' (default: all)')
    ap.add_argument('--runs', type=int, default=1, help='runs per tool; wall and CPU are medians (default 1)')
    ap.add_argument('--json', help='write all results to this JSON file')
    ap.add_argument('--flipbook', default=FLIPBOOK, help=f'the flipbook binary (default: {FLIPBOOK})')
    ap.add_argument('--from-json', metavar='FILE,FILE', help='run nothing: print the tables of earlier --json files '
                    '(merged, later files win), e.g. when the slow tools were run separately')
    ap.add_argument('--workdir', help='keep outputs here (default: a temporary folder, removed at the end)')
    a = ap.parse_args()
    if a.from_json:
        return print_saved(a.from_json.split(','), a)
    FLIPBOOK = os.path.abspath(a.flipbook)

    seqs = a.sequences.split(',') if a.sequences else sorted(
        d for d in os.listdir(CORPUS) if os.path.isdir(os.path.join(CORPUS, d)))
    tools = a.tools.split(',') if a.tools else list(TOOLS)
    unknown = [t for t in tools if t not in TOOLS]
    if unknown:
        ap.error(f'unknown tools {unknown}; choose from {list(TOOLS)}')
    workdir = a.workdir or tempfile.mkdtemp(prefix='anim_bench.')
    os.makedirs(workdir, exist_ok=True)

    versions = tool_versions()
    print('# anim_bench', ' '.join(sys.argv[1:]), '\n', flush=True)
    for k, v in versions.items():
        print(f'- {k}: {v}')
    print()
    results, failed = {}, []
    try:
        for name in seqs:
            seq = load_sequence(name)
            job = Job(seq, link_frames(seq, workdir), os.path.join(workdir, name))
            os.makedirs(job.dir, exist_ok=True)
            for tool in tools:
                r = run_tool(tool, job, a.runs)
                if 'error' not in r:
                    r.update(check_output(tool, job))
                results.setdefault(name, {})[tool] = r
                if tool.startswith('flipbook') and ('error' in r or not r['exact'] or not r['identical_runs']):
                    failed.append(f'{name}/{tool}')
                line = (f"{name:30} {tool:18} " + (f"FAILED {r['error'][:200]}" if 'error' in r else
                        f"{r['bytes']:>11,} B {r['wall']:8.2f} s  cpu {r['cpu']:8.2f} s  {r['rss_mib']:7.1f} MiB  "
                        f"exact: {fmt_exact(r)}"))
                print(line, file=sys.stderr, flush=True)
            results.setdefault(name, {})['decode-only'] = decode_only(seq, a.runs)
    finally:
        if not a.workdir:
            shutil.rmtree(workdir, ignore_errors=True)

    print(report(results, tools, seqs))
    if failed:
        print('Flipbook outputs failed, inexact or not byte-identical across runs:', ', '.join(failed))
    if a.json:
        meta = dict(argv=sys.argv[1:], runs=a.runs, versions=versions, fps={s: FPS.get(s, DEFAULT_FPS) for s in seqs},
                    machine=dict(cpus=os.cpu_count(), load_avg=os.getloadavg()))
        with open(a.json, 'w') as f:
            json.dump(dict(meta=meta, results=results), f, indent=1)
    return 1 if failed else 0


def print_saved(files, a):
    """Print the tables of earlier --json files, merged per sequence and tool."""
    results = {}
    for f in files:
        for seq, by_tool in json.load(open(f))['results'].items():
            results.setdefault(seq, {}).update(by_tool)
    seqs = a.sequences.split(',') if a.sequences else sorted(results)
    tools = a.tools.split(',') if a.tools else list(TOOLS)
    print(report(results, tools, seqs))
    return 0


if __name__ == '__main__':
    sys.exit(main())
