#!/usr/bin/env python3
"""Benchmark keychain-lint against `grep -rc kSec` on the same tree, alternating runs.

Usage (from the repository root):
  python3 Benchmarks/bench.py                      # both corpora, 7 runs each
  python3 Benchmarks/bench.py --runs 11 --generator ../shared/bench/gen_corpus.py

Corpora are made with the repository's own deterministic generator (Benchmarks/gen_corpus.py,
standard library only), or another with the same arguments and manifest (--generator PATH, such as
the shared ../shared/bench/gen_corpus.py, on whose corpora the earlier figures were taken): the 1% corpus
(2,000 files, 50 MB, about 1% keychain files) and a dense one (every file holds keychain code).
Each generator's corpora live in their own folder under --work, so one is never measured as
another's. The planted mistakes in each corpus's manifest.json must all be found, and nothing else,
and the output must be byte-identical to the unoptimised path
(KEYCHAIN_LINT_EXHAUSTIVE=1: no prefilter, no jumped-over code, no selective second pass), so a
speed-up can never come from skipping work.

Prints median wall time, MB/s, peak RSS of keychain-lint, the ratio to grep, and the MB/s of one
job alone (KEYCHAIN_LINT_JOBS=1), which is the per-core figure.
"""
import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build():
    """The binary `make install` installs (`make binary` builds it and prints its path): what users run."""
    out = subprocess.run(["make", "-s", "binary"], cwd=ROOT, check=True, capture_output=True, text=True)
    return out.stdout.strip().splitlines()[-1]


def generator_key(generator):
    """Corpora are cached per generator: a digest of it and the corpus_*.py modules beside it, so a
    changed or different generator gets corpora of its own."""
    folder = os.path.dirname(os.path.abspath(generator))
    modules = sorted(n for n in os.listdir(folder) if n.startswith("corpus_") and n.endswith(".py"))
    digest = hashlib.sha256()
    for path in [generator] + [os.path.join(folder, n) for n in modules]:
        with open(path, "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()[:12]


def generate(generator, out, files, mb, ratio):
    if os.path.exists(os.path.join(out, "manifest.json")):
        return
    subprocess.run([sys.executable, generator, "--out", out, "--files", str(files), "--mb", str(mb),
                    "--seed", "1", "--keychain-ratio", str(ratio)], check=True, stdout=subprocess.DEVNULL)


def timed(cmd, cwd, env=None):
    """Wall time and this child's own peak RSS (kB) of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = 0
    return wall, usage.ru_maxrss


def check_manifest(binary, corpus):
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    out = subprocess.run([binary, "--format", "json", "."], cwd=corpus, capture_output=True, text=True)
    found = {(f["file"].removeprefix("./"), f["line"], f["ruleId"]) for f in json.loads(out.stdout)["findings"]}
    want = {(p["file"], p["line"], p["rule"]) for p in manifest["planted"] if "rule" in p}
    return len(want), sorted(want - found), sorted(found - want)


def bench(binary, corpus, runs, label):
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".swift"))
    tool, grep, one_job, rss = [], [], [], 0
    single = dict(os.environ, KEYCHAIN_LINT_JOBS="1")
    for _ in range(runs):  # alternate so all see the same cache and machine state
        w, peak = timed([binary, "."], corpus)
        tool.append(w)
        rss = max(rss, peak)
        w, _ = timed(["grep", "-rc", "kSec", "."], corpus)
        grep.append(w)
        w, _ = timed([binary, "."], corpus, env=single)
        one_job.append(w)
    parallel_out = subprocess.run([binary, "."], cwd=corpus, capture_output=True).stdout
    sequential = subprocess.run([binary, "."], cwd=corpus, capture_output=True,
                                env=dict(os.environ, KEYCHAIN_LINT_JOBS="1")).stdout
    # The unoptimised path: no prefilter, every function body walked, every file in the second pass.
    exhaustive = subprocess.run([binary, "."], cwd=corpus, capture_output=True,
                                env=dict(os.environ, KEYCHAIN_LINT_EXHAUSTIVE="1")).stdout
    planted, missing, unexpected = check_manifest(binary, corpus)
    t, g, one = statistics.median(tool), statistics.median(grep), statistics.median(one_job)
    mb = size / 1e6
    print(f"{label}: {mb:.1f} MB, {runs} runs")
    print(f"  keychain-lint  median {t:.3f} s  {mb / t:7.1f} MB/s  peak RSS {rss / 1024:.1f} MB")
    print(f"  one job        median {one:.3f} s  {mb / one:7.1f} MB/s per core (KEYCHAIN_LINT_JOBS=1)")
    print(f"  grep -rc kSec  median {g:.3f} s  {mb / g:7.1f} MB/s")
    print(f"  ratio to grep  {t / g:.2f}x")
    print(f"  planted findings: {planted}, missing {len(missing)}, unexpected {len(unexpected)}")
    print(f"  parallel output identical to sequential: {parallel_out == sequential}")
    print(f"  output identical to the unoptimised path (KEYCHAIN_LINT_EXHAUSTIVE=1): {parallel_out == exhaustive}")
    ok = not missing and not unexpected and parallel_out == sequential and parallel_out == exhaustive
    for m in missing[:10]:
        print("    missing", m)
    for u in unexpected[:10]:
        print("    unexpected", u)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "keychain-lint-bench"))
    ap.add_argument("--generator", default=os.path.join(ROOT, "Benchmarks", "gen_corpus.py"),
                    help="corpus generator (default: the repository's own)")
    a = ap.parse_args()
    if not os.path.exists(a.generator):
        sys.exit(f"corpus generator not found: {a.generator}")
    binary = build()
    work = os.path.join(a.work, generator_key(a.generator))
    print(f"corpora from {os.path.relpath(a.generator, ROOT)} in {work}")
    sparse = os.path.join(work, "sparse")
    dense = os.path.join(work, "dense")
    generate(a.generator, sparse, 2000, 50, 0.01)
    generate(a.generator, dense, 400, 10, 1.0)
    ok = bench(binary, sparse, a.runs, "1% keychain corpus")
    ok = bench(binary, dense, a.runs, "dense keychain corpus") and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
