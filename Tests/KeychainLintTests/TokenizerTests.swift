import Foundation
import XCTest
@testable import KeychainLintCLI
@testable import KeychainLintReporters
@testable import KeychainLint
@testable import KeychainLintRules
@testable import KeychainLintProject
@testable import KeychainLintModel
@testable import KeychainLintSyntax

/// A token as the tests see it: its kind and its text.
struct Tok: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String
    init(_ kind: TokenKind, _ text: String) {
        self.kind = kind
        self.text = text
    }
    var description: String { "\(kind)(\(text.debugDescription))" }
}

// Short constructors for the tables.
private func id(_ s: String) -> Tok { Tok(.identifier, s) }
private func kw(_ s: String) -> Tok { Tok(.keyword, s) }
private func int(_ s: String) -> Tok { Tok(.integerLiteral, s) }
private func flt(_ s: String) -> Tok { Tok(.floatLiteral, s) }
private func op(_ s: String) -> Tok { Tok(.operator, s) }
private func ss(_ s: String = "\"") -> Tok { Tok(.stringStart, s) }
private func seg(_ s: String) -> Tok { Tok(.stringSegment, s) }
private func se(_ s: String = "\"") -> Tok { Tok(.stringEnd, s) }
private func istart(_ s: String = "\\(") -> Tok { Tok(.interpolationStart, s) }
private let iend = Tok(.interpolationEnd, ")")
private func rx(_ s: String) -> Tok { Tok(.regexLiteral, s) }
private func dir(_ s: String) -> Tok { Tok(.poundDirective, s) }
private func pk(_ s: String) -> Tok { Tok(.poundKeyword, s) }
private func unk(_ s: String) -> Tok { Tok(.unknown, s) }
private let lp = Tok(.leftParen, "("), rp = Tok(.rightParen, ")")
private let lb = Tok(.leftBracket, "["), rb = Tok(.rightBracket, "]")
private let lc = Tok(.leftBrace, "{"), rc = Tok(.rightBrace, "}")
private let comma = Tok(.comma, ","), colon = Tok(.colon, ":"), semi = Tok(.semicolon, ";")
private let dot = Tok(.period, "."), at = Tok(.at, "@"), bs = Tok(.backslash, "\\")
private func ws(_ s: String = " ") -> Tok { Tok(.whitespace, s) }
private func nl(_ s: String = "\n") -> Tok { Tok(.newline, s) }

/// Asserts the tokenizer's invariants: tokens in order, contiguous, non-empty, covering every byte.
func assertLossless(_ bytes: [UInt8], _ tokens: [Token], _ label: @autoclosure () -> String = "",
                    file: StaticString = #filePath, line: UInt = #line) {
    var pos = 0
    for (k, t) in tokens.enumerated() {
        guard Int(t.start) == pos, t.end > t.start else {
            XCTFail("token \(k) \(t) breaks coverage at \(pos) \(label())", file: file, line: line)
            return
        }
        pos = Int(t.end)
    }
    XCTAssertEqual(pos, bytes.count, "tokens do not reach the end \(label())", file: file, line: line)
}

final class TokenizerTests: XCTestCase {
    // MARK: Helpers

