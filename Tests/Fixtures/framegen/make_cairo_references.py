#!/usr/bin/python3
"""Renders every scene in scenes/*.json with Cairo and writes cairo/<name>.png.

Dev-time only (the tests read the committed PNGs, never Cairo). Needs Debian's python3-cairo:
    apt-get install python3-cairo && /usr/bin/python3 make_cairo_references.py
Arcs (SVG `A`) are drawn with Cairo's own arc (not our cubic approximation), quadratics are
raised exactly to cubics; everything else maps one to one.
"""
import json, math, os, re, sys
import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
NUMBER = re.compile(r'[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?')


def tokens(data):
    i = 0
    while i < len(data):
        c = data[i]
        if c in ' \t\r\n,':
            i += 1
        elif c.isalpha():
            yield c
            i += 1
        else:
            m = NUMBER.match(data, i)
            if not m:
                raise ValueError(f'bad path data at {i}: {data[i:i+10]!r}')
            yield float(m.group())
            i = m.end()


def draw_path(ctx, data):
    # Arc flags written without separators ("01") are not handled; the scenes separate them.
    items = list(tokens(data))
    pos = 0
    cmd = None
    cur = (0.0, 0.0)
    start = (0.0, 0.0)
    last_c = None
    last_q = None
    def num():
        nonlocal pos
        v = items[pos]; pos += 1
        return v
    while pos < len(items):
        if isinstance(items[pos], str):
            cmd = items[pos]; pos += 1
        rel = cmd.islower()
        ox, oy = cur if rel else (0.0, 0.0)
        C = cmd.upper()
        nc, nq = None, None
        if C == 'M':
            x, y = num() + ox, num() + oy
            ctx.move_to(x, y); cur = start = (x, y)
            cmd = 'l' if rel else 'L'
        elif C == 'L':
            x, y = num() + ox, num() + oy
            ctx.line_to(x, y); cur = (x, y)
        elif C == 'H':
            x = num() + ox
            ctx.line_to(x, cur[1]); cur = (x, cur[1])
        elif C == 'V':
            y = num() + oy
            ctx.line_to(cur[0], y); cur = (cur[0], y)
        elif C in 'QT':
            if C == 'Q':
                qx, qy = num() + ox, num() + oy
            else:
                qx, qy = (2 * cur[0] - last_q[0], 2 * cur[1] - last_q[1]) if last_q else cur
            x, y = num() + ox, num() + oy
            c1 = (cur[0] + 2 / 3 * (qx - cur[0]), cur[1] + 2 / 3 * (qy - cur[1]))
            c2 = (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y))
            ctx.curve_to(*c1, *c2, x, y); cur = (x, y); nq = (qx, qy)
        elif C in 'CS':
            if C == 'C':
                c1 = (num() + ox, num() + oy)
            else:
                c1 = (2 * cur[0] - last_c[0], 2 * cur[1] - last_c[1]) if last_c else cur
            c2 = (num() + ox, num() + oy)
            x, y = num() + ox, num() + oy
            ctx.curve_to(*c1, *c2, x, y); cur = (x, y); nc = c2
        elif C == 'A':
            rx, ry, rot = num(), num(), num()
            large, sweep = num() != 0, num() != 0
            x, y = num() + ox, num() + oy
            arc(ctx, cur, (x, y), rx, ry, rot, large, sweep)
            cur = (x, y)
        elif C == 'Z':
            ctx.close_path(); cur = start
        else:
            raise ValueError(cmd)
        last_c, last_q = nc, nq


def arc(ctx, p0, p1, rx, ry, rot, large, sweep):
    if p0 == p1:
        return
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        ctx.line_to(*p1)
        return
    phi = math.radians(rot)
    cp, sp = math.cos(phi), math.sin(phi)
    hx, hy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cp * hx + sp * hy, -sp * hx + cp * hy
    lam = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if lam > 1:
        rx *= math.sqrt(lam); ry *= math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    f = math.sqrt(max(0, num) / den)
    if large == sweep:
        f = -f
    cx1, cy1 = f * rx * y1 / ry, -f * ry * x1 / rx
    cx = cp * cx1 - sp * cy1 + (p0[0] + p1[0]) / 2
    cy = sp * cx1 + cp * cy1 + (p0[1] + p1[1]) / 2
    t1 = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    dt = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - t1
    if sweep and dt < 0:
        dt += 2 * math.pi
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    ctx.save()
    ctx.translate(cx, cy)
    ctx.rotate(phi)
    ctx.scale(rx, ry)
    (ctx.arc if dt > 0 else ctx.arc_negative)(0, 0, 1, t1, t1 + dt)
    ctx.restore()


def rgba(hexcolor):
    h = hexcolor.lstrip('#')
    v = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
    return v + [1.0] * (4 - len(v))


def render(scene):
    scale = scene.get('scale', 1)
    w, h = scene['size']
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(w * scale), round(h * scale))
    ctx = cairo.Context(surface)
    ctx.scale(scale, scale)
    if 'background' in scene:
        ctx.set_source_rgba(*rgba(scene['background']))
        ctx.paint()
    for op in scene['ops']:
        ctx.new_path()
        ctx.set_source_rgba(*rgba(op.get('color', '#000000')))
        if 'fill' in op:
            draw_path(ctx, op['fill'])
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if op.get('rule') == 'evenodd' else cairo.FILL_RULE_WINDING)
            ctx.fill()
        elif 'stroke' in op:
            draw_path(ctx, op['stroke'])
            ctx.set_line_width(op.get('width', 1))
            ctx.set_line_cap({'butt': cairo.LINE_CAP_BUTT, 'round': cairo.LINE_CAP_ROUND, 'square': cairo.LINE_CAP_SQUARE}[op.get('cap', 'butt')])
            ctx.set_line_join({'miter': cairo.LINE_JOIN_MITER, 'round': cairo.LINE_JOIN_ROUND, 'bevel': cairo.LINE_JOIN_BEVEL}[op.get('join', 'miter')])
            ctx.set_miter_limit(op.get('miterLimit', 10))
            ctx.set_dash(op.get('dash', []), op.get('dashPhase', 0))
            ctx.stroke()
        elif 'clip' in op:
            draw_path(ctx, op['clip'])
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if op.get('rule') == 'evenodd' else cairo.FILL_RULE_WINDING)
            ctx.clip()
        else:
            raise ValueError(f'unsupported op {op}')
    return surface


def main():
    names = sorted(f[:-5] for f in os.listdir(os.path.join(HERE, 'scenes')) if f.endswith('.json'))
    os.makedirs(os.path.join(HERE, 'cairo'), exist_ok=True)
    for name in names:
        with open(os.path.join(HERE, 'scenes', name + '.json')) as f:
            scene = json.load(f)
        render(scene).write_to_png(os.path.join(HERE, 'cairo', name + '.png'))
    print(f'{len(names)} references, cairo {cairo.cairo_version_string()}')


if __name__ == '__main__':
    main()
