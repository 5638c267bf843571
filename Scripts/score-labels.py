#!/usr/bin/env python3
"""Score keychain-lint against hand labels of real code (docs/accuracy/labels-cross-call.md).

Usage: python3 Scripts/score-labels.py REAL_DIR [--binary PATH] [--labels FILE] [--slack N]

REAL_DIR holds one checkout per labelled repository, named as the labels' first column (the
repository's name without its owner). Each is linted from its root with --format json and the
default rules; a label is found when a finding of its rule is on its path within N lines (default
0: the exact line). Prints recall by scope (single / cross, and each cross kind), the findings on
lines labelled "not a mistake" (known false positives), and the findings that match no label at
all (to triage by reading). Labels and findings stay data: no repository code is kept.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tables(path):
    """Rows of each `## heading`'s tables, as dicts keyed by the header cells."""
    section, header, out = None, None, collections.defaultdict(list)
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            section, header = line[3:].strip(), None
            continue
        if not line.startswith("|"):
            header = None if not line.strip() else header
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set("".join(cells)) <= set("-: "):
            out[section].append(dict(zip(header, cells)))
    return out


def lint(binary, repo):
    run = subprocess.run([binary, "--format", "json", "."], cwd=repo, capture_output=True, text=True)
    return [(f["file"].removeprefix("./"), f["line"], f["ruleId"]) for f in json.loads(run.stdout)["findings"]]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("real")
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "keychain-lint"))
    ap.add_argument("--labels", default=os.path.join(ROOT, "docs", "accuracy", "labels-cross-call.md"))
    ap.add_argument("--slack", type=int, default=0)
    ap.add_argument("--missed", action="store_true", help="also list the labelled mistakes not found")
    a = ap.parse_args()
    sections = tables(a.labels)
    mistakes = next(v for k, v in sections.items() if k.startswith("Mistakes"))
    traps = next((v for k, v in sections.items() if k.startswith("Looked at")), [])
    repos = sorted({r["repository"] for r in mistakes + traps})
    findings = {r: lint(a.binary, os.path.join(a.real, r)) for r in repos if os.path.isdir(os.path.join(a.real, r))}

    def hit(row):
        line = int(re.match(r"\d+", row["line"]).group()) if re.match(r"\d+", row["line"]) else -1
        return any(p == row["path"] and rule == row["rule id"] and abs(l - line) <= a.slack
                   for p, l, rule in findings.get(row["repository"], []))

    found, total = collections.Counter(), collections.Counter()
    for row in mistakes:
        if row["repository"] not in findings:
            continue
        scope = row["scope"].split()[0]
        kinds = re.findall(r"(parameter|return|inout|property|protocol|closure|wrapper type)", row["scope"])
        for key in [scope] + [f"cross: {k}" for k in set(kinds)]:
            total[key] += 1
            found[key] += hit(row)
    print(f"{'scope':22} {'found':>5} / {'labelled':<8}")
    for key in sorted(total):
        print(f"{key:22} {found[key]:5} / {total[key]:<8} {100 * found[key] / total[key]:5.0f}%")
    if a.missed:
        print("\nmissed labelled mistakes:")
        for row in mistakes:
            if row["repository"] in findings and not hit(row):
                print(f"  {row['repository']} {row['path']}:{row['line']} {row['rule id']} [{row['scope']}]")
    flagged_traps = [t for t in traps if t["repository"] in findings and hit(t)]
    print(f"\nfindings on 'not a mistake' lines: {len(flagged_traps)}")
    for t in flagged_traps:
        print(f"  {t['repository']} {t['path']}:{t['line']} {t['rule id']}")
    labelled = {(r["repository"], r["path"], r["rule id"]) for r in mistakes + traps}
    unmatched = [(repo, p, l, rule) for repo, fs in findings.items() for p, l, rule in fs
                 if not any(abs(l - int(re.match(r"\d+", r["line"]).group() or 0)) <= a.slack
                            for r in mistakes + traps if (r["repository"], r["path"], r["rule id"]) == (repo, p, rule)
                            and re.match(r"\d+", r["line"]))]
    print(f"findings that match no label: {len(unmatched)} (triage these by reading)")
    for u in unmatched[:60]:
        print("  ", *u)
    return 0


if __name__ == "__main__":
    sys.exit(main())
