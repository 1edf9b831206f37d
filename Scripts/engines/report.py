"""Results of the engine check: a Row per table line (engine, renderer, format, option set) with its
counts, first failure and notes; Ctx, which holds the rows and compares each drawn frame with its
source (writing the failure images); and the lines above a report's table, shared by both modes."""

import os

import numpy as np

import raster
from sheets import ENGINE_KIND, SCALES_FIXTURE


class Row:
    def result_text(self, limit):
        """The row's result for a Markdown table cell, at most `limit` characters."""
        if self.status in ("not-written", "skipped", "refused"):
            res = "%s: %s" % (self.status, self.reason)
        elif getattr(self, "warned", None) and self.failed:
            res = "warned by flipbook (%s); FAIL as warned: %s" % (self.warned, self.first_failure)
        elif self.status == "error":
            res = "ERROR: " + self.reason
        elif self.failed:
            res = "FAIL: " + self.first_failure
        else:
            res = "ok"
        res = res.replace("|", "\\|").replace("\n", " ")
        return res if len(res) <= limit else res[:limit] + "…"

    def __init__(self, engine, variant, fmt, optset):
        self.engine, self.variant, self.fmt, self.optset = engine, variant, fmt, optset
        self.checked = 0
        self.failed = 0
        self.first_failure = ""
        self.status = "ran"  # ran | skipped | not-written | refused | error
        self.reason = ""
        self.notes = []

    def key(self):
        return (self.engine, self.variant, self.fmt, self.optset)

    def fail(self, reason):
        self.failed += 1
        if not self.first_failure:
            self.first_failure = reason

    def as_dict(self):
        return {"engine": self.engine, "variant": self.variant, "format": self.fmt, "option_set": self.optset,
                "kind": ENGINE_KIND.get(self.engine, ""), "status": self.status, "frames_checked": self.checked,
                "frames_failed": self.failed, "first_failure": self.first_failure, "reason": self.reason,
                "notes": self.notes}


class Ctx:
    def __init__(self, outdir, keep_fail_images=6):
        self.outdir = outdir
        self.rows = {}
        self.fail_images = {}
        self.keep = keep_fail_images

    def row(self, engine, variant, fmt, optset):
        k = (engine, variant, fmt, optset)
        if k not in self.rows:
            self.rows[k] = Row(*k)
        return self.rows[k]

    def check_frame(self, row, fixture, name, got, premult, expect_name=None):
        """Compares one drawn frame with the fixture's source; records the failure image."""
        src = fixture.pixels(name)
        row.checked += 1
        ok, why = raster.compare(src, got, premult)
        if not ok:
            row.fail("%s/%s: %s" % (fixture.name, name, why))
            n = self.fail_images.get(row.key(), 0)
            if n < self.keep:
                self.fail_images[row.key()] = n + 1
                p = os.path.join(self.outdir, "failures", row.engine + ("-" + row.variant if row.variant else ""),
                                 row.fmt, row.optset, fixture.name, name + ".png")
                raster.save_side_by_side(p, src, got, premult)
                if got is not None:  # the engine's pixels as read back, premultiplied, for closer study
                    np.save(p[:-4] + ".got-premultiplied.npy", got if premult else raster.premultiply(got))


def report_preamble(ctx, title, how, fb, fixtures, elapsed, tolerance_note):
    """The lines above a report's table: what ran, on what, the tolerances and the engine versions."""
    lines = ["# " + title, ""]
    lines.append("flipbook: `%s`%s  ·  fixtures: %s (+ %s for scales)  ·  %.0f s" % (
        fb.path, how, ", ".join(f.name for f in fixtures), SCALES_FIXTURE, elapsed))
    lines.append("Tolerance: alpha ±%d, premultiplied colour ±%d per channel; NEAREST sampling everywhere.%s" % (
        raster.TOL_ALPHA, raster.TOL_COLOUR, tolerance_note))
    versions = getattr(ctx, "versions", {})
    if versions:
        lines.append("Engines: " + ", ".join("%s %s" % kv for kv in versions.items()))
    lines.append("")
    return lines

