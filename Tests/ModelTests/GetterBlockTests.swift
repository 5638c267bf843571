import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// `CodeView.getterBlock(ofBodyAt:)`: what a computed property's body evaluates.
final class GetterBlockTests: XCTestCase {
    /// The text of the range `getterBlock` gives for the first `{` after `marker`.
    private func getter(_ text: String, after marker: String) -> String {
        let code = CodeView(source: SourceFile(path: "t.swift", text: text))
        let start = text.utf8.count - text.components(separatedBy: marker).dropFirst().joined(separator: marker).utf8.count
        let open = (0..<code.count).first { code.kind($0) == .leftBrace && code.offset($0) >= start }!
        return code.getterBlock(ofBodyAt: open).map { code.text($0) }.joined(separator: " ")
    }

    func testAnAccessorBlocksGetterWhereverItStands() {
        XCTAssertEqual(getter("var q: [String: Any] { get { base } set { base = newValue } }", after: "Any]"), "{ base }")
        XCTAssertEqual(getter("var q: [String: Any] { set { base = newValue } get throws { base } }", after: "Any]"), "{ base }")
    }

    func testABodyWithoutAccessorsIsItself() {
        XCTAssertEqual(getter("var q: [String: Any] { base }", after: "Any]"), "{ base }")
        XCTAssertEqual(getter("var q: [String: Any] { let get = base; return get }", after: "Any]"),
                       "{ let get = base ; return get }")
    }
}
