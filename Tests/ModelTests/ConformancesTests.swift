import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// The file's conformances (`Conformances`) and what a protocol extension's `self.query` reads
/// with them: only the conforming types' `query`.
final class ConformancesTests: XCTestCase {
    private func conformers(of proto: String, in text: String) -> [String] {
        let code = CodeView(source: SourceFile(path: "t.swift", text: text))
        let conformances = Conformances(code: code)
        guard let id = code.nameID(of: proto) else { return [] }
        return conformances.conformers(of: id).map { code.spelling($0) }.sorted()
    }

    func testDirectRefinedDottedAndGenericConformersAndNothingElse() {
        let text = """
        protocol Base { var query: [String: Any] { get } }
        protocol Readable: Base {}
        protocol Other {}
        struct A: Readable {}
        final class B<T>: NSObject, Readable where T: Hashable {}
        enum Keychain { struct Item {} }
        extension Keychain.Item: Other, Base {}
        struct C: Other {}
        class D { class func make() {} }
        """
        XCTAssertEqual(conformers(of: "Readable", in: text), ["A", "B"])
        XCTAssertEqual(conformers(of: "Base", in: text), ["A", "B", "Item"])
        XCTAssertEqual(conformers(of: "Other", in: text), ["C", "Item"])
        XCTAssertEqual(conformers(of: "D", in: text), [])
    }

    private static let family = """
    protocol Query { var query: [String: Any] { get } }
    protocol Readable: Query {}
    protocol Erasable: Query {}
    extension Readable { func read() -> OSStatus { SecItemCopyMatching(self.query as CFDictionary, nil) } }
    extension Erasable { func erase() -> OSStatus { SecItemDelete(query as CFDictionary) } }
    struct Note: Readable { var query: [String: Any] { [kSecClass as String: kSecClassGenericPassword] } }
    struct Pin: Erasable { var query: [String: Any] { [kSecClass as String: kSecClassKey] } }
    struct Loose { var query: [String: Any] { [kSecAttrLabel as String: "x"] } }

    """

    func testAProtocolExtensionReadsOnlyItsConformersQuery() {
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: Self.family), platforms: .all)
        let uses = file.uses.compactMap { use -> String? in
            guard let call = use.call else { return nil }
            return "\(call.operation.rawValue): " + use.dictionary.entries.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
        XCTAssertEqual(uses.count, 2, "\(uses)")
        XCTAssertTrue(uses.contains { $0.hasPrefix("SecItemCopyMatching:") && $0.contains("kSecClassGenericPassword") && !$0.contains("kSecClassKey") && !$0.contains("kSecAttrLabel") }, "\(uses)")
        XCTAssertTrue(uses.contains { $0.hasPrefix("SecItemDelete:") && $0.contains("kSecClassKey") && !$0.contains("kSecClassGenericPassword") }, "\(uses)")
    }
}
