import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// What a `{` opens, read from the statement before it.
final class BlockKindTests: XCTestCase {
    private func kinds(_ text: String) -> [BlockKind] {
        let code = CodeView(source: SourceFile(path: "t.swift", text: text))
        return (0..<code.count).filter { code.kind($0) == .leftBrace }.map { code.blockKind(opening: $0) }
    }

    func testAFunctionReturningAnOptionalIsAFunctionNotAClosure() {
        XCTAssertEqual(kinds("func read() -> Data? { x }"), [.function(name: "read")])
        XCTAssertEqual(kinds("func read() -> [String: Any]! { x }"), [.function(name: "read")])
        XCTAssertEqual(kinds("var cached: Data? { x }"), [.function(name: "cached")])
    }

    func testAFunctionReturningAGenericTypeIsAFunctionNotAClosure() {
        XCTAssertEqual(kinds("func save() -> Result<Void, StoreError> { x }"), [.function(name: "save")])
        XCTAssertEqual(kinds("func all() -> Set<Array<Int>> { x }"), [.function(name: "all")])
        XCTAssertEqual(kinds("struct Box<T> { }"), [.type])
        XCTAssertEqual(kinds("var values: Array<Int> { x }"), [.function(name: "values")])
        // Still an expression where the `>` is one: a closure argument after a comparison.
        XCTAssertEqual(kinds("let f = g(a > b) { x }"), [.closure])
    }

    func testPostfixAndBinaryOperatorsBeforeABraceStillReadAsTheyDid() {
        XCTAssertEqual(kinds("if flag! { x }"), [.control])
        XCTAssertEqual(kinds("let f = a ?? { x }"), [.closure])
        XCTAssertEqual(kinds("let f: (() -> Void)? = { x }"), [.closure])
    }

    func testACatchThatBindsTheErrorIsControlNotAPropertyNamedError() {
        XCTAssertEqual(kinds("do { x } catch let error as KeychainError where error == .itemNotFound { y }"), [.control, .control])
        XCTAssertEqual(kinds("do { x } catch let error { y }"), [.control, .control])
        XCTAssertEqual(kinds("let error: Error { x }"), [.function(name: "error")])
    }

    func testTheEnclosingBodyOfACallInAClosureOfAnOptionalReturningFunction() {
        let text = "func a() -> Int? {\n    let r = f { SecItemDelete(q) }\n    return r\n}\nfunc b() {}\n"
        let code = CodeView(source: SourceFile(path: "t.swift", text: text))
        let call = (0..<code.count).first { code.isIdentifier($0, "SecItemDelete") }!
        let body = code.enclosingFunctionBody(of: call)
        XCTAssertTrue(code.isKeyword(body.lowerBound, "let"), "the body starts at `let`, not at the file's start")
        XCTAssertLessThan(body.upperBound, code.count - 5)
    }
}
