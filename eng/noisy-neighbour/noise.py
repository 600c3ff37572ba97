#!/usr/bin/env python3
"""A noisy neighbour for measuring SerBench on a busy host: WORKERS processes (default 2), each alternating a busy spin
and a sleep of random lengths (default 10-300 ms each), so the measuring process shares its cores with load that comes
and goes, as a VM's other tenants or a laptop's other programs do. Runs until stopped (Ctrl+C or SIGTERM).

Usage: eng/noisy-neighbour/noise.py [--workers N] [--busy-ms LO HI] [--sleep-ms LO HI] [--seed S]
"""
import argparse
import multiprocessing
import random
import signal
import sys
import time


def worker(seed, busy, idle):
    rng = random.Random(seed)
    while True:
        end = time.perf_counter() + rng.uniform(*busy) / 1000
        while time.perf_counter() < end:
            pass
        time.sleep(rng.uniform(*idle) / 1000)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--busy-ms", type=float, nargs=2, default=[10, 300])
    parser.add_argument("--sleep-ms", type=float, nargs=2, default=[10, 300])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    procs = [multiprocessing.Process(target=worker, args=(args.seed + i, args.busy_ms, args.sleep_ms), daemon=True) for i in range(args.workers)]
    for p in procs:
        p.start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
