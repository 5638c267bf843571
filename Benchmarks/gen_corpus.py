#!/usr/bin/env python3
"""Deterministic synthetic Swift corpus for keychain-lint's benchmark (standard library only).

Writes DIR/ModuleNN/<Group>/<Name>NNNN.swift and DIR/manifest.json. Most files are ordinary app
code: types, functions, control flow, closures, every kind of string literal (plain, escaped,
interpolated, raw, multi-line, raw multi-line) and comment (line, doc, block, nested block, MARK).
A seeded share of files (--keychain-ratio) holds a keychain store with two to five methods, each
either a planted mistake of one default rule or correct code; a smaller share holds decoys, Security
names inside strings and comments only. The manifest is the ground truth the benchmark checks:
every planted entry names its rule and the line the finding points at, and nothing else may be
reported.

Usage:
  python3 Benchmarks/gen_corpus.py --out DIR --files 2000 --mb 50 --seed 1 --keychain-ratio 0.01
The same arguments give byte-identical output (only random.Random(seed) decides anything).
"""
import argparse
import json
import os
import random

NOUNS = ("album anchor basket beacon bridge budget canvas cargo chapter circuit cluster comet "
         "compass courier crate delta digest domain engine fabric falcon fleet garden harbor "
         "helmet island journal kernel ladder lantern marker meadow mirror module nebula orbit "
         "packet parcel pilot planet portal prism quarry radar recipe relay ribbon rocket stencil "
         "signal sketch socket summit tablet tender ticket timber tunnel vector voyage wallet").split()
VERBS = ("align archive assemble balance capture collect compose convert deliver dispatch "
         "estimate evaluate export filter format gather import inspect measure normalize "
         "publish rebuild reconcile render restore schedule select simplify summarize trace").split()
ADJECTIVES = "active ancient brisk calm clever daily eager hidden lively modest quiet rapid rare silent steady vivid".split()
SCALARS = ["Int", "Double", "Bool", "String", "UInt8", "Float"]
REMARKS = [
    "Keep the order stable; callers rely on it",
    "Cheap enough to call on every frame",
    "Mirrors the server's rounding rules",
    "TODO: fold into the shared formatter",
    "Only the main actor touches this state",
    "Values arrive already validated upstream",
    "NOTE: retried once before giving up",
    "The empty case is handled by the caller",
]
PHRASES = [
    "Nothing to show yet",
    "Synced %d records",
    "Tap again to retry",
    "The draft was restored",
    "Your changes are saved",
    "Downloading the latest issue",
    "Could not reach the server",
]
HOSTS = ["forum.example.net", "shop.example.org", "mail.example.com", "accounts.example.io", "news.example.dev"]
TEAM_ID = "QWERT12345"


def cap(word):
    return word[:1].upper() + word[1:]


