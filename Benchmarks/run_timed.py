"""Runs a command N times; prints the median wall time (s) and the peak RSS (MiB) as JSON.

usage: run_timed.py [--repeat N] [--expect CODE] -- COMMAND...
Output of the command is discarded; an exit status other than the expected one (0) is an error.
gif_bench.py imports `timed` from here.
"""
import json
import os
import subprocess
import sys
import tempfile
import time


def timed(command, repeat=3, expect=0):
    """Median wall seconds and peak RSS in MiB over `repeat` runs of `command`.

    The RSS comes from GNU time, not from wait4 here: Linux carries a process's peak RSS across
    exec, so a child forked from this Python (tens of MiB once numpy is loaded) would report at
    least Python's size whatever it ran. GNU time is small, and it forks the command afresh."""
    times, peak = [], 0
    for _ in range(repeat):
        with tempfile.NamedTemporaryFile("r") as report:
            start = time.perf_counter()
            process = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name, *command],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            times.append(time.perf_counter() - start)
            peak = max(peak, int(report.read().split()[-1]))
        if expect is not None and process.returncode != expect:
            raise SystemExit(f"{command[0]} exited {process.returncode}, expected {expect}\n{process.stderr.decode()}")
    times.sort()
    return times[len(times) // 2], peak / 1024


if __name__ == "__main__":
    args = sys.argv[1:]
    repeat, expect = 3, 0
    while args and args[0] != "--":
        if args[0] == "--repeat":
            repeat, args = int(args[1]), args[2:]
        elif args[0] == "--expect":
            expect, args = int(args[1]), args[2:]
        else:
            sys.exit(f"unknown option {args[0]}")
    seconds, rss = timed(args[1:], repeat, expect)
    print(json.dumps({"seconds": round(seconds, 4), "rss_mib": round(rss, 1)}))
