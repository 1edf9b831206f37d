"""Runs a command N times; prints the median wall time (s) and the peak RSS (MiB) as JSON.

usage: run_timed.py [--repeat N] [--expect CODE] -- COMMAND...
Output of the command is discarded; an exit status other than the expected one (0) is an error.
gif_bench.py imports `timed` from here.
"""
import json
import os
import subprocess
import sys
import time


def timed(command, repeat=3, expect=0):
    """Median wall seconds and peak RSS in MiB over `repeat` runs of `command`."""
    times, peak = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        times.append(time.perf_counter() - start)
        peak = max(peak, usage.ru_maxrss)
        code = os.waitstatus_to_exitcode(status)
        if expect is not None and code != expect:
            raise SystemExit(f"{command[0]} exited {code}, expected {expect}\n{process.stderr.read().decode()}")
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
