#!/usr/bin/env python3
"""Checks that the release binary's time grows linearly with its input, by wall time alone.

The unit tests' linearity checks (`HostileInputTests`, `testDeepConditionalCompilationIsLinear`)
count work with counters the engine keeps itself; a scan that forgets to count would pass them.
This script is the backstop that does not rely on the code counting itself: it generates each
input at size n and at 4n (in a temporary folder, so it runs in any clone), runs the binary on
both several times, and compares the fastest runs. Linear work grows 4 times from n to 4n,
quadratic work 16 times; a ratio above MAX_RATIO (8, between the two) fails. The time of a run on
an empty file (process start, rule set-up) is subtracted first, so a fixed cost does not hide
growth, and each input at n is sized to take well over that cost.

Timing on a shared machine is noisy: each measurement is the minimum of RUNS runs (load only ever
adds time), and a shape whose ratio is over the limit is measured once more before it fails. n is
doubled until a run at n is long enough to time (TARGET_SECONDS), up to MAX_BYTES; a shape whose run
at 4n is still too short to time at that size passes, as too fast for a quadratic scan of megabytes.

Usage: bench-linear.py [BINARY]      BINARY: the release keychain-lint (default: the one
                                     `swift build -c release --show-bin-path` names)
       bench-linear.py --self-test   the check against a linear and a quadratic command: the first
                                     must pass and the second fail, or the check proves nothing
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

MAX_RATIO = 8.0
RUNS = 3
# n is doubled (from each shape's starting size) until the run at n takes at least TARGET_SECONDS
# beyond the fixed cost, so the comparison is of work and not of noise on any machine; a shape
# that stays under MIN_SECONDS at MAX_BYTES fails rather than compare noise.
TARGET_SECONDS = 0.1
MIN_SECONDS = 0.05
MAX_BYTES = 24 << 20
# A shape still under MIN_SECONDS at 4n when n can grow no more passes as too fast to be anything
# but linear: a quadratic scan of megabytes on one line takes minutes.
# A file with no keychain name is dropped before it is tokenized (the prefilter): every shape
# starts with one, so the tokenizer, the model and the rules see the rest.
HEADER = "let prefilterKey = kSecClass\n"


def rep(s, n):
    return s * n


def keychain_file(i):
    return (
        f"struct Store{i} {{\n"
        f"    func save(_ data: Data) -> OSStatus {{\n"
        f"        let query: [String: Any] = [\n"
        f"            kSecClass as String: kSecClassGenericPassword,\n"
        f"            kSecAttrService as String: \"https://shop{i}.example.com\",\n"
        f"            kSecAttrAccount as String: \"user\",\n"
        f"            kSecValueData as String: data,\n"
        f"        ]\n"
        f"        return Helpers.add{i % 50}(query)\n"
        f"    }}\n"
        f"}}\n"
        f"enum Helpers{i} {{ static let key{i} = kSecAttrService as String }}\n"
        f"extension Helpers {{\n"
        f"    static func add{i}(_ q: [String: Any]) -> OSStatus {{ SecItemAdd(q as CFDictionary, nil) }}\n"
        f"}}\n"
    )


# Each shape: (name, n, make) where make(n) returns {relative path: text}. The shapes are the
# hostile inputs of HostileInputTests and the tokenizer's pathological lines, plus a project of
# many files whose helpers call one another across files (the project rounds).
def shapes():
    one = lambda text: {"Hostile.swift": HEADER + text}
    lookups = lambda i: (
        f"let f{i} = SecItemCopyMatching([kSecClass: kSecClassKey] as CFDictionary, nil)\n"
        f"if f{i} == errSecItemNotFound {{ SecItemAdd([kSecClass: kSecClassGenericPassword] as CFDictionary, nil) }}\n"
        "SecItemDelete([kSecClass: kSecClassKey] as CFDictionary)\n"
        f"let s{i} = SecItemAdd([kSecClass: kSecClassGenericPassword] as CFDictionary, nil)\n"
        f"switch s{i} {{ case errSecSuccess: break; case let e: throw E(status: e) }}\n")
    swift_options = ("  keychain.synchronizable = true\n"
                     "  keychain.set(v, forKey: \"k\", withAccess: .accessibleAlwaysThisDeviceOnly)\n"
                     "  if o == .accessibleAlways { x = .accessibleAlways }\n"
                     "  switch o { case .accessibleAlways: return .accessibleAlways; default: break }\n")
    result = [
        ("brackets", 400_000, lambda n: one(rep("[", n) + rep("]", n))),
        ("parentheses", 400_000, lambda n: one(rep("(", n))),
        ("braces", 400_000, lambda n: one("func f() " + rep("{", n))),
        ("keyed literals", 20_000, lambda n: one("let q = " + rep("[kSecClass: ", n) + "1" + rep("]", n))),
        ("unclosed strings", 40_000, lambda n: one(rep("let s = \"abc\n", n))),
        ("dictionaries before an unclosed raw multi-line string", 20_000, lambda n: one(
            rep("let q = [kSecClass: kSecClassGenericPassword]\n", n) + "let s = ##\"\"\"\n")),
        ("nested interpolations", 40_000, lambda n: one(rep("let s = \"\\(\"\\(\"\\(\n", n))),
        ("long line of tokens", 40_000, lambda n: one(rep("kSecAttrService, x + 1; ", n))),
        ("dictionaries", 10_000, lambda n: one("".join(
            f"let q{i}: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: \"s\"]\n"
            f"SecItemAdd(q{i} as CFDictionary, nil)\n" for i in range(n)))),
        ("lookups, deletes and throws", 3_000, lambda n: one(
            "func f() throws {\n" + "".join(lookups(i) for i in range(n)) + "}\n")),
        ("KeychainSwift in one function", 3_000, lambda n: one(
            "import KeychainSwift\nfunc f(keychain: KeychainSwift) -> KeychainSwiftAccessOptions {\n"
            + rep(swift_options, n) + "}\n")),
        ("KeychainSwift in deep blocks", 1_000, lambda n: one(
            "import KeychainSwift\nfunc f() -> KeychainSwiftAccessOptions {\n"
            + rep("if c {\n" + swift_options, n) + rep("}\n", n + 1))),
        ("nested raw string openings", 30_000, lambda n: one(
            rep("#\"\"\"\\#(", n) + "x" + rep(")\"#", n))),
        ("nested unclosed raw string openings", 15_000, lambda n: one(rep("##\"\"\"\\##(#\"\"\"\\#(", n))),
        ("runs of > before ?", 400_000, lambda n: one("a" + rep(">", n) + "?")),
        # Many types with a stored `query` set by their initializers and read by a method: the
        # property's writers, owners and initializers are looked up per name, not per type. (Locals
        # keep names of their own: many locals of one name in one file are another, older cost.)
        ("stored properties", 1_000, lambda n: one("".join(
            f"struct S{i} {{\n  let query: [String: Any]\n"
            f"  init(s: String) {{ var q{i}: [String: Any] = [kSecClass as String: kSecClassGenericPassword]\n"
            f"    q{i}[kSecAttrService as String] = s\n    self.query = q{i} }}\n"
            f"  init() {{ query = [kSecClass as String: kSecClassGenericPassword] }}\n"
            f"  func remove(account: String) -> OSStatus {{ var copy{i} = self.query\n"
            f"    copy{i}[kSecAttrAccount as String] = account\n    return SecItemDelete(copy{i} as CFDictionary) }}\n}}\n"
            for i in range(n)))),
        ("project of helpers", 600, lambda n: {f"Sources/File{i}.swift": keychain_file(i) for i in range(n)}),
    ]
    for pattern in ["(/", "#/a", "= /a ", "`", "#", ">", "\"\\(", "/*", "0x", "a.", "\\#("]:
        result.append((f"one line of {pattern!r}", 400_000 // len(pattern),
                       lambda n, p=pattern: one(rep(p, n))))
    return result


def write(folder, files):
    for path, text in files.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)


def fastest(command, runs=RUNS):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best


def ratio(command_n, command_4n, fixed):
    """(ratio, seconds at n, seconds at 4n), each beyond the fixed cost."""
    small = max(fastest(command_n) - fixed, 0.0)
    large = max(fastest(command_4n) - fixed, 0.0)
    return large / max(small, 1e-3), small, large


def judge(name, measure, at_limit=False):
    """Runs `measure` (returning ratio, small, large); measures once more when over the limit.
    Returns True (linear), False (not), or None when the run at n was too short to judge and n can
    still grow. `at_limit`: n cannot grow, so a run at 4n too short to time passes, and a short run
    at n is judged by its ratio all the same."""
    r, small, large = measure()
    if r > MAX_RATIO:
        r, small, large = measure()
    if at_limit and large < MIN_SECONDS:
        print(f"ok   {name}: {large:.3f} s at 4n, too fast to time at the size limit (a quadratic scan would take minutes)")
        return True
    if small < MIN_SECONDS and not at_limit:
        return None
    ok = r <= MAX_RATIO
    why = "" if ok else f"  (over {MAX_RATIO}: not linear)"
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {small:.3f} s at n, {large:.3f} s at 4n, ratio {r:.1f}{why}")
    return ok


def calibrated(name, n, make, scratch, binary, fixed):
    """The shape's files at n and 4n, with n doubled until a run at n is long enough to time."""
    while True:
        folders = []
        for size in (n, 4 * n):
            folder = os.path.join(scratch, f"{len(folders)}-{size}")
            shutil.rmtree(folder, ignore_errors=True)
            write(folder, make(size))
            folders.append(folder)
        commands = [[binary, "--format", "json", folder] for folder in folders]
        small = fastest(commands[0], runs=2) - fixed
        large_bytes = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(folders[1]) for f in fs)
        if small >= TARGET_SECONDS or large_bytes * 2 > MAX_BYTES:
            return n, folders, commands, small < TARGET_SECONDS
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)
        n *= 2


