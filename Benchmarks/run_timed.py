"""Runs a command N times; prints the median wall time (s) and the peak RSS (MiB) as JSON.

usage: run_timed.py [--repeat N] -- COMMAND...
Output of the command is discarded; a non-zero exit status other than the expected one is an error.
"""
import json
import os
import resource
import subprocess
import sys
import time

args = sys.argv[1:]
repeat = 3
expect = None
while args and args[0] != "--":
    if args[0] == "--repeat":
        repeat, args = int(args[1]), args[2:]
    elif args[0] == "--expect":
        expect, args = int(args[1]), args[2:]
    else:
        sys.exit(f"unknown option {args[0]}")
command = args[1:]
times, peak = [], 0
for _ in range(repeat):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    times.append(time.perf_counter() - start)
    peak = max(peak, usage.ru_maxrss)
    code = os.waitstatus_to_exitcode(status)
    if expect is not None and code != expect:
        sys.exit(f"{command[0]} exited {code}, expected {expect}")
times.sort()
print(json.dumps({"seconds": round(times[len(times) // 2], 4), "rss_mib": round(peak / 1024, 1)}))