class SwiftFile:
    """Lines of one file, with helpers that draw from one seeded generator."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []

    def add(self, text=""):
        self.lines.append(text)

    @property
    def next_line(self):
        return len(self.lines) + 1

    def name(self):
        r = self.rng
        return r.choice(ADJECTIVES) + cap(r.choice(NOUNS)) + (str(r.randrange(100)) if r.random() < 0.15 else "")

    def type_name(self):
        r = self.rng
        return cap(r.choice(ADJECTIVES)) + cap(r.choice(NOUNS)) + r.choice(["", "Box", "Model", "Router", "Cache", "Coordinator"])

    def text(self):
        r = self.rng
        phrase = r.choice(PHRASES).replace("%d", str(r.randrange(1000)))
        pick = r.random()
        if pick < 0.5:
            return f'"{phrase}"'
        if pick < 0.75:
            return f'"{phrase}: \\({self.name()}) of \\({r.randrange(50)})"'
        if pick < 0.85:
            return f'"{phrase}\\t\\"{r.choice(NOUNS)}\\"\\n"'
        if pick < 0.95:
            return f'#"{phrase} \\w+ "{r.choice(NOUNS)}" \\#(value)"#'
        return f'"\\u{{2728}} {phrase}"'

    def value(self, kind):
        r = self.rng
        if kind == "Int" or kind == "UInt8":
            return str(r.randrange(0, 250))
        if kind in ("Double", "Float"):
            return f"{r.randrange(-500, 500)}.{r.randrange(100):02d}"
        if kind == "Bool":
            return r.choice(["true", "false"])
        return self.text()

    def remark(self, indent):
        r = self.rng
        pick = r.random()
        if pick < 0.5:
            self.add(f"{indent}// {r.choice(REMARKS)}")
        elif pick < 0.75:
            self.add(f"{indent}/// {r.choice(REMARKS)}.")
            self.add(f"{indent}/// - Returns: the {r.choice(NOUNS)} after the change.")
        elif pick < 0.9:
            self.add(f"{indent}/* {r.choice(REMARKS)},")
            self.add(f"{indent}   and again below. */")
        elif pick < 0.95:
            self.add(f"{indent}/* outer /* {r.choice(REMARKS)} */ still a comment */")
        else:
            self.add(f"{indent}// MARK: - {cap(r.choice(NOUNS))}")


def body(f, indent, depth, count, returns):
    """`count` statements; the last returns a `returns` value when one is wanted."""
    r = f.rng
    known = []
    for _ in range(count):
        if r.random() < 0.12:
            f.remark(indent)
        pick = r.random()
        if pick < 0.28 or not known:
            kind = r.choice(SCALARS)
            name = f.name()
            known.append(name)
            f.add(f"{indent}let {name}: {kind} = {f.value(kind)}")
        elif pick < 0.38 and depth < 3:
            f.add(f"{indent}if {r.choice(known)} == {r.choice(known)} {{")
            body(f, indent + "    ", depth + 1, r.randrange(1, 3), None)
            f.add(f"{indent}}} else if {r.randrange(9)} < {r.randrange(9)} {{")
            f.add(f"{indent}    print({f.text()})")
            f.add(f"{indent}}}")
        elif pick < 0.46 and depth < 3:
            f.add(f"{indent}for index in stride(from: 0, to: {r.randrange(4, 90)}, by: {r.randrange(1, 4)}) where index % 2 == 0 {{")
            body(f, indent + "    ", depth + 1, r.randrange(1, 3), None)
            f.add(f"{indent}}}")
        elif pick < 0.52 and depth < 3:
            f.add(f"{indent}switch {r.choice(known)}.hashValue % {r.randrange(2, 6)} {{")
            for case in range(r.randrange(1, 4)):
                f.add(f"{indent}case {case}:")
                f.add(f"{indent}    print({f.text()}, {case})")
            f.add(f"{indent}default:")
            f.add(f"{indent}    break")
            f.add(f"{indent}}}")
        elif pick < 0.60:
            name = f.name()
            known.append(name)
            values = ", ".join(str(r.randrange(200)) for _ in range(r.randrange(2, 7)))
            f.add(f"{indent}let {name} = [{values}].filter {{ $0 > {r.randrange(100)} }}.map {{ $0 * {r.randrange(2, 9)} }}.reduce(0, +)")
        elif pick < 0.66:
            f.add(f'{indent}let {f.name()} = """')
            for _ in range(r.randrange(1, 4)):
                f.add(f"{indent}    {r.choice(PHRASES)} \\({r.randrange(10)}) and \"quotes\"")
            f.add(f'{indent}    """')
        elif pick < 0.70:
            f.add(f'{indent}let {f.name()} = #"""')
            f.add(f'{indent}    raw "{r.choice(NOUNS)}" with \\n kept')
            f.add(f'{indent}    """#')
        elif pick < 0.76:
            f.add(f"{indent}guard let {f.name()} = Optional({r.randrange(100)}), {r.randrange(5)} <= {r.randrange(5, 10)} else {{")
            f.add(f"{indent}    {'return' if returns is None else 'return ' + f.value(returns)}")
            f.add(f"{indent}}}")
        elif pick < 0.83:
            f.add(f"{indent}{r.choice(VERBS)}{cap(r.choice(NOUNS))}(limit: {r.randrange(99)}) {{ outcome in")
            f.add(f"{indent}    let line = \"\\(outcome) \\({r.randrange(9)})\"")
            f.add(f"{indent}    print(line)")
            f.add(f"{indent}}}")
        elif pick < 0.88:
            f.add(f"{indent}do {{")
            f.add(f"{indent}    try validate{cap(r.choice(NOUNS))}({r.choice(known)})")
            f.add(f"{indent}}} catch {{")
            f.add(f"{indent}    print(\"failed: \\(error)\")")
            f.add(f"{indent}}}")
        else:
            f.add(f"{indent}print({r.choice(known)}, {f.text()})")
    if returns:
        f.add(f"{indent}return {f.value(returns)}")


