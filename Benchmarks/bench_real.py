#!/usr/bin/env python3
"""Benchmark keychain-lint on real code: a folder of fetched repositories, against `grep -rc kSec`.

Usage (from the repository root):
  python3 Benchmarks/bench_real.py DIR [--runs 7]
  python3 Benchmarks/bench_real.py DIR --copies 12 [--runs 3] [--work WORK]

DIR holds checkouts of public repositories (never committed here). Each repository is linted on
its own from its root, and then the whole folder at once (a tree of many projects, the case where
cost used to grow with files x names). For each, prints the median wall time of keychain-lint (all
cores) and of `grep -rc kSec` on the same tree, their ratio, keychain-lint's peak RSS, and whether
the output equals the unoptimised path (KEYCHAIN_LINT_EXHAUSTIVE=1) byte for byte.

With --copies N, the Swift and project files of DIR (what keychain-lint reads) are copied N times
into one tree under WORK (default: a temporary folder, removed afterwards; an existing WORK/copies-N
is reused) and only that tree is measured: the many-file case for peak RSS (twelve copies of 17
repositories: 108,432 files, 497 MB of Swift). Every copy is its own project, so the output holds
each finding N times; it must still equal the unoptimised path's.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

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


# What keychain-lint reads: Swift files, entitlements, and the project files platforms come from.
READ_FILES = (".swift", ".entitlements", ".xcconfig", ".podspec")
READ_NAMES = ("Package.swift", "project.pbxproj", "Podfile")


def make_copies(source, copies, work):
    """`work/copies-N/copyK/…`: the files keychain-lint reads under `source`, N times."""
    tree = os.path.join(work, f"copies-{copies}")
    if os.path.isdir(tree):
        return tree
    for k in range(1, copies + 1):
        for folder, _, files in os.walk(source):
            for name in files:
                if name.endswith(READ_FILES) or name in READ_NAMES:
                    path = os.path.join(folder, name)
                    if not os.path.isfile(path) or os.path.islink(path):
                        continue
                    target = os.path.join(tree, f"copy{k:02}", os.path.relpath(path, source))
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    shutil.copyfile(path, target)
    return tree


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--copies", type=int, default=0, help="measure N copies of DIR's Swift and project files instead")
    ap.add_argument("--work", help="where --copies writes its tree (kept); default: a temporary folder, removed")
    a = ap.parse_args()
    binary = build()
    if a.copies > 0:
        work = a.work or tempfile.mkdtemp(prefix="keychain-lint-copies-")
        try:
            tree = make_copies(os.path.abspath(a.dir), a.copies, work)
            t, g, rss, same = measure(binary, tree, a.runs)
            print(f"{'tree':45} {'Swift MB':>8} {'lint s':>7} {'grep s':>7} {'ratio':>6} {'RSS MB':>7}  exhaustive")
            name = f"{a.copies} copies of {os.path.basename(os.path.abspath(a.dir))}"
            print(f"{name:45} {swift_megabytes(tree):8.1f} {t:7.3f} {g:7.3f} {t / g:6.2f} {rss / 1024:7.1f}  {'same' if same else 'DIFFERENT'}")
        finally:
            if not a.work:
                shutil.rmtree(work, ignore_errors=True)
        sys.exit(0 if same else 1)
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
