import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// An argument's label is a name before a colon; the colon of an empty dictionary literal
/// (`f([:])`) is no label, or the call binds no function.
final class ArgumentLabelTests: XCTestCase {
    private func labels(_ text: String) -> [String?] {
        let code = CodeView(source: SourceFile(path: "t.swift", text: text))
        guard let open = (0..<code.count).first(where: { code.kind($0) == .leftParen }) else { return [] }
        return code.elements(of: open).map { code.label(of: $0) }
    }

    func testAnEmptyDictionaryLiteralHasNoLabel() {
        XCTAssertEqual(labels("f([:])"), [nil])
        XCTAssertEqual(labels("f([:], extra: [:])"), [nil, "extra"])
        XCTAssertEqual(labels("f(in: x, default: [:])"), ["in", "default"])
    }
}