def method(f, indent, is_static=False):
    r = f.rng
    if r.random() < 0.45:
        f.remark(indent)
    params = ", ".join(f"{r.choice(NOUNS)}{i}: {r.choice(SCALARS)}" for i in range(r.randrange(0, 4)))
    returns = r.choice([None, None, "Int", "Bool", "String"])
    prefix = r.choice(["", "private ", "fileprivate ", "public ", "@inlinable public "])
    if is_static:
        prefix += "static "
    arrow = f" -> {returns}" if returns else ""
    f.add(f"{indent}{prefix}func {r.choice(VERBS)}{cap(f.name())}({params}){arrow} {{")
    body(f, indent + "    ", 1, r.randrange(2, 11), returns)
    f.add(f"{indent}}}")
    f.add()


def declaration(f):
    r = f.rng
    name = f.type_name()
    f.remark("")
    pick = r.random()
    if pick < 0.30:
        f.add(f"struct {name}: {r.choice(['Equatable', 'Hashable', 'Codable', 'Sendable'])} {{")
        for _ in range(r.randrange(2, 6)):
            kind = r.choice(SCALARS)
            f.add(f"    var {f.name()}: {kind} = {f.value(kind)}")
        f.add()
        for _ in range(r.randrange(1, 5)):
            method(f, "    ")
        f.add("}")
    elif pick < 0.52:
        f.add(f"final class {name} {{")
        f.add(f"    private var {f.name()}: [String: Int] = [:]")
        f.add(f"    var onUpdate: (({r.choice(SCALARS)}) -> Void)?")
        f.add()
        f.add("    init() {}")
        f.add()
        for _ in range(r.randrange(2, 6)):
            method(f, "    ")
        f.add("}")
    elif pick < 0.64:
        f.add(f"enum {name}: Int, CaseIterable {{")
        for index, word in enumerate(sorted(set(r.choice(NOUNS) for _ in range(r.randrange(2, 7))))):
            f.add(f"    case {word} = {index * 10 + r.randrange(10)}")
        f.add()
        f.add("    var label: String {")
        f.add("        switch self {")
        f.add(f"        default: return {f.text()}")
        f.add("        }")
        f.add("    }")
        f.add("}")
    elif pick < 0.72:
        f.add(f"protocol {name}Source {{")
        for _ in range(r.randrange(1, 4)):
            f.add(f"    func {r.choice(VERBS)}{cap(f.name())}() async throws -> {r.choice(SCALARS)}")
        f.add("}")
    elif pick < 0.80:
        f.add(f"struct {name}<Element: Comparable> {{")
        f.add("    var items: [Element] = []")
        f.add()
        f.add("    func largest() -> Element? { items.max() }")
        f.add("}")
    elif pick < 0.92:
        f.add(f"extension {name} {{")
        for _ in range(r.randrange(1, 4)):
            method(f, "    ", is_static=r.random() < 0.3)
        f.add("}")
    else:
        method(f, "")
    f.add()