    private func all(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [Tok] {
        let tokens = Tokenizer.tokenize(bytes)
        assertLossless(bytes, tokens, file: file, line: line)
        return tokens.map { Tok($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    private func all(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [Tok] {
        all(Array(source.utf8), file: file, line: line)
    }

    /// The non-trivia tokens.
    private func sig(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [Tok] {
        all(source, file: file, line: line).filter { !$0.kind.isTrivia }
    }

    private func check(_ cases: [(String, [Tok])], file: StaticString = #filePath, line: UInt = #line) {
        for (source, expected) in cases {
            let got = sig(source, file: file, line: line)
            XCTAssertEqual(got, expected, "source: \(source.debugDescription)", file: file, line: line)
        }
    }

    // MARK: Identifiers and keywords

    func testIdentifiersAndKeywords() {
        check([
            ("let x = foo", [kw("let"), id("x"), op("="), id("foo")]),
            ("get set willSet didSet some any actor async package consume borrowing unsafe macro each",
             "get set willSet didSet some any actor async package consume borrowing unsafe macro each"
                .split(separator: " ").map { id(String($0)) }),
            ("selfish continued associatedtypes subscripts typealia Selfie _ __x x1 A_b",
             "selfish continued associatedtypes subscripts typealia Selfie _ __x x1 A_b"
                .split(separator: " ").map { id(String($0)) }),
            ("self.x Self.y", [kw("self"), dot, id("x"), kw("Self"), dot, id("y")]),
            ("`default` `foo bar`", [id("`default`"), id("`foo bar`")]),
            ("a ` b", [id("a"), unk("`"), id("b")]),
            ("``", [unk("`"), unk("`")]),
            ("`a\nb`", [unk("`"), id("a"), id("b"), unk("`")]),
            ("$0 $foo $ a$b", [id("$0"), id("$foo"), id("$"), id("a$b")]),
            ("café naïve_1 π 名前 x\u{301}", [id("café"), id("naïve_1"), id("π"), id("名前"), id("x\u{301}")]),
            ("{ $0.count }", [lc, id("$0"), dot, id("count"), rc]),
        ])
    }

    func testEveryReservedWordIsAKeyword() {
        let words = """
        associatedtype class deinit enum extension fileprivate func import init inout internal let open \
        operator private precedencegroup protocol public rethrows static struct subscript typealias var \
        break case catch continue default defer do else fallthrough for guard if in repeat return throw \
        switch where while Any as await false is nil self Self super throws true try
        """.split(separator: " ").map(String.init)
        XCTAssertEqual(words.count, 55)
        for w in words {
            XCTAssertEqual(sig(w), [kw(w)], w)
            XCTAssertEqual(sig(w + "x"), [id(w + "x")], w)
            XCTAssertEqual(sig("x" + w), [id("x" + w)], w)
            // Far from the end of the buffer the lexer reads whole words; near it, bytes.
            let padding = " " + String(repeating: "y", count: 20)
            XCTAssertEqual(sig(w + padding), [kw(w), id(String(padding.dropFirst()))], w)
            XCTAssertEqual(sig(w + "z" + padding), [id(w + "z"), id(String(padding.dropFirst()))], w)
            let changed = String(w.dropLast()) + "Q"
            XCTAssertEqual(sig(changed + padding), [id(changed), id(String(padding.dropFirst()))], w)
        }
    }

    // MARK: Numbers

    func testNumbers() {
        check([
            ("0 42 1_000 0x1F 0xdead_BEEF 0b101 0o17",
             [int("0"), int("42"), int("1_000"), int("0x1F"), int("0xdead_BEEF"), int("0b101"), int("0o17")]),
            ("1.5 1e10 1.5E-3 2e+4 0x1.8p3 0x1p-2 0xAp1 1_000.000_1",
             [flt("1.5"), flt("1e10"), flt("1.5E-3"), flt("2e+4"), flt("0x1.8p3"), flt("0x1p-2"), flt("0xAp1"),
              flt("1_000.000_1")]),
            ("1.foo", [int("1"), dot, id("foo")]),
            ("x.0.1", [id("x"), dot, int("0"), dot, int("1")]),
            ("t.0.description", [id("t"), dot, int("0"), dot, id("description")]),
            (".5", [dot, int("5")]),
            ("0...1.5", [int("0"), op("..."), flt("1.5")]),
            ("0.0..<1.5", [flt("0.0"), op("..<"), flt("1.5")]),
            ("1..<10", [int("1"), op("..<"), int("10")]),
            ("0xff.description", [int("0xff"), dot, id("description")]),
            ("-1 -2.5", [op("-"), int("1"), op("-"), flt("2.5")]),
            ("1e", [int("1e")]),
            ("1abc 0b102", [int("1abc"), int("0b102")]),
            ("1.e5", [int("1"), dot, id("e5")]),
            ("a[0]", [id("a"), lb, int("0"), rb]),
        ])
    }

    // MARK: Operators and punctuation

    func testOperators() {
        check([
            ("a == b && !c", [id("a"), op("=="), id("b"), op("&&"), op("!"), id("c")]),
            ("a&&!b", [id("a"), op("&&!"), id("b")]),
            ("kCFBooleanTrue!,", [id("kCFBooleanTrue"), op("!"), comma]),
            ("[kSecReturnData: kCFBooleanTrue!]", [lb, id("kSecReturnData"), colon, id("kCFBooleanTrue"), op("!"), rb]),
            ("x!.y", [id("x"), op("!"), dot, id("y")]),
            ("x?.y", [id("x"), op("?"), dot, id("y")]),
            ("x!!", [id("x"), op("!"), op("!")]),
            ("try? foo() try! bar()", [kw("try"), op("?"), id("foo"), lp, rp, kw("try"), op("!"), id("bar"), lp, rp]),
            ("x as! String", [id("x"), kw("as"), op("!"), id("String")]),
            ("x as? [String: Any]", [id("x"), kw("as"), op("?"), lb, id("String"), colon, kw("Any"), rb]),
            ("foo()!.bar", [id("foo"), lp, rp, op("!"), dot, id("bar")]),
            ("a[0]?", [id("a"), lb, int("0"), rb, op("?")]),
            ("x!=y", [id("x"), op("!"), op("="), id("y")]),
            ("x != y", [id("x"), op("!="), id("y")]),
            ("a ?? b", [id("a"), op("??"), id("b")]),
            ("c ? a : b", [id("c"), op("?"), id("a"), colon, id("b")]),
            ("(!x)", [lp, op("!"), id("x"), rp]),
            ("f() -> Int", [id("f"), lp, rp, op("->"), id("Int")]),
            ("a = b", [id("a"), op("="), id("b")]),
            ("a += 1; a <<= 2", [id("a"), op("+="), int("1"), semi, id("a"), op("<<="), int("2")]),
            ("a...b a..<b", [id("a"), op("..."), id("b"), id("a"), op("..<"), id("b")]),
            ("a...", [id("a"), op("...")]),
            ("Array<Int>?", [id("Array"), op("<"), id("Int"), op(">"), op("?")]),
            ("Set<Array<Int>>!", [id("Set"), op("<"), id("Array"), op("<"), id("Int"), op(">"), op(">"), op("!")]),
            ("UnsafeMutablePointer<CFTypeRef?>", [id("UnsafeMutablePointer"), op("<"), id("CFTypeRef"), op("?"), op(">")]),
            ("Unmanaged<CFString>!", [id("Unmanaged"), op("<"), id("CFString"), op(">"), op("!")]),
            ("a >= b; a>b; a >> 1", [id("a"), op(">="), id("b"), semi, id("a"), op(">"), id("b"), semi,
                                     id("a"), op(">>"), int("1")]),
            ("x*/*c*/y", [id("x"), op("*"), Tok(.blockComment, "/*c*/"), id("y")].filter { !$0.kind.isTrivia }),
            ("a+//c", [id("a"), op("+")]),
            ("x.+y", [id("x"), op(".+"), id("y")]),
            ("\"a\"!", [ss(), seg("a"), se(), op("!")]),
        ])
    }

    func testPunctuation() {
        check([
            ("( ) [ ] { } , : ; @ \\ .", [lp, rp, lb, rb, lc, rc, comma, colon, semi, at, bs, dot]),
            ("@available(iOS 13, *)", [at, id("available"), lp, id("iOS"), int("13"), comma, op("*"), rp]),
            ("\\Foo.bar", [bs, id("Foo"), dot, id("bar")]),
            ("'a'", [unk("'"), id("a"), unk("'")]),
        ])
    }

    // MARK: Strings

    func testStrings() {
        check([
            ("\"\"", [ss(), se()]),
            ("\"abc\"", [ss(), seg("abc"), se()]),
            ("\"a\\\"b\"", [ss(), seg("a\\\"b"), se()]),
            ("\"\\\\\"", [ss(), seg("\\\\"), se()]),
            ("\"\\u{1F600}\\n\\t\"", [ss(), seg("\\u{1F600}\\n\\t"), se()]),
            ("\"😀 café\"", [ss(), seg("😀 café"), se()]),
            ("\"\"\"\"\"\"", [ss("\"\"\""), se("\"\"\"")]),
            ("\"\"\"\na \"quoted\" and \"\"two\"\" \\\"\"\" \n\"\"\"",
             [ss("\"\"\""), seg("\na \"quoted\" and \"\"two\"\" \\\"\"\" \n"), se("\"\"\"")]),
            ("\"\"\"\nx \\(y) z\n  \"\"\"",
             [ss("\"\"\""), seg("\nx "), istart(), id("y"), iend, seg(" z\n  "), se("\"\"\"")]),
            ("#\"a\"b\"#", [ss("#\""), seg("a\"b"), se("\"#")]),
            ("##\"x\"#y\"##", [ss("##\""), seg("x\"#y"), se("\"##")]),
            ("#\"\"#", [ss("#\""), se("\"#")]),
            ("#\"\\#(x)\"#", [ss("#\""), istart("\\#("), id("x"), iend, se("\"#")]),
            ("#\"\\(x)\"#", [ss("#\""), seg("\\(x)"), se("\"#")]),
            ("##\"\\#(x)\\##(y)\"##", [ss("##\""), seg("\\#(x)"), istart("\\##("), id("y"), iend, se("\"##")]),
            ("#\"\\n\\\"#", [ss("#\""), seg("\\n\\"), se("\"#")]),
            ("#\"\"\"\nraw \\#(v) \"\" \"\"\" \n\"\"\"#",
             [ss("#\"\"\""), seg("\nraw "), istart("\\#("), id("v"), iend, seg(" \"\" \"\"\" \n"), se("\"\"\"#")]),
            ("\"a\\(f { \"b\\(c)\" })d\"",
             [ss(), seg("a"), istart(), id("f"), lc, ss(), seg("b"), istart(), id("c"), iend, se(), rc, iend,
              seg("d"), se()]),
            ("\"1\\(\"2\\(\"3\\(x)\")\")\"",
             [ss(), seg("1"), istart(), ss(), seg("2"), istart(), ss(), seg("3"), istart(), id("x"), iend, se(),
              iend, se(), iend, se()]),
            ("\"\\(f(a, (b)))x\"",
             [ss(), istart(), id("f"), lp, id("a"), comma, lp, id("b"), rp, rp, iend, seg("x"), se()]),
            ("\"\\(a)\\(b)\"", [ss(), istart(), id("a"), iend, istart(), id("b"), iend, se()]),
            ("\"\\(x ? \"y\" : \"\")\"",
             [ss(), istart(), id("x"), op("?"), ss(), seg("y"), se(), colon, ss(), se(), iend, se()]),
            ("\"\"\"\n\\(\"\"\"\ninner\n\"\"\")\n\"\"\"",
             [ss("\"\"\""), seg("\n"), istart(), ss("\"\"\""), seg("\ninner\n"), se("\"\"\""), iend, seg("\n"),
              se("\"\"\"")]),
            ("\"\"\"\nline \\\ncontinued\n\"\"\"", [ss("\"\"\""), seg("\nline \\\ncontinued\n"), se("\"\"\"")]),
            ("let s = \"\\(x)\".count", [kw("let"), id("s"), op("="), ss(), istart(), id("x"), iend, se(), dot,
                                        id("count")]),
        ])
    }

    func testStringErrorRecovery() {
        // A line break ends a single-line string; the break itself is a newline token.
        XCTAssertEqual(all("\"abc\nlet"), [ss(), seg("abc"), nl(), kw("let")])
        XCTAssertEqual(all("\"abc\r\nx"), [ss(), seg("abc"), nl("\r\n"), id("x")])
        XCTAssertEqual(all("\"a\\\nb"), [ss(), seg("a\\"), nl(), id("b")])
        // ... including one that sits in an interpolation of a single-line string.
        XCTAssertEqual(all("\"a\\(b\nc\""), [ss(), seg("a"), istart(), id("b"), nl(), id("c"), ss()])
        XCTAssertEqual(all("\"a\\(\"b\\(c\nd)\""),
                       [ss(), seg("a"), istart(), ss(), seg("b"), istart(), id("c"), nl(), id("d"), rp, ss()])
        // Interpolations of multi-line strings may span lines.
        XCTAssertEqual(sig("\"\"\"\n\\(f(\n1\n))\n\"\"\""),
                       [ss("\"\"\""), seg("\n"), istart(), id("f"), lp, int("1"), rp, iend, seg("\n"), se("\"\"\"")])
        // Unterminated forms stop at end of file.
        XCTAssertEqual(all("\"abc"), [ss(), seg("abc")])
        XCTAssertEqual(all("\""), [ss()])
        XCTAssertEqual(all("\"\"\"\nabc\n\"\""), [ss("\"\"\""), seg("\nabc\n\"\"")])
        XCTAssertEqual(all("#\"abc\"##"), [ss("#\""), seg("abc"), se("\"#"), unk("#")])
        XCTAssertEqual(all("##\"abc\"#"), [ss("##\""), seg("abc\"#")])
        XCTAssertEqual(all("\"a\\(b"), [ss(), seg("a"), istart(), id("b")])
        XCTAssertEqual(all("\"\"\"\n\\(b"), [ss("\"\"\""), seg("\n"), istart(), id("b")])
        XCTAssertEqual(all("\"\\"), [ss(), seg("\\")])
        XCTAssertEqual(all("#\"\\#"), [ss("#\""), seg("\\#")])
    }

    // MARK: `#` forms

    func testPoundForms() {
        check([
            ("#if os(iOS) && !DEBUG", [dir("#if"), id("os"), lp, id("iOS"), rp, op("&&"), op("!"), id("DEBUG")]),
            ("#elseif targetEnvironment(simulator)", [dir("#elseif"), id("targetEnvironment"), lp, id("simulator"), rp]),
            ("#else\n#endif", [dir("#else"), dir("#endif")]),
            ("if #available(iOS 15, *) {}", [kw("if"), pk("#available"), lp, id("iOS"), int("15"), comma, op("*"), rp,
                                            lc, rc]),
            ("#selector(foo) #file #warning(\"x\") #Preview #sourceLocation #ifx",
             [pk("#selector"), lp, id("foo"), rp, pk("#file"), pk("#warning"), lp, ss(), seg("x"), se(), rp,
              pk("#Preview"), pk("#sourceLocation"), pk("#ifx")]),
            ("#", [unk("#")]),
            ("# if", [unk("#"), kw("if")]),
            ("##if", [unk("#"), dir("#if")]),
            ("### ", [unk("###")]),
        ])
    }

    // MARK: Comments

    func testComments() {
        XCTAssertEqual(all("// a\n/// b\n//// c\n//"),
                       [Tok(.lineComment, "// a"), nl(), Tok(.docLineComment, "/// b"), nl(),
                        Tok(.lineComment, "//// c"), nl(), Tok(.lineComment, "//")])
        XCTAssertEqual(all("/* a /* b */ c */x"), [Tok(.blockComment, "/* a /* b */ c */"), id("x")])
        XCTAssertEqual(all("/** doc */ /**/ /*** banner ***/ /*/ x */"),
                       [Tok(.docBlockComment, "/** doc */"), ws(), Tok(.blockComment, "/**/"), ws(),
                        Tok(.blockComment, "/*** banner ***/"), ws(), Tok(.blockComment, "/*/ x */")])
        XCTAssertEqual(all("/* a /* b */"), [Tok(.blockComment, "/* a /* b */")])
        XCTAssertEqual(all("/*"), [Tok(.blockComment, "/*")])
        XCTAssertEqual(all("x // c\r\ny"), [id("x"), ws(), Tok(.lineComment, "// c"), nl("\r\n"), id("y")])
        XCTAssertEqual(all("\"// not\" /* \"not\" */"),
                       [ss(), seg("// not"), se(), ws(), Tok(.blockComment, "/* \"not\" */")])
        XCTAssertEqual(sig("a/*c*/?"), [id("a"), op("?")]) // after a comment, `?` is not postfix: still one token
    }

    // MARK: Regex literals

    func testRegexLiterals() {
        check([
            ("let r = /ab+c/", [kw("let"), id("r"), op("="), rx("/ab+c/")]),
            ("x / y / z", [id("x"), op("/"), id("y"), op("/"), id("z")]),
            ("x/y/z", [id("x"), op("/"), id("y"), op("/"), id("z")]),
            ("(a) / b / c", [lp, id("a"), rp, op("/"), id("b"), op("/"), id("c")]),
            ("a /= 2", [id("a"), op("/="), int("2")]),
            ("#/a/b/#", [rx("#/a/b/#")]),
            ("##/a/#b/##", [rx("##/a/#b/##")]),
            ("foo(/x/)", [id("foo"), lp, rx("/x/"), rp]),
            ("[/a/, /b/]", [lb, rx("/a/"), comma, rx("/b/"), rb]),
            ("return /x/", [kw("return"), rx("/x/")]),
            ("let r = /[/]x/", [kw("let"), id("r"), op("="), rx("/[/]x/")]),
            ("let r = /a\\/b/", [kw("let"), id("r"), op("="), rx("/a\\/b/")]),
            ("let r = / x/", [kw("let"), id("r"), op("="), op("/"), id("x"), op("/")]),
            ("let r = /a /", [kw("let"), id("r"), op("="), op("/"), id("a"), op("/")]),
            ("let r = /a\nb/", [kw("let"), id("r"), op("="), op("/"), id("a"), id("b"), op("/")]),
            ("self / 2 / 3", [kw("self"), op("/"), int("2"), op("/"), int("3")]),
            ("x! / 2 / 3", [id("x"), op("!"), op("/"), int("2"), op("/"), int("3")]),
            ("\"a\" / b / c", [ss(), seg("a"), se(), op("/"), id("b"), op("/"), id("c")]),
            ("/x/", [rx("/x/")]),
            ("let r = #/\n  a+ / b\n/#", [kw("let"), id("r"), op("="), rx("#/\n  a+ / b\n/#")]),
            ("#/\nabc", [rx("#/\nabc")]),
            ("#/abc\nx", [unk("#"), op("/"), id("abc"), id("x")]),
            ("x = \"\\(/a/)\"", [id("x"), op("="), ss(), istart(), rx("/a/"), iend, se()]),
            ("xs.reduce(0, /)", [id("xs"), dot, id("reduce"), lp, int("0"), comma, op("/"), rp]),
            ("f(/) // c/", [id("f"), lp, op("/"), rp, Tok(.lineComment, "// c/")].filter { !$0.kind.isTrivia }),
            ("f(/, /)", [id("f"), lp, op("/"), comma, op("/"), rp]),
            ("let r = /(a|b)+[)]/", [kw("let"), id("r"), op("="), rx("/(a|b)+[)]/")]),
            ("let r = /\\)/", [kw("let"), id("r"), op("="), rx("/\\)/")]),
        ])
    }

    // MARK: Trivia

    func testWhitespaceAndNewlines() {
        XCTAssertEqual(all("a \t\u{0B}\u{0C}\0b"), [id("a"), ws(" \t\u{0B}\u{0C}\0"), id("b")])
        XCTAssertEqual(all("a\r\nb\rc\n\n"), [id("a"), nl("\r\n"), id("b"), nl("\r"), id("c"), nl(), nl()])
        XCTAssertEqual(all("\r\r\n"), [nl("\r"), nl("\r\n")])
        XCTAssertEqual(all("a\0\0b"), [id("a"), ws("\0\0"), id("b")])
    }

    func testByteOrderMarkAndLineMap() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("é = x\r\ny \"é\" z".utf8)
        let file = SourceFile(path: "t.swift", bytes: bytes)
        let tokens = file.allTokens()
        assertLossless(bytes, tokens)
        let kinds = tokens.map(\.kind)
        XCTAssertEqual(kinds.first, .byteOrderMark)
        XCTAssertEqual(tokens[0].range, 0..<3)
        let named = tokens.filter { $0.kind == .identifier }
        XCTAssertEqual(named.map(file.text), ["é", "x", "y", "z"])
        XCTAssertEqual(file.location(of: Int(named[0].start)), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(file.location(of: Int(named[1].start)), SourceLocation(line: 1, column: 6))
        XCTAssertEqual(file.location(of: Int(named[2].start)), SourceLocation(line: 2, column: 1))
        // `y "é" z`: z follows 1 + 1 + 4 + 1 bytes on its line.
        XCTAssertEqual(file.location(of: Int(named[3].start)), SourceLocation(line: 2, column: 8))
        // A BOM anywhere else is an ordinary (identifier) character, never a byteOrderMark.
        let later = Tokenizer.tokenize(Array("a".utf8) + [0xEF, 0xBB, 0xBF])
        XCTAssertFalse(later.contains { $0.kind == .byteOrderMark })
        XCTAssertEqual(Tokenizer.tokenize([0xEF, 0xBB]).map(\.kind), [.unknown])
    }

    func testInvalidUTF8() {
        let bytes: [UInt8] = [0x80, 0x41, 0xC0, 0xAF, 0xFF, 0x20, 0xED, 0xA0, 0x80, 0x20, 0xE2, 0x82]
        let tokens = Tokenizer.tokenize(bytes)
        assertLossless(bytes, tokens)
        XCTAssertEqual(tokens.map(\.kind), [.unknown, .identifier, .unknown, .whitespace, .unknown, .whitespace, .unknown])
        XCTAssertEqual(tokens.map(\.range), [0..<1, 1..<2, 2..<5, 5..<6, 6..<9, 9..<10, 10..<12])
        // Truncated sequences at end of file, after identifiers and inside strings.
        for tail: [UInt8] in [[0xC3], [0xE2, 0x82], [0xF0, 0x9F], [0xF0, 0x9F, 0x98]] {
            let input = Array("ab".utf8) + tail
            let t = Tokenizer.tokenize(input)
            assertLossless(input, t)
            XCTAssertEqual(t.map(\.kind), [.identifier, .unknown])
            let inString = Array("\"".utf8) + tail
            assertLossless(inString, Tokenizer.tokenize(inString))
        }
        XCTAssertEqual(Tokenizer.tokenize([0xF0, 0x9F, 0x98, 0x80]).map(\.kind), [.identifier])
        XCTAssertEqual(Tokenizer.tokenize([0x01, 0x02, 0x7F]).map(\.kind), [.unknown])
        XCTAssertEqual(Tokenizer.tokenize([]), [])
    }

    // MARK: Lossless property

    func testLosslessOnRandomBytes() {
        var rng = SplitMix64(seed: 0x6B6C_696E_7421)
        let weighted = Array("\"\"\"###\\\\\\///((()))[[]]{{}}**\n\n\r".utf8)
        let other = Array("abz_$0159xe.!?<>=&|+- \t`'@,:;".utf8) + [0x00, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0x82, 0xAC,
                                                                   0xF0, 0x9F, 0x98, 0xFF, 0xEF, 0xBB, 0xC0]
        for iteration in 0..<2_000 {
            let length = Int(rng.next() % 301)
            var bytes = [UInt8]()
            bytes.reserveCapacity(length)
            for _ in 0..<length {
                let r = rng.next()
                bytes.append(r % 3 == 0 ? other[Int((r >> 8) % UInt64(other.count))]
                                        : weighted[Int((r >> 8) % UInt64(weighted.count))])
            }
            let tokens = Tokenizer.tokenize(bytes)
            assertLossless(bytes, tokens, "iteration \(iteration): \(bytes)")
            // Every interpolation end closes an interpolation opened before it.
            var open = 0
            for t in tokens {
                if t.kind == .interpolationStart { open += 1 }
                if t.kind == .interpolationEnd { open -= 1 }
                if open < 0 { XCTFail("unbalanced interpolationEnd, iteration \(iteration)"); break }
            }
        }
    }

    func testLosslessOnFixtures() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
        for case let url as URL in walker {
            guard let data = try? Data(contentsOf: url) else { continue }
            let bytes = [UInt8](data)
            assertLossless(bytes, Tokenizer.tokenize(bytes), url.path)
        }
    }

    // MARK: Hostile inputs

    func testDeepNesting() {
        for (open, count) in [("[", 100_000), ("(", 200_000), ("{", 100_000)] {
            let bytes = [UInt8](repeating: UInt8(ascii: Unicode.Scalar(open)!), count: count)
            let tokens = Tokenizer.tokenize(bytes)
            XCTAssertEqual(tokens.count, count)
            assertLossless(bytes, tokens)
        }
        let n = 100_000
        let nested = Array((String(repeating: "\"\\(", count: n) + "x" + String(repeating: ")\"", count: n)).utf8)
        let tokens = Tokenizer.tokenize(nested)
        assertLossless(nested, tokens)
        var counts = [TokenKind: Int]()
        for t in tokens { counts[t.kind, default: 0] += 1 }
        XCTAssertEqual(counts[.stringStart], n)
        XCTAssertEqual(counts[.interpolationStart], n)
        XCTAssertEqual(counts[.interpolationEnd], n)
        XCTAssertEqual(counts[.stringEnd], n)
        XCTAssertEqual(counts[.identifier], 1)
        XCTAssertEqual(tokens.count, 4 * n + 1)

        // Unclosed, then ended by one line break in a single-line string.
        let open = Array((String(repeating: "\"\\(", count: n) + "\nx)").utf8)
        let t2 = Tokenizer.tokenize(open)
        assertLossless(open, t2)
        XCTAssertEqual(t2.suffix(2).map(\.kind), [.identifier, .rightParen])

        // Multi-line strings nested 10,000 deep, unterminated.
        let multi = Array(String(repeating: "\"\"\"\n\\(", count: 10_000).utf8)
        assertLossless(multi, Tokenizer.tokenize(multi))
        let comments = Array((String(repeating: "/*", count: 100_000) + String(repeating: "*/", count: 100_000)).utf8)
        XCTAssertEqual(Tokenizer.tokenize(comments).count, 1)
    }

    func testPathologicalLinesStayLinear() {
        // Each of these would be quadratic if a failed look-ahead were repeated for every byte.
        let patterns = ["(/", "#/a", "= /a ", "`", "#", ">", "\"\\(", "/*", "0x", "a.", "\\#("]
        for pattern in patterns {
            let line = Array(String(repeating: pattern, count: 200_000 / pattern.utf8.count).utf8)
            let start = Date()
            let tokens = Tokenizer.tokenize(line)
            assertLossless(line, tokens, pattern)
            XCTAssertLessThan(Date().timeIntervalSince(start), 2, pattern)
        }
        let bigs = [">" + String(repeating: ">", count: 100_000) + "?", "a" + String(repeating: ">", count: 100_000) + "?"]
        for s in bigs {
            let b = Array(s.utf8)
            assertLossless(b, Tokenizer.tokenize(b))
        }
    }

    func testOneMegabyteLine() {
        var source = "let x = \""
        source += String(repeating: "a", count: 1 << 20)
        source += "\"; "
        source += String(repeating: "foo(1) + ", count: 100_000)
        let bytes = Array(source.utf8)
        let tokens = Tokenizer.tokenize(bytes)
        assertLossless(bytes, tokens)
        XCTAssertEqual(tokens[7].kind, .stringSegment)
        XCTAssertEqual(tokens[7].length, 1 << 20)
    }
}

/// A small, fast, seeded generator so the random test is reproducible.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
