import Foundation
import XCTest
import KeychainLintSyntax

/// Identifiers, reserved words, numbers, operators and punctuation.
final class TokenizerWordTests: TokenizerTestCase {
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
}
