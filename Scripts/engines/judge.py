"""Judging what a reader or engine drew: every frame a sheet must hold is looked up by name
(judge_drawn) or, in a Godot SpriteFrames, by animation and position (judge_godot), and its pixels are
compared with the source through Ctx.check_frame. Where the fixture has no sources of the sheet's
scale (the @1x sheet of `scales1,2`) only the frame's presence is checked, and in judge_drawn its size."""

from sheets import expected_frames, seq_key


def judge_drawn(ctx, row, fx, drawn, optname, sc, pixel, label, name_of=lambda n: n):
    by = {}
    for d in drawn:
        by[name_of(d.name)] = d
    for n, w, h in expected_frames(fx, optname, sc):
        d = by.get(n)
        if d is None:
            k = seq_key(n)
            d = by.get("%s#%d" % k) if k[1] is not None else None
        row.checked += 1
        if d is None:
            row.fail("%s%s/%s: no frame of that name (reader has %d: %s)" % (fx.name, label, n, len(by), ", ".join(sorted(by)[:5])))
            continue
        if not pixel:
            if d.pixels is not None and d.pixels.shape[:2] != (h, w):
                row.fail("%s%s/%s: %dx%d, want %dx%d" % (fx.name, label, n, d.pixels.shape[1], d.pixels.shape[0], w, h))
            continue
        row.checked -= 1
        ctx.check_frame(row, fx, n, d.pixels, True)


def judge_godot(ctx, row, fx, drawn, anims, optname, sc, pixel, label):
    # frames are named "<animation>#<position>"; the fixture's sequences give the expected order,
    # a named sprite is the one-frame animation of its name ("coinGold#0")
    by = {d.name: d for d in drawn}
    for seq, names in fx.godot_animations().items():
        a = anims.get(seq)
        if a is None:
            row.checked += len(names)
            row.fail("%s%s: no animation %r (has: %s)" % (fx.name, label, seq, ", ".join(map(str, anims)) or "none"))
            continue
        if len(a["frames"]) != len(names):
            row.fail("%s%s: animation %r has %d frames, want %d" % (fx.name, label, seq, len(a["frames"]), len(names)))
        for i, n in enumerate(names):
            d = by.get("%s#%d" % (seq, i))
            if d is None:
                row.checked += 1
                row.fail("%s%s/%s: animation %r has no frame %d" % (fx.name, label, n, seq, i))
                continue
            if not pixel:
                row.checked += 1
                continue
            ctx.check_frame(row, fx, n, d.pixels, True)
