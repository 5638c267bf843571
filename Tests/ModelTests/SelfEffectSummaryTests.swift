import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// Summaries of what a method does to `self`'s dictionary properties (`PropertyEffect`), and
/// instances of the project's types followed through locals at their callers.
final class SelfEffectSummaryTests: XCTestCase {
    private func summaries(_ text: String, _ name: String) -> [FunctionSummary] {
        let model = FileModel(source: SourceFile(path: "T.swift", text: text), platforms: .all)
        return model.dependencies().declared.summaries[name] ?? []
    }

    /// Each use linked to a call: `Operation: key, key, …` (`?` marks a dictionary of unknown base).
    private func calls(_ text: String) -> [String] {
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: text), platforms: .all)
        return file.uses.compactMap { use in
            guard let call = use.call else { return nil }
            let keys = use.dictionary.entries.map { String($0.key.dropFirst(4)) }.sorted()
            return call.operation.rawValue + ": " + (use.dictionary.hasUnknownBase ? ["?"] : []).joined() + keys.joined(separator: ", ")
        }
    }

    private static let lookup = """
    struct Lookup {
        var query: [String: Any]
        init(account: String) {
            query = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
        }
        mutating func scope() { query[kSecUseDataProtectionKeychain as String] = true }
        mutating func forget() { self.query.removeValue(forKey: kSecAttrAccount as String) }
        mutating func reset() { query = [:] }
        mutating func prepare() { scope(); self.query[kSecReturnData as String] = true }
        func adding(_ key: CFString, _ value: Any) -> Lookup { var copy = self; copy.query[key as String] = value; return copy }
        func maybe(_ flag: Bool) -> Lookup { if flag { return Lookup(account: "x") }; var copy = self; copy.query[kSecAttrLabel as String] = "l"; return copy }
        static var defaults: [String: Any] = [:]
        static func make() { defaults[kSecAttrLabel as String] = "x" }
    }
    """

    func testAMutatingMethodAddsToItsProperty() throws {
        let summary = try XCTUnwrap(summaries(Self.lookup, "scope").first)
        XCTAssertEqual(summary.route, "Lookup.scope()")
        XCTAssertEqual(summary.selfEffects.map(\.property), ["query"])
        XCTAssertEqual(summary.selfEffects.first?.start, .unchanged)
        XCTAssertEqual(summary.selfEffects.first?.added.map(\.key), ["kSecUseDataProtectionKeychain"])
    }

    func testARemovalIsAnEffectToo() throws {
        let forget = try XCTUnwrap(summaries(Self.lookup, "forget").first?.selfEffects.first)
        XCTAssertEqual(forget.removed, ["kSecAttrAccount"])
        XCTAssertEqual(forget.added, [])
    }

    /// Only what concerns a keychain dictionary is an effect, so the project's summaries (and the
    /// files read again for their names) stay few: emptying a property is not one.
    func testAMethodThatWritesNoKeychainEntryHasNoSummary() {
        XCTAssertEqual(summaries(Self.lookup, "reset"), [])
    }

    func testAnInitializerReplacesTheProperty() throws {
        let initializer = try XCTUnwrap(summaries(Self.lookup, "Lookup").first { $0.route == "Lookup.init(account:)" })
        XCTAssertEqual(initializer.selfEffects.first?.start, .replaced)
        XCTAssertEqual(initializer.selfEffects.first?.added.map(\.key), ["kSecClass", "kSecAttrAccount"])
    }

    func testAMethodCallingAnotherOnSelfComposesTheirEffects() throws {
        let prepare = try XCTUnwrap(summaries(Self.lookup, "prepare").first?.selfEffects.first)
        XCTAssertEqual(prepare.added.map(\.key).sorted(), ["kSecReturnData", "kSecUseDataProtectionKeychain"])
    }

    func testACopyReturnedWithAnEntryKeyedByAParameter() throws {
        let adding = try XCTUnwrap(summaries(Self.lookup, "adding").first)
        XCTAssertEqual(adding.selfEffects, [])
        let copy = try XCTUnwrap(adding.returnedCopy?.first)
        XCTAssertEqual(copy.property, "query")
        XCTAssertEqual(copy.parameterEntries, [ParameterEntry(keyParameter: 0, valueParameter: 1, value: .unknown)])
    }

    func testAMethodThatMayReturnAnotherInstanceReturnsNoCopy() {
        XCTAssertNil(summaries(Self.lookup, "maybe").first?.returnedCopy)
    }

    func testAStaticFunctionHasNoSelf() {
        XCTAssertEqual(summaries(Self.lookup, "make"), [])
    }

    func testTheCallerSeesWhatTheMethodsWrote() {
        XCTAssertEqual(calls(Self.lookup + """

        func a() { var l = Lookup(account: "a"); l.scope(); SecItemDelete(l.query as CFDictionary) }
        func b() { var l = Lookup(account: "b"); l.forget(); SecItemDelete(l.query as CFDictionary) }
        func c() { var l = Lookup(account: "c"); l.forget(); l.scope(); SecItemDelete(l.query as CFDictionary) }
        func d() { let l = Lookup(account: "d").adding(kSecAttrLabel, "x"); SecItemDelete(l.query as CFDictionary) }
        func e() { var l = Lookup(account: "e"); var m = Lookup(account: "m"); m.scope(); SecItemDelete(l.query as CFDictionary) }
        """), [
            "SecItemDelete: AttrAccount, Class, UseDataProtectionKeychain",
            "SecItemDelete: Class",
            "SecItemDelete: Class, UseDataProtectionKeychain",
            "SecItemDelete: AttrAccount, AttrLabel, Class",
            "SecItemDelete: AttrAccount, Class",
        ])
    }

    func testAnInstanceOfUnknownOriginStaysUnknown() {
        XCTAssertEqual(calls(Self.lookup + """

        func f(_ make: () -> Lookup) { var l = make(); l.scope(); SecItemDelete(l.query as CFDictionary) }
        """), ["SecItemDelete: ?"])
    }

    func testAnEffectInsideABranchCountsOnSomePathAndARemovalThereDoesNotLeakOut() {
        XCTAssertEqual(calls(Self.lookup + """

        func f(_ flag: Bool) { var l = Lookup(account: "a"); if flag { l.scope(); l.forget() }; SecItemDelete(l.query as CFDictionary) }
        """), ["SecItemDelete: AttrAccount, Class, UseDataProtectionKeychain"])
    }
}