# ---- keychain code -----------------------------------------------------------------------------
# A case is (rule or None, signature, lines). "@@" ends the line the finding points at (stripped);
# "{svc}" and "{acct}" are made unique per instance, so no two cases describe the same item.
MARK = "@@"
PROTECTED = "kSecUseDataProtectionKeychain as String: true,"
CASES = {
    "web-login-service": ("generic-password-web-login", "(account: String, secret: Data) -> OSStatus", [
        "var item: [String: Any] = [kSecClass as String: kSecClassGenericPassword]",
        "item[kSecAttrService as String] = \"https://{host}/signin\"@@",
        "item[kSecAttrAccount as String] = account",
        "item[kSecValueData as String] = secret",
        "item[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemAdd(item as CFDictionary, nil)"]),
    "identity-literal": ("identity-add", "(identity: SecIdentity) -> OSStatus", [
        "let attributes: [String: Any] = [",
        "    kSecClass as String: kSecClassIdentity,@@",
        "    kSecValueRef as String: identity,",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(attributes as CFDictionary, nil)"]),
    "group-without-team": ("access-group-team-id", "() -> OSStatus", [
        "let query: [String: Any] = [",
        "    kSecClass as String: kSecClassGenericPassword,",
        "    kSecAttrService as String: \"{svc}\",",
        "    kSecAttrAccessGroup as String: \"com.example.{noun}.shared\",@@",
        "    kSecReturnData as String: true,",
        "    " + PROTECTED,
        "]",
        "var result: CFTypeRef?",
        "return SecItemCopyMatching(query as CFDictionary, &result)"]),
    "synced-device-only": ("sync-this-device-only", "(payload: Data) -> OSStatus", [
        "var attrs = [String: Any]()",
        "attrs[kSecClass as String] = kSecClassGenericPassword",
        "attrs[kSecAttrService as String] = \"{svc}\"",
        "attrs[kSecAttrAccount as String] = \"{acct}\"",
        "attrs[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
        "attrs[kSecAttrSynchronizable as String] = kCFBooleanTrue@@",
        "attrs[kSecValueData as String] = payload",
        "attrs[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemAdd(attrs as CFDictionary, nil)"]),
    "certificate-tag": ("certificate-application-tag", "(certificate: SecCertificate) -> OSStatus", [
        "let addCertificate: [String: Any] = [",
        "    kSecClass as String: kSecClassCertificate,",
        "    kSecValueRef as String: certificate,",
        "    kSecAttrApplicationTag as String: Data(\"{svc}\".utf8),@@",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(addCertificate as CFDictionary, nil)"]),
    "legacy-keychain-read": ("missing-data-protection-keychain", "() -> Data?", [
        "var lookup = [String: Any]()",
        "lookup[kSecClass as String] = kSecClassGenericPassword",
        "lookup[kSecAttrService as String] = \"{svc}\"",
        "lookup[kSecReturnData as String] = true",
        "var found: CFTypeRef?",
        "guard SecItemCopyMatching(lookup as CFDictionary, &found) == errSecSuccess else { return nil }@@",
        "return found as? Data"]),
    "internet-with-service": ("internet-password-invalid-attribute", "(account: String, secret: Data) -> OSStatus", [
        "let entry: [String: Any] = [",
        "    kSecClass as String: kSecClassInternetPassword,",
        "    kSecAttrServer as String: \"{host}\",",
        "    kSecAttrAccount as String: account,",
        "    kSecAttrService as String: \"{svc}\",@@",
        "    kSecValueData as String: secret,",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(entry as CFDictionary, nil)"]),
    "always-accessible": ("deprecated-accessibility", "(payload: Data) -> OSStatus", [
        "var q = [String: Any]()",
        "q[kSecClass as String] = kSecClassGenericPassword",
        "q[kSecAttrService as String] = \"{svc}\"",
        "q[kSecAttrAccount as String] = \"{acct}\"",
        "q[kSecAttrAccessible as String] = kSecAttrAccessibleAlways@@",
        "q[kSecValueData as String] = payload",
        "q[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemAdd(q as CFDictionary, nil)"]),
    "move-to-group": ("access-group-update", "() -> OSStatus", [
        "let match: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: \"{svc}\", " + PROTECTED[:-1] + "]",
        "let changes: [String: Any] = [",
        "    kSecAttrAccessGroup as String: \"" + TEAM_ID + ".com.example.{noun}\",@@",
        "]",
        "return SecItemUpdate(match as CFDictionary, changes as CFDictionary)"]),
    "label-from-text": ("application-label-string", "(key: SecKey) -> OSStatus", [
        "let stored: [String: Any] = [",
        "    kSecClass as String: kSecClassKey,",
        "    kSecValueRef as String: key,",
        "    kSecAttrApplicationLabel as String: \"{svc}\",@@",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(stored as CFDictionary, nil)"]),
    "key-without-type": ("key-query-missing-key-type", "(tag: Data) -> SecKey?", [
        "let keyQuery: [String: Any] = [",
        "    kSecClass as String: kSecClassKey,",
        "    kSecAttrApplicationTag as String: tag,",
        "    kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,",
        "    kSecReturnRef as String: true,",
        "    " + PROTECTED,
        "]",
        "var ref: CFTypeRef?",
        "guard SecItemCopyMatching(keyQuery as CFDictionary, &ref) == errSecSuccess else { return nil }@@",
        "return (ref as! SecKey)"]),
    "key-without-size": ("key-generation-missing-attribute", "() -> SecKey?", [
        "let parameters: [String: Any] = [",
        "    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,",
        "    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: false],",
        "]",
        "var failure: Unmanaged<CFError>?",
        "return SecKeyCreateRandomKey(parameters as CFDictionary, &failure)@@"]),
    "password-without-account": ("generic-password-missing-primary-key", "(payload: Data) -> OSStatus", [
        "let blob: [String: Any] = [",
        "    kSecClass as String: kSecClassGenericPassword,",
        "    kSecValueData as String: payload,",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(blob as CFDictionary, nil)@@"]),
    "raw-key-bytes": ("raw-key-data-add", "(tag: Data, keyBytes: Data) -> OSStatus", [
        "var keyItem = [String: Any]()",
        "keyItem[kSecClass as String] = kSecClassKey",
        "keyItem[kSecAttrKeyType as String] = kSecAttrKeyTypeECSECPrimeRandom",
        "keyItem[kSecAttrApplicationTag as String] = tag",
        "keyItem[kSecValueData as String] = keyBytes@@",
        "keyItem[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemAdd(keyItem as CFDictionary, nil)"]),
    "good-internet": (None, "(account: String, secret: Data) -> OSStatus", [
        "let entry: [String: Any] = [",
        "    kSecClass as String: kSecClassInternetPassword,",
        "    kSecAttrServer as String: \"{host}\",",
        "    kSecAttrProtocol as String: kSecAttrProtocolHTTPS,",
        "    kSecAttrAccount as String: account,",
        "    kSecValueData as String: secret,",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(entry as CFDictionary, nil)"]),
    "good-shared-read": (None, "() -> Data?", [
        "let query: [CFString: Any] = [",
        "    kSecClass: kSecClassGenericPassword,",
        "    kSecAttrService: \"{svc}\",",
        "    kSecAttrAccessGroup: \"" + TEAM_ID + ".com.example.{noun}\",",
        "    kSecReturnData: true,",
        "    kSecUseDataProtectionKeychain: true,",
        "]",
        "var out: CFTypeRef?",
        "return SecItemCopyMatching(query as CFDictionary, &out) == errSecSuccess ? out as? Data : nil"]),
    "good-narrow-delete": (None, "() -> OSStatus", [
        "var doomed = [String: Any]()",
        "doomed[kSecClass as String] = kSecClassGenericPassword",
        "doomed[kSecAttrService as String] = \"{svc}\"",
        "doomed[kSecAttrAccount as String] = \"{acct}\"",
        "doomed[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemDelete(doomed as CFDictionary)"]),
}
DECOYS = [
    '// Old builds stored tokens with kSecAttrAccessibleAlways; the migration removed it.',
    '/* SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil) */',
    'let keychainNote = "kSecAttrSynchronizable with kSecAttrAccessibleWhenUnlockedThisDeviceOnly fails"',
    'let example = #"q[kSecAttrAccessGroup as String] = "com.example.shared""#',
    'let sample = """\n    let query = [kSecClass: kSecClassCertificate, kSecAttrApplicationTag: tag]\n    """',
]


def keychain_store(f, path, serial, planted):
    """A keychain store type with two to five cases; appends their manifest entries."""
    r = f.rng
    f.add(f"struct {f.type_name()}KeychainStore {{")
    f.add()
    for index, case in enumerate(r.sample(sorted(CASES), r.randrange(2, 6))):
        rule, signature, lines = CASES[case]
        unique = f"{serial}x{index}"
        fill = {"svc": f"com.example.{r.choice(NOUNS)}.{unique}", "acct": f"{r.choice(NOUNS)}-{unique}",
                "host": r.choice(HOSTS), "noun": r.choice(NOUNS)}
        f.add(f"    /// {r.choice(REMARKS)}.")
        f.add(f"    func {case.replace('-', '_')}{unique}{signature} {{")
        first, marked = f.next_line, None
        for line in lines:
            for key, value in fill.items():
                line = line.replace("{" + key + "}", value)
            if line.endswith(MARK):
                line, marked = line[:-len(MARK)], f.next_line
            f.add("        " + line)
        entry = {"file": path, "span": [first, f.next_line - 1], "case": case}
        entry.update({"rule": rule, "line": marked} if rule else {"expect": "no finding"})
        planted.append(entry)
        f.add("    }")
        f.add()
    f.add("}")
    f.add()


def write_file(args, index, keychain, decoy, planted):
    """One file of about the average size (60% to 140%); returns its text."""
    rng = random.Random(args.seed * 7_919 + index * 104_729)
    f = SwiftFile(rng)
    folder = f"Module{index % 24:02d}/{cap(rng.choice(NOUNS))}"
    path = f"{folder}/{cap(rng.choice(ADJECTIVES))}{cap(rng.choice(NOUNS))}{index:05d}.swift"
    f.add(f"// {os.path.basename(path)}")
    f.add("// Generated by Benchmarks/gen_corpus.py for keychain-lint's benchmark; do not edit.")
    f.add()
    f.add("import Foundation")
    if keychain:
        f.add("import Security")
    f.add()
    target = args.mb * 1024 * 1024 / args.files * rng.uniform(0.6, 1.4)
    keychain_at = rng.uniform(0.15, 0.85) * target if keychain else None
    decoy_at = rng.uniform(0.1, 0.9) * target if decoy else None
    size = 0
    while size < target or keychain_at is not None:
        if keychain_at is not None and size >= keychain_at:
            keychain_store(f, path, index, planted)
            keychain_at = None
        if decoy_at is not None and size >= decoy_at:
            planted.append({"file": path, "line": f.next_line, "case": "DECOY", "expect": "no finding"})
            for line in rng.choice(DECOYS).split("\n"):
                f.add(line)
            f.add()
            decoy_at = None
        start = len(f.lines)
        declaration(f)
        size += sum(len(line) + 1 for line in f.lines[start:])
    return path, "\n".join(f.lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--mb", type=float, default=50.0, help="approximate total size in MiB")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keychain-ratio", type=float, default=0.01)
    ap.add_argument("--decoy-ratio", type=float, default=0.005)
    args = ap.parse_args()

    chooser = random.Random(args.seed)
    keychain_count = max(1, round(args.files * args.keychain_ratio)) if args.keychain_ratio > 0 else 0
    keychain_files = set(chooser.sample(range(args.files), keychain_count))
    decoy_files = set(chooser.sample(range(args.files), round(args.files * args.decoy_ratio))) - keychain_files
    planted, total, paths = [], 0, []
    for index in range(args.files):
        path, text = write_file(args, index, index in keychain_files, index in decoy_files, planted)
        full = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        total += len(text.encode("utf-8"))
        if index in keychain_files:
            paths.append(path)
    manifest = {"generator": "Benchmarks/gen_corpus.py", "seed": args.seed, "files": args.files, "bytes": total,
                "keychain_files": sorted(paths), "planted": planted}
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as out:
        json.dump(manifest, out, indent=1)
    mistakes = sum(1 for p in planted if "rule" in p)
    print(f"wrote {args.files} files, {total} bytes ({total / 1048576:.1f} MiB), {len(paths)} keychain files, "
          f"{mistakes} planted mistakes, {sum(1 for p in planted if p['case'] == 'DECOY')} decoys -> {args.out}")


if __name__ == "__main__":
    main()
