import XCTest
import KeychainLintModel

/// Which names a new lint of a file changed: the project rounds lint again only the users of those.
final class FileSymbolsTests: XCTestCase {
    private func symbols(_ build: (inout FileSymbols) -> Void) -> FileSymbols {
        var symbols = FileSymbols()
        build(&symbols)
        return symbols
    }

    func testOnlyNamesDeclaredDifferentlyOrOnOneSideChange() {
        let entry = KeychainEntry(key: "kSecClass", value: .symbol("kSecClassGenericPassword"), keyOffset: 3, valueOffset: 9, region: 0)
        let before = symbols {
            $0.constants = ["Keys.service": .string(StringValue("a")), "account": .string(StringValue("b"))]
            $0.helpers = ["baseQuery": [entry]]
            $0.functionAliases = ["remove": .delete]
            $0.passThroughFunctions = ["toString"]
        }
        XCTAssertEqual(before.changedNames(comparedWith: before), [])

        let after = symbols {
            $0.constants = ["Keys.service": .string(StringValue("changed")), "account": .string(StringValue("b"))]
            $0.helpers = ["baseQuery": [entry], "newQuery": [entry]]
            $0.shadowedSecurityNames = ["kSecOwn"]
        }
        XCTAssertEqual(after.changedNames(comparedWith: before), ["service", "newQuery", "remove", "toString", "kSecOwn"])
        XCTAssertEqual(before.changedNames(comparedWith: after), after.changedNames(comparedWith: before))
    }
}
