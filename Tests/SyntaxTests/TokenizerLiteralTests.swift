import Foundation
import XCTest
import KeychainLintSyntax

/// String literals (with their error recovery), `#` forms, comments and regex literals.
final class TokenizerLiteralTests: TokenizerTestCase {
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

    /// `#"""` opens a multi-line raw string only when its line holds no `"` followed by as many `#`s
    /// (the compiler's lexer, `advanceIfMultilineStringDelimiter`): `#"""#` is a one-quote string.
    func testRawStringsThatLookLikeMultiLineDelimiters() {
        check([
            ("#\"\"\"#", [ss("#\""), seg("\""), se("\"#")]),
            ("let q = #\"\"\"#\nlet x = 1 // after",
             [kw("let"), id("q"), op("="), ss("#\""), seg("\""), se("\"#"), kw("let"), id("x"), op("="), int("1")]),
            ("##\"\"\"##", [ss("##\""), seg("\""), se("\"##")]),
            ("#\"\"\"a\"\"\"#", [ss("#\""), seg("\"\"a\"\""), se("\"#")]),
            ("#\"\"\"\"#", [ss("#\""), seg("\"\""), se("\"#")]),
            ("##\"\"\"#\"##", [ss("##\""), seg("\"\"#"), se("\"##")]),
            ("#\"\"\"\\#(x)\"#", [ss("#\""), seg("\"\""), istart("\\#("), id("x"), iend, se("\"#")]),
            // A close on a later line, or one with too few `#`s, leaves it multi-line.
            ("#\"\"\"\n\"#\n\"\"\"#", [ss("#\"\"\""), seg("\n\"#\n"), se("\"\"\"#")]),
            ("##\"\"\" \"#\r\n\"\"\"##", [ss("##\"\"\""), seg(" \"#\r\n"), se("\"\"\"##")]),
            // Without `#`s, `"""` always opens a multi-line string.
            ("\"\"\"a\"\"\"", [ss("\"\"\""), seg("a"), se("\"\"\"")]),
        ])
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
}
