"""Ordinary Swift for Benchmarks/gen_corpus.py: types, functions, control flow, closures, every
kind of string literal and comment. None of it names anything the linter's prefilters look for
(`kSec`, `SecItem`, `Keychain`, …), so only the keychain and decoy files of a corpus are read in full.
"""

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
