#!/usr/bin/env python3
"""Differential check of keychain-lint's tokenizer against tree-sitter-swift.

Compares the byte ranges of comments, string literals and regex literals that the tokenizer finds
(through the keychain-lint-tokens debug executable) with tree-sitter-swift's, file by file, and
prints every disagreement.

    pip install tree-sitter tree-sitter-swift
    swift build -c release --product keychain-lint-tokens
    python3 Scripts/tokenizer-diff.py [--strict] [--skip-errors] PATH...

--strict exits 1 on any disagreement (what .ci/run uses). --skip-errors leaves out files
tree-sitter cannot parse cleanly (its ERROR nodes make its ranges unreliable), and reports how
many were left out. The summary line gives files compared, files that agree exactly, and the
agreement per kind in ranges.

On real code, run it on a folder of fetched repositories: any folder works, walked at any depth for
`.swift` files (hidden folders such as `.git` and `.build` are left out). A repository fetched as a
bare git directory has no work tree; lay one out per repository first, then compare the lot:

    mkdir -p /tmp/trees
    for git_dir in FETCHED/*; do
        mkdir -p "/tmp/trees/$(basename "$git_dir")"
        git --git-dir="$git_dir" archive HEAD | tar -x -C "/tmp/trees/$(basename "$git_dir")"
    done
    python3 Scripts/tokenizer-diff.py /tmp/trees > tokenizer-diff.txt; tail -1 tokenizer-diff.txt

(FETCHED/NAME being each repository's git directory; checkouts can be named directly.) Without
--strict the exit status is 0 whatever it finds. Most disagreements on real code are tree-sitter's own
(it reads `/* … */` inside a string literal as a comment, and loses its way after `#warning(…)` or in
a parse error), so read the listed files, or run two builds (--tokens) on the same tree and diff the
two reports: a tokenizer change shows up as the files whose lines change.
"""
import argparse
import json
import os
import subprocess
import sys

import tree_sitter
import tree_sitter_swift

COMMENTS = {"comment", "multiline_comment"}
STRINGS = {"line_string_literal", "multi_line_string_literal", "raw_string_literal"}
REGEXES = {"regex_literal"}


def swift_files(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for base, dirs, files in os.walk(p):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for f in sorted(files):
                if f.endswith(".swift"):
                    yield os.path.join(base, f)


def tree_sitter_ranges(parser, data):
    """Comments anywhere; strings outermost only (one inside an interpolation is part of the outer)."""
    tree = parser.parse(data)
    out = {"comments": [], "strings": [], "regexes": []}
    stack = [(tree.root_node, False)]
    while stack:
        node, in_string = stack.pop()
        t = node.type
        if t in COMMENTS:
            end = node.end_byte
            # tree-sitter's `//` comment keeps the CR of a CRLF line end; in Swift the CR is the
            # line break already (keychain-lint ends the comment before it).
            if t == "comment" and end > node.start_byte and data[end - 1:end] == b"\r":
                end -= 1
            out["comments"].append((node.start_byte, end))
        elif t in REGEXES and not in_string:
            out["regexes"].append((node.start_byte, node.end_byte))
        elif t in STRINGS and not in_string:
            out["strings"].append((node.start_byte, node.end_byte))
        inner = in_string or t in STRINGS
        stack.extend((c, inner) for c in reversed(node.children))
    for k in out:
        out[k].sort()
    return out, tree.root_node.has_error


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--tokens", help="path of the keychain-lint-tokens executable (default: the release build)")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--skip-errors", action="store_true")
    ap.add_argument("--show", type=int, default=20, help="disagreements to print per file")
    a = ap.parse_args()

    tokens = os.path.abspath(a.tokens) if a.tokens else None  # a bare name would be looked up on PATH
    if tokens is None:
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], capture_output=True,
                                  text=True, check=True).stdout.strip()
        tokens = os.path.join(bin_path, "keychain-lint-tokens")
    files = list(swift_files(a.paths))
    if not files:
        print("tokenizer-diff: no Swift files", file=sys.stderr)
        return 2

    ours = {}
    for i in range(0, len(files), 200):
        chunk = files[i:i + 200]
        out = subprocess.run([tokens] + chunk, capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            record = json.loads(line)
            ours[record["file"]] = {k: sorted(tuple(r) for r in record[k]) for k in ("comments", "strings", "regexes")}

    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_swift.language()))
    compared = agreeing = skipped = 0
    totals = {k: [0, 0] for k in ("comments", "strings", "regexes")}  # [agreeing ranges, ranges in either]
    for path in files:
        with open(path, "rb") as f:
            data = f.read()
        theirs, has_error = tree_sitter_ranges(parser, data)
        if has_error and a.skip_errors:
            skipped += 1
            continue
        compared += 1
        mine = ours[path]
        problems = []
        for kind in totals:
            m, t = set(mine[kind]), set(theirs[kind])
            totals[kind][0] += len(m & t)
            totals[kind][1] += len(m | t)
            for r in sorted(m - t):
                problems.append(f"{kind[:-1]} {r[0]}..<{r[1]} only keychain-lint: {data[r[0]:r[1]][:60]!r}")
            for r in sorted(t - m):
                problems.append(f"{kind[:-1]} {r[0]}..<{r[1]} only tree-sitter: {data[r[0]:r[1]][:60]!r}")
        if problems:
            note = " (tree-sitter reports a parse error)" if has_error else ""
            print(f"{path}: {len(problems)} disagreement(s){note}")
            for p in problems[:a.show]:
                print("  " + p)
        else:
            agreeing += 1

    parts = []
    for kind, (same, either) in totals.items():
        parts.append(f"{kind} {same}/{either}" + (f" ({100.0 * same / either:.2f}%)" if either else ""))
    extra = f", {skipped} skipped (tree-sitter parse errors)" if a.skip_errors else ""
    print(f"tokenizer-diff: {compared} files, {agreeing} agree exactly{extra}; " + ", ".join(parts))
    return 1 if a.strict and agreeing != compared else 0


if __name__ == "__main__":
    sys.exit(main())
