#!/usr/bin/env python3
"""Fails when a Swift file or one of its declarations is too long to read in one go.

Limits: a `.swift` file under Sources/, Tests/ or Plugins/ has at most 400 lines; a function,
initializer, subscript, computed property or closure-initialised property has at most 80, counted
from the line of its keyword (`func`, `init`, `var`, …) to the line of its closing brace, however
many lines its signature takes.

Comments and string literals (raw, multi-line and interpolated ones included) are blanked before
braces are counted, so a `{` in a string or a comment neither opens nor closes a body.

Usage: check-sizes.py [ROOT]      check the repository at ROOT (default: the script's parent folder)
       check-sizes.py --self-test check the checker against small known inputs
"""
import os
import re
import sys

MAX_FILE_LINES = 400
MAX_BODY_LINES = 80
FOLDERS = ("Sources", "Tests", "Plugins")

# A keyword or modifier at bracket depth 0 between a function's keyword and its `{` means the
# declaration has no body (a protocol requirement): the next declaration has begun.
NEXT_DECLARATION = {
    "func", "var", "let", "init", "deinit", "subscript", "case", "typealias", "associatedtype",
    "struct", "class", "enum", "protocol", "extension", "import", "static", "private", "public",
    "package", "internal", "fileprivate", "mutating", "nonmutating", "override", "final", "open",
    "convenience", "required", "@", "}",
}