def run(binary):
    scratch = tempfile.mkdtemp(prefix="kl-bench-")
    try:
        empty = os.path.join(scratch, "empty")
        write(empty, {"Empty.swift": "\n"})
        fixed = fastest([binary, "--format", "json", empty], runs=RUNS * 2)
        print(f"fixed cost (an empty file): {fixed:.3f} s; limit: ratio {MAX_RATIO} from n to 4n")
        failures = []
        for name, start, make in shapes():
            verdict = None
            while verdict is None:
                n, folders, commands, at_limit = calibrated(name, start, make, scratch, binary, fixed)
                fixed = min(fixed, fastest([binary, "--format", "json", empty]))
                verdict = judge(f"{name} (n = {n})", lambda: ratio(commands[0], commands[1], fixed), at_limit)
                for folder in folders:
                    shutil.rmtree(folder, ignore_errors=True)
                start = 2 * n  # too short to judge after all (the load fell): larger
            if not verdict:
                failures.append(name)
        if failures:
            print(f"bench-linear: not linear (or too small to tell): {', '.join(failures)}", file=sys.stderr)
            return 1
        print("bench-linear: every shape linear")
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def self_test():
    """A command whose time is linear in its argument must pass; a quadratic one must fail."""
    linear = "import sys\nn=int(sys.argv[1])\ns=0\nfor i in range(n): s+=i\n"
    quadratic = "import sys\nn=int(sys.argv[1])\ns=0\nfor i in range(n):\n  for j in range(n): s+=1\n"
    py = sys.executable
    start = [py, "-c", "pass"]
    fixed = fastest(start)
    ok_linear = judge("self-test, linear command", lambda: ratio([py, "-c", linear, "1000000"], [py, "-c", linear, "4000000"], fixed), True)
    quadratic_ratio = lambda: ratio([py, "-c", quadratic, "1500"], [py, "-c", quadratic, "6000"], fixed)
    ok_quadratic = judge("self-test, quadratic command", quadratic_ratio, True)
    # Load on a shared machine slows the short run at n as much as the long one at 4n, which
    # lowers a quadratic's ratio: one that looks linear is measured again, as a linear shape over
    # the limit is, before the check is called blind.
    for _ in range(2):
        if ok_quadratic is not True:
            break
        ok_quadratic = judge("self-test, quadratic command (again)", quadratic_ratio, True)
    if ok_linear is True and ok_quadratic is False:
        print("bench-linear self-test: a linear command passes, a quadratic one fails")
        return 0
    print("bench-linear self-test: the check does not tell linear from quadratic", file=sys.stderr)
    return 1


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) > 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary = argv[1] if len(argv) == 2 else None
    if binary is None:
        path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], capture_output=True, text=True, check=True)
        binary = os.path.join(path.stdout.strip(), "keychain-lint")
    if not os.access(binary, os.X_OK):
        print(f"bench-linear: no executable at {binary} (build it: swift build -c release)", file=sys.stderr)
        return 2
    return run(binary)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
