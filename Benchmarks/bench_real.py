#!/usr/bin/env python3
"""Benchmark keychain-lint on real code: a folder of fetched repositories, against `grep -rc kSec`.

Usage (from the repository root):
  python3 Benchmarks/bench_real.py DIR [--runs 7]

DIR holds checkouts of public repositories (never committed here). Each repository is linted on
its own from its root, and then the whole folder at once (a tree of many projects, the case where
cost used to grow with files x names). For each, prints the median wall time of keychain-lint (all
cores) and of `grep -rc kSec` on the same tree, their ratio, keychain-lint's peak RSS, and whether
the output equals the unoptimised path (KEYCHAIN_LINT_EXHAUSTIVE=1) byte for byte.
"""
import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import build, timed  # noqa: E402


def swift_megabytes(tree):
    total = 0
    for d, _, files in os.walk(tree):
        total += sum(os.path.getsize(os.path.join(d, f)) for f in files if f.endswith(".swift")
                     and os.path.isfile(os.path.join(d, f)))
    return total / 1e6


def measure(binary, tree, runs):
    tool, grep, rss = [], [], 0
    for _ in range(runs):  # alternate so both see the same cache and machine state
        w, peak = timed([binary, "."], tree)
        tool.append(w)
        rss = max(rss, peak)
        w, _ = timed(["grep", "-rc", "kSec", "."], tree)
        grep.append(w)
    out = subprocess.run([binary, "."], cwd=tree, capture_output=True).stdout
    exhaustive = subprocess.run([binary, "."], cwd=tree, capture_output=True,
                                env=dict(os.environ, KEYCHAIN_LINT_EXHAUSTIVE="1")).stdout
    return statistics.median(tool), statistics.median(grep), rss, out == exhaustive


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--runs", type=int, default=7)
    a = ap.parse_args()
    binary = build()
    trees = sorted(os.path.join(a.dir, d) for d in os.listdir(a.dir) if os.path.isdir(os.path.join(a.dir, d)))
    ok = True
    print(f"{'tree':45} {'Swift MB':>8} {'lint s':>7} {'grep s':>7} {'ratio':>6} {'RSS MB':>7}  exhaustive")
    for tree in trees + [a.dir]:
        t, g, rss, same = measure(binary, tree, a.runs)
        ok = ok and same
        name = "(all together)" if tree == a.dir else os.path.basename(tree)
        print(f"{name:45} {swift_megabytes(tree):8.1f} {t:7.3f} {g:7.3f} {t / g:6.2f} {rss / 1024:7.1f}  {'same' if same else 'DIFFERENT'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