def blank_comments_and_strings(text):
    """`text` with every comment and string literal byte (delimiters included) replaced by a
    space, line breaks kept, so line numbers and code stay where they were. Interpolated code
    inside a string is kept as code."""
    out = list(text)
    n = len(text)
    # Stack of modes: ("string", hashes, multiline) or ("interp", paren_depth).
    modes = []
    i = 0

    def blank(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        top = modes[-1] if modes else None
        c = text[i]
        if top is not None and top[0] == "string":
            _, hashes, multiline = top
            closer = ('"""' if multiline else '"') + "#" * hashes
            if text.startswith(closer, i):
                blank(i, i + len(closer))
                modes.pop()
                i += len(closer)
                continue
            if c == "\\" and text.startswith("#" * hashes, i + 1):
                after = i + 1 + hashes
                if after < n and text[after] == "(":
                    blank(i, after + 1)
                    modes.append(["interp", 0])
                    i = after + 1
                    continue
                blank(i, after + 1)
                i = after + 1
                continue
            if c == "\n" and not multiline:
                modes.pop()  # an unterminated single-line string ends at the line break
                continue
            blank(i, i + 1)
            i += 1
            continue
        # Code (top level or inside an interpolation).
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
            continue
        m = re.compile(r'(#*)("""|")').match(text, i)
        if m and (m.group(1) == "" or c == "#"):
            hashes = len(m.group(1))
            multiline = m.group(2) == '"""'
            end = m.end()
            if multiline and hashes:
                # As in the compiler's lexer, `#"""` opens a one-line raw string when the rest of its
                # line has a `"` followed by as many `#`s: `#"""#` is a string holding one quote.
                rest = re.match(r'[^\r\n]*', text[m.start(2) + 2:]).group(0)
                if '"' + "#" * hashes in rest:
                    multiline, end = False, m.start(2) + 1
            blank(i, end)
            modes.append(("string", hashes, multiline))
            i = end
            continue
        if top is not None and top[0] == "interp":
            if c == "(":
                top[1] += 1
            elif c == ")":
                if top[1] == 0:
                    blank(i, i + 1)
                    modes.pop()
                    i += 1
                    continue
                top[1] -= 1
        i += 1
    return "".join(out)


TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|->|[{}()\[\]=:.@\n]")


def tokens(code):
    """(text, line) for identifiers, brackets, `=`, `:`, `.`, `@`, `->` and line breaks."""
    line = 1
    for m in TOKEN.finditer(code):
        t = m.group(0)
        if t == "\n":
            line += 1
            yield t, line - 1
            continue
        yield t, line


def long_declarations(text):
    """(name, first line, line count) of every body over MAX_BODY_LINES lines."""
    toks = [t for t in tokens(blank_comments_and_strings(text))]
    code = [t for t in toks if t[0] != "\n"]
    # The closing brace of each opening one, by index into `code`.
    partner = {}
    stack = []
    for k, (t, _) in enumerate(code):
        if t == "{":
            stack.append(k)
        elif t == "}" and stack:
            partner[stack.pop()] = k
    found = []
    for k, (t, line) in enumerate(code):
        previous = code[k - 1][0] if k > 0 else ""
        if previous == ".":
            continue  # `self.init(…)`, `.init`: a call, not a declaration
        body = None
        if t in ("func", "init", "deinit", "subscript"):
            name = code[k + 1][0] if t == "func" and k + 1 < len(code) else t
            body = body_after_signature(code, k + 1)
        elif t in ("var", "let"):
            name = code[k + 1][0] if k + 1 < len(code) else t
            body = body_of_property(code, k + 1, computed_allowed=(t == "var"))
        if body is None or body not in partner:
            continue
        count = code[partner[body]][1] - line + 1
        if count > MAX_BODY_LINES:
            found.append((name, line, count))
    return found


def body_after_signature(code, k):
    """Index of the `{` opening the body of the function whose signature starts at `k`, or None."""
    depth = 0
    while k < len(code):
        t = code[k][0]
        if t in ("(", "["):
            depth += 1
        elif t in (")", "]"):
            depth -= 1
        elif depth == 0:
            if t == "{":
                return k
            if t in NEXT_DECLARATION:
                return None
        k += 1
    return None


def body_of_property(code, k, computed_allowed):
    """Index of the `{` of `var x: T {` (computed) or `let x = {` / `var x = {` (closure), or None."""
    if k + 1 >= len(code):
        return None
    k += 1  # past the name
    depth = 0
    has_type = code[k][0] == ":"
    while k < len(code):
        t = code[k][0]
        if t in ("(", "["):
            depth += 1
        elif t in (")", "]"):
            depth -= 1
        elif depth == 0:
            if t == "=":
                return k + 1 if k + 1 < len(code) and code[k + 1][0] == "{" else None
            if t == "{":
                return k if computed_allowed and has_type else None
            if t in NEXT_DECLARATION or t in ("if", "guard", "while", "else", "return"):
                return None
        k += 1
    return None


def check(root):
    problems = []
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                lines = len(text.splitlines())
                if lines > MAX_FILE_LINES:
                    problems.append(f"{rel}: {lines} lines (limit {MAX_FILE_LINES})")
                for decl, line, count in long_declarations(text):
                    problems.append(f"{rel}:{line}: '{decl}' is {count} lines (limit {MAX_BODY_LINES})")
    return problems


def self_test():
    def lines(body_lines):
        return "\n".join(f"    x{k} = {k}" for k in range(body_lines))

    cases = [
        # (source, expected [(name, first line, count)])
        (f"func short() {{\n{lines(78)}\n}}\n", []),
        (f"func long() {{\n{lines(79)}\n}}\n", [("long", 1, 81)]),
        # A signature over several lines counts; the body's `{` is found after it.
        (f"func wide(\n    a: Int,\n    b: [String: Int] = [:]\n) throws -> Int {{\n{lines(76)}\n}}\n",
         [("wide", 1, 81)]),
        # Braces in strings and comments, nested comments, raw and multi-line strings.
        ("func s() {\n    let a = \"}\"\n    // }\n    /* } /* } */ } */\n    let b = #\"}\"#\n"
         "    let c = \"\"\"\n    }\n    \"\"\"\n    let d = \"\\(f(\"}\"))\"\n" + lines(72) + "\n}\n",
         [("s", 1, 82)]),
        # A protocol requirement has no body: the next declaration's is not taken for it.
        ("protocol P {\n    func f()\n    var x: Int { get }\n}\n" + f"func g() {{\n{lines(79)}\n}}\n",
         [("g", 5, 81)]),
        # Initializers, computed properties and closure-initialised properties.
        (f"init(a: Int) {{\n{lines(79)}\n}}\n", [("init", 1, 81)]),
        (f"var v: Int {{\n{lines(79)}\n}}\n", [("v", 1, 81)]),
        (f"static let table: [UInt8] = {{\n{lines(79)}\n}}()\n", [("table", 1, 81)]),
        # `#"""#` is a one-line raw string holding a quote, not a multi-line opening.
        ("func q() {\n    let a = #\"\"\"#\n}\n" + f"func r() {{\n{lines(79)}\n}}\n", [("r", 4, 81)]),
        (f"let m = #\"\"\"\n}}\n\"#\n\"\"\"#\nfunc t() {{\n{lines(79)}\n}}\n", [("t", 5, 81)]),
        # `if let x {`, `self.init(…)` and stored properties are not declarations with bodies.
        (f"func h() {{\n    if let x {{\n{lines(70)}\n    }}\n    self.init(a: 1)\n}}\nlet y = 1\n", []),
    ]
    failures = 0
    for source, expected in cases:
        got = long_declarations(source)
        if got != expected:
            failures += 1
            print(f"self-test: expected {expected}, got {got} for:\n{source[:200]}", file=sys.stderr)
    if failures:
        sys.exit(1)
    print(f"check-sizes self-test: {len(cases)} cases passed")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = check(root)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"check-sizes: {len(problems)} over the limits (files {MAX_FILE_LINES} lines, "
              f"declarations {MAX_BODY_LINES})", file=sys.stderr)
        sys.exit(1)
    print("check-sizes: every file and declaration within the limits")


if __name__ == "__main__":
    main()
