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
        // A stored reference to SecItemDelete that went away: its calls, whatever they pass, delete no more.
        let removeCalls = (1...9).map { ItemChange.passingName(of: "remove", arguments: $0) }
        XCTAssertEqual(after.changedNames(comparedWith: before), Set(["service", "newQuery", "remove", "toString", "kSecOwn"] + removeCalls))
        XCTAssertEqual(before.changedNames(comparedWith: after), after.changedNames(comparedWith: before))
    }

    /// A function's item changes are a name of their own: the files that call it for its
    /// dictionary parameters are not linted again when only what it deletes itself changed.
    func testItemChangesAndDeletesOfWhatIsPassedHaveNamesOfTheirOwn() {
        let signature = FunctionSignature(parameters: [.init(label: "forKey", mayBeOmitted: false), .init(label: "options", mayBeOmitted: true)])
        var plain = FunctionSummary(signature: signature, route: "Store.remove(forKey:options:)")
        plain.sinks = [ParameterSink(parameter: 1, operation: .copyMatching, role: .query, added: [], removed: [], status: .handledInside,
                                     route: [], operationOffset: 3)]
        var changing = plain
        changing.itemChanges = [ItemChange(operation: .delete, route: [])]
        let before = symbols { $0.summaries = ["remove": [plain]] }
        let after = symbols { $0.summaries = ["remove": [changing]] }
        XCTAssertEqual(after.changedNames(comparedWith: before), [ItemChange.dependencyName(of: "remove")])

        var passing = changing
        passing.sinks += [ParameterSink(parameter: 1, operation: .delete, role: .query, added: [], removed: [], status: .handledInside,
                                       route: [], operationOffset: 7)]
        let third = symbols { $0.summaries = ["remove": [passing]] }
        // Calls of one or two arguments may reach it; the item changes themselves are the same.
        XCTAssertEqual(third.changedNames(comparedWith: after), ["remove", ItemChange.passingName(of: "remove", arguments: 1),
                                                               ItemChange.passingName(of: "remove", arguments: 2)])

        var deletesItsOwn = FunctionSummary(signature: signature, route: "Store.clear(forKey:options:)")
        deletesItsOwn.itemChanges = changing.itemChanges
        let onlyItemChanges = ProjectSymbols(merging: [symbols { $0.summaries = ["remove": [deletesItsOwn]] }]).names
        XCTAssertTrue(onlyItemChanges.contains(ItemChange.dependencyName(of: "remove")))
        XCTAssertFalse(onlyItemChanges.contains("remove"))
        XCTAssertEqual(ProjectSymbols(merging: [third]).itemPassingNames, ["remove"])
    }
}
