import XCTest
@testable import KeychainLintModel

/// Summaries of functions that call one another: one computed while an outer one is in progress,
/// that met it, is provisional (`SummaryStack`) and is not what the rest of the file gets.
final class SummaryCycleTests: XCTestCase {
    /// `AccountMigration.migrate` is first summarised inside `Migrator`'s second overload, whose
    /// bare `migrate(…)` call lists every function of the name.
    private static let overloads = """
    enum Items {
        static func copy(matching query: [String: Any]) -> OSStatus { SecItemCopyMatching(query as CFDictionary, nil) }
    }
    enum Migrator {
        static func migrate(matching query: [String: Any], transform: (String) -> String) -> OSStatus { Items.copy(matching: query) }
        static func migrate(matching query: [String: Any], removing: Bool) -> OSStatus { migrate(matching: query) { $0 } }
    }
    final class AccountMigration {
        func migrate(matching query: [String: Any]) -> OSStatus { Migrator.migrate(matching: query, removing: false) }
    }

    """

    func testAMethodFirstSummarisedInsideACycleIsSummarisedAgainAfterIt() {
        let uses = routedUses(of: "func f(m: AccountMigration) { _ = m.migrate(matching: [kSecClass as String: kSecClassGenericPassword]) }",
                              after: Self.overloads)
        XCTAssertEqual(uses, ["SecItemCopyMatching AccountMigration.migrate(matching:)>Migrator.migrate(matching:removing:)"
                              + ">Migrator.migrate(matching:transform:)>Items.copy(matching:): kSecClass"])
    }

    func testFunctionsThatCallEachOtherStillReachTheirOperation() {
        let declarations = """
        func even(_ q: [String: Any], _ n: Int) -> OSStatus { n == 0 ? SecItemDelete(q as CFDictionary) : odd(q, n - 1) }
        func odd(_ q: [String: Any], _ n: Int) -> OSStatus { even(q, n - 1) }

        """
        let uses = routedUses(of: "func f() { _ = odd([kSecClass as String: kSecClassGenericPassword], 3) }", after: declarations)
        XCTAssertEqual(uses, ["SecItemDelete odd(_:_:)>even(_:_:): kSecClass"])
    }

    func testAProvisionalSummaryLastsUntilTheSummaryItMetEnds() {
        var stack = SummaryStack()
        let outer = stack.start(10)
        let inner = stack.start(20)
        stack.noteMet(10)  // the inner function called the outer one
        XCTAssertFalse(stack.finish(nil, startedWith: inner), "met an outer summary in progress: provisional")
        XCTAssertTrue(stack.provisionalSummary(of: 20) != nil, "kept while the outer summary is in progress")
        XCTAssertTrue(stack.finish(nil, startedWith: outer), "met only itself, through the inner one: final")
        XCTAssertTrue(stack.provisionalSummary(of: 20) == nil, "gone once the outer summary is done")
        XCTAssertTrue(stack.isEmpty)
    }

    func testPlainRecursionLeavesASummaryFinal() {
        var stack = SummaryStack()
        let started = stack.start(10)
        stack.noteMet(10)
        XCTAssertTrue(stack.finish(nil, startedWith: started))
    }
}
