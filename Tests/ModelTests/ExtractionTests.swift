import XCTest
import KeychainLintModel
import KeychainLintSyntax

/// The extraction layer, checked idiom by idiom: each case renders the uses found in a snippet.
final class ExtractionTests: XCTestCase {
    private func uses(_ code: String, platforms: PlatformSet = .all) -> [String] {
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: code), platforms: platforms)
        return file.uses.map { use in
            let op = use.call.map { "\($0.operation.rawValue)" } ?? "unseen"
            let entries = use.dictionary.entries.map { "\($0.key)=\(Self.render($0.value))" }
            return "\(op)/\(use.role.rawValue): " + entries.joined(separator: ", ")
        }
    }

    /// With the shortcut off the walk enters every body: a body naming nothing relevant is jumped
    /// over (its undeclared names kept as mentioned) only with it on, and the uses are the same.
    func testWalkingEveryBodyFindsTheSameUses() {
        let text = """
        func unrelated() { let total = compute(3) }
        func save() {
            let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s"]
            SecItemAdd(q as CFDictionary, nil)
        }
        """
        func model(skipping: Bool) -> FileModel {
            FileModel(source: SourceFile(path: "T.swift", text: text), platforms: .all, skipsIrrelevantCode: skipping)
        }
        let fastModel = model(skipping: true), fullModel = model(skipping: false)
        XCTAssertEqual(fastModel.dependencies().mentioned, ["compute"])
        XCTAssertEqual(fullModel.dependencies().mentioned, [])
        let fast = fastModel.file, full = fullModel.file
        XCTAssertEqual(fast.uses.count, 1)
        XCTAssertEqual(fast.uses.map(\.dictionary.entries.count), full.uses.map(\.dictionary.entries.count))
        XCTAssertEqual(fast.uses.map(\.call?.operation), full.uses.map(\.call?.operation))
    }

    private static func render(_ value: KeychainValue) -> String {
        switch value {
        case .symbol(let s): return s
        case .string(let s): return s.known.map { "'\($0)'" } ?? "'\(s.knownPrefix)…'"
        case .bool(let b): return String(b)
        case .number(let n): return n
        case .null: return "nil"
        case .dictionary(let d): return "[" + d.map { "\($0.key)=\(render($0.value))" }.joined(separator: ", ") + "]"
        case .accessControl(let p): return "access(\(render(p)))"
        case .dataFromString: return "data(string)"
        case .someString: return "string"
        case .unknown: return "?"
        }
    }

    func testStringKeyedLiteralThroughVariable() {
        XCTAssertEqual(uses("""
        func f() {
            let q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "svc"]
            SecItemAdd(q as CFDictionary, nil)
        }
        """), ["SecItemAdd/query: kSecClass=kSecClassGenericPassword, kSecAttrService='svc'"])
    }

    func testCFStringKeyedLiteralPassedDirectly() {
        XCTAssertEqual(uses("""
        var out: CFTypeRef?
        SecItemCopyMatching([kSecClass: kSecClassKey, kSecReturnRef: kCFBooleanTrue] as CFDictionary, &out)
        """), ["SecItemCopyMatching/query: kSecClass=kSecClassKey, kSecReturnRef=true"])
    }

    func testStringInitKeysAndAliases() {
        XCTAssertEqual(uses("""
        private let Class = String(kSecClass)
        enum Keys { static let service = kSecAttrService as String }
        func f() { SecItemDelete([Class: kSecClassGenericPassword, Keys.service: "s", String(kSecAttrAccount): "a"] as CFDictionary) }
        """), ["SecItemDelete/query: kSecClass=kSecClassGenericPassword, kSecAttrService='s', kSecAttrAccount='a'"])
    }

    func testStepByStepBuild() {
        XCTAssertEqual(uses("""
        func f(_ data: Data) {
            var q = [String: Any]()
            q[kSecClass as String] = kSecClassGenericPassword
            q.updateValue("svc", forKey: kSecAttrService as String)
            q.merge([kSecAttrAccount as String: "me"]) { $1 }
            q[kSecValueData as String] = data
            SecItemAdd(q as CFDictionary, nil)
        }
        """), ["SecItemAdd/query: kSecClass=kSecClassGenericPassword, kSecAttrService='svc', kSecAttrAccount='me', kSecValueData=?"])
    }

    func testReassignmentThroughAHelperGivenTheDictionaryKeepsItsEntries() {
        XCTAssertEqual(uses("""
        func withGroup(_ items: [String: Any], _ group: String?) -> [String: Any] {
            guard let group else { return items }
            var result = items
            result[kSecAttrAccessGroup as String] = group
            return result
        }
        func f(_ data: Data, options: [String: Any]) {
            var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
            q = withGroup(q, nil)
            SecItemAdd(q as CFDictionary, nil)
            var r: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
            r = options
            SecItemDelete(r as CFDictionary)
        }
        """).map { $0.replacingOccurrences(of: "kSecClass=kSecClassGenericPassword, ", with: "") }, [
            "SecItemAdd/query: kSecValueData=?, kSecAttrAccessGroup=?",
            "SecItemDelete/query: ",
        ])
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: """
        func f(options: [String: Any]) {
            var r: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
            r = options
            SecItemDelete(r as CFDictionary)
        }
        """), platforms: .all)
        XCTAssertEqual(file.uses.map(\.dictionary.hasUnknownBase), [true], "reassigned from a dictionary the file cannot read")
    }

    func testRemovalAppliesOnlyOnItsPath() {
        XCTAssertEqual(uses("""
        func f(flag: Bool) {
            var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrLabel as String: "l", kSecAttrComment as String: "c"]
            if flag { q[kSecAttrLabel as String] = nil }
            q.removeValue(forKey: kSecAttrComment as String)
            SecItemDelete(q as CFDictionary)
        }
        """), ["SecItemDelete/query: kSecClass=kSecClassGenericPassword, kSecAttrLabel='l'"])
    }

    func testEntriesInsideIfConfigKeepTheirRegion() {
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: """
        func f() {
            var q = [String: Any]()
            q[kSecClass as String] = kSecClassGenericPassword
            #if os(macOS)
            q[kSecUseDataProtectionKeychain as String] = true
            #else
            q[kSecAttrLabel as String] = "ios"
            #endif
            SecItemDelete(q as CFDictionary)
        }
        """), platforms: .all)
        XCTAssertEqual(file.uses.count, 1)
        let entries = file.uses[0].dictionary.entries
        XCTAssertEqual(entries.map(\.key), ["kSecClass", "kSecUseDataProtectionKeychain", "kSecAttrLabel"])
        XCTAssertTrue(file.mayRunOnMacOS(entries[1].region))
        XCTAssertFalse(file.mayRunOnMacOS(entries[2].region))
        XCTAssertTrue(file.mayRunOnMacOS(entries[0].region))
    }

    func testUpdateHasQueryAndAttributes() {
        XCTAssertEqual(uses("""
        func f() {
            let query = [kSecClass as String: kSecClassGenericPassword]
            let attributes: [String: Any] = [kSecAttrAccessGroup as String: "g"]
            SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        }
        """), ["SecItemUpdate/query: kSecClass=kSecClassGenericPassword",
               "SecItemUpdate/attributesToUpdate: kSecAttrAccessGroup='g'"])
    }

    func testConstantsAndInterpolation() {
        XCTAssertEqual(uses("""
        enum Team { static let id = "ABCDE12345" }
        let group = "\\(Team.id).com.example.shared"
        func f(_ user: String) {
            SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccessGroup: group, kSecAttrAccount: "u-\\(user)"] as CFDictionary, nil)
        }
        """), ["SecItemCopyMatching/query: kSecClass=kSecClassGenericPassword, kSecAttrAccessGroup='ABCDE12345.com.example.shared', kSecAttrAccount='u-…'"])
    }

    func testBooleanSpellings() {
        XCTAssertEqual(uses("""
        func f() {
            SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrSynchronizable: kCFBooleanTrue!, kSecReturnData: NSNumber(value: true), kSecReturnRef: true as CFBoolean, kSecAttrIsInvisible: kCFBooleanTrue as Any, kSecAttrIsNegative: cond ? true : false] as CFDictionary)
        }
        """), ["SecItemDelete/query: kSecClass=kSecClassGenericPassword, kSecAttrSynchronizable=true, kSecReturnData=true, kSecReturnRef=true, kSecAttrIsInvisible=true, kSecAttrIsNegative=?"])
    }

    func testAccessControlAndNestedKeyAttributes() {
        XCTAssertEqual(uses("""
        func f(tag: Data) {
            guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .privateKeyUsage, nil) else { return }
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
            ]
            var error: Unmanaged<CFError>?
            _ = SecKeyCreateRandomKey(attributes as CFDictionary, &error)
        }
        """), ["SecKeyCreateRandomKey/keyAttributes: kSecAttrKeyType=kSecAttrKeyTypeECSECPrimeRandom, kSecPrivateKeyAttrs=[kSecAttrIsPermanent=true, kSecAttrAccessControl=access(kSecAttrAccessibleWhenUnlockedThisDeviceOnly)]"])
    }

    func testHelperBuiltDictionaryCarriesEntries() {
        XCTAssertEqual(uses("""
        struct Store {
            private func baseQuery(account: String) -> [String: Any] {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                q[kSecAttrAccount as String] = account
                return q
            }
            var common: [String: Any] { [kSecAttrService as String: "svc"] }
            func save(_ d: Data) {
                var q = baseQuery(account: "a").merging(common) { $1 }
                q[kSecValueData as String] = d
                SecItemAdd(q as CFDictionary, nil)
            }
        }
        """), ["SecItemAdd/query: kSecClass=kSecClassGenericPassword, kSecAttrAccount=?, kSecAttrService='svc', kSecValueData=?"])
    }

    func testUnusedHelperIsAnUnseenUse() {
        XCTAssertEqual(uses("""
        struct Q {
            static func query() -> [String: Any] { [kSecClass as String: kSecClassCertificate, kSecAttrLabel as String: "x"] }
        }
        """), ["unseen/query: kSecClass=kSecClassCertificate, kSecAttrLabel='x'"])
    }

    func testFunctionAliasesAndWrappedCalls() {
        XCTAssertEqual(uses("""
        enum Sec { static var secItemAdd = SecItemAdd }
        func f(q0: [String: Any]) -> Bool {
            let q: [String: Any] = [kSecClass as String: kSecClassKey]
            let add = SecItemAdd
            _ = add(q as CFDictionary, nil)
            _ = Sec.secItemAdd(q as CFDictionary, nil)
            var result: CFTypeRef?
            let s = withUnsafeMutablePointer(to: &result) { SecItemCopyMatching(q as CFDictionary, $0) }
            return s == errSecSuccess
        }
        """), ["SecItemAdd/query: kSecClass=kSecClassKey", "SecItemAdd/query: kSecClass=kSecClassKey",
               "SecItemCopyMatching/query: kSecClass=kSecClassKey"])
    }

    func testTextInCommentsAndStringsIsNotCode() {
        XCTAssertEqual(uses("""
        // SecItemAdd([kSecClass: kSecClassIdentity] as CFDictionary, nil)
        /* [kSecClass: kSecClassIdentity] */
        let doc = "SecItemAdd([kSecClass: kSecClassIdentity] as CFDictionary, nil)"
        let raw = #"q[kSecClass as String] = kSecClassIdentity"#
        let multi = \"\"\"
            SecItemAdd([kSecClass: kSecClassIdentity] as CFDictionary, nil)
            \"\"\"
        """), [])
    }

    func testNonKeychainTablesAreIgnored() {
        XCTAssertEqual(uses("""
        let names: [CFString: String] = [kSecAttrService: "Service", kSecAttrAccount: "Account"]
        func show() { print(names) }
        """), [])
    }

    func testUserDeclaredKSecNameIsNotAKey() {
        XCTAssertEqual(uses("""
        let kSecAttrFake = 0
        func f() { SecItemDelete([kSecClass: kSecClassKey, kSecAttrFake: 1] as CFDictionary) }
        """), ["SecItemDelete/query: kSecClass=kSecClassKey"])
    }

    func testStatusUse() {
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: """
        func f(q: [String: Any]) -> OSStatus {
            let a: [String: Any] = [kSecClass as String: kSecClassKey]
            SecItemAdd(a as CFDictionary, nil)
            _ = SecItemAdd(a as CFDictionary, nil)
            let status = SecItemAdd(a as CFDictionary, nil)
            if SecItemAdd(a as CFDictionary, nil) == errSecDuplicateItem {}
            let run: (CFDictionary) -> OSStatus = { query in SecItemAdd(query, nil) }
            return SecItemAdd(a as CFDictionary, nil)
        }
        """), platforms: .all)
        // A closure's single expression after its parameters is its result.
        XCTAssertEqual(file.uses.compactMap { $0.call?.status },
                       [.discarded, .discarded, .bound(name: "status"), .usedInPlace, .returned, .returned])
    }

    /// Deep `#if` nesting and long `#elseif` chains must not make region evaluation quadratic.
    func testDeepConditionalCompilationIsLinear() {
        func work(_ n: Int) -> Int {
            let nested = String(repeating: "#if os(iOS)\n", count: n) + "let x = 1\n" + String(repeating: "#endif\n", count: n)
            let chain = "#if os(iOS)\n" + String(repeating: "#elseif DEBUG\nlet y = 2\n", count: n) + "#endif\n"
            let file = KeychainFile(source: SourceFile(path: "T.swift", text: nested + chain), platforms: .all)
            // The work measure: the total size of every region's condition, which evaluation walks.
            return file.regions.reduce(0) { $0 + Self.size($1.condition) }
        }
        let small = work(2_000), large = work(4_000)
        XCTAssertLessThan(Double(large), Double(small) * 2.5, "condition size grows faster than the input")
        // Inside the 64-deep limit, an entry is still decided per platform.
        let file = KeychainFile(source: SourceFile(path: "T.swift", text: "#if os(iOS)\n#if DEBUG\nlet a = [kSecClass: kSecClassKey]\n#endif\n#endif\n"), platforms: .all)
        XCTAssertFalse(file.mayRunOnMacOS(file.code.region[file.code.count - 1]))
    }

    private static func size(_ c: Condition) -> Int {
        var stack = [c], n = 0
        while let top = stack.popLast() {
            n += 1
            switch top {
            case .not(let a): stack.append(a)
            case .and(let a, let b), .or(let a, let b): stack.append(a); stack.append(b)
            default: break
            }
        }
        return n
    }

    /// Nesting far deeper than any code (50,000 brackets, 5,000 keyed literals inside one another,
    /// 5,000 interpolations, 4,000 chained declarations) is read in bounded work: doubling the depth
    /// must not much more than double the tokens the file's scans visit (`CodeView.work`, the
    /// count `HostileInputTests` uses; a walk that rescanned the nesting once per level would
    /// quadruple it). The call after the value is still found, once, with at most the one entry
    /// of the innermost literal, not one built 5,000 levels deep.
    func testHostileNestingStaysBounded() {
        let shapes: [(String, Int, (Int) -> String)] = [
            ("brackets", 50_000, { String(repeating: "[", count: $0) + String(repeating: "]", count: $0) }),
            ("keyed literals", 5_000, { String(repeating: "[kSecClass: ", count: $0) + "1" + String(repeating: "]", count: $0) }),
            ("interpolations", 5_000, { String(repeating: "\"\\(", count: $0) + "x" + String(repeating: ")\"", count: $0) }),
            ("declarations", 4_000, { String(repeating: "let x = ", count: $0) }),
        ]
        for (name, n, make) in shapes {
            func read(_ depth: Int) -> KeychainFile {
                let file = KeychainFile(source: SourceFile(path: "T.swift", text: "func f() { let q = \(make(depth))\n SecItemAdd(q as CFDictionary, nil) }"),
                                        platforms: .all)
                let adds = file.uses.filter { $0.call?.operation == .add }
                XCTAssertEqual(adds.count, 1, name)
                XCTAssertLessThanOrEqual(adds.first?.dictionary.entries.count ?? 0, 1, name)
                return file
            }
            let small = read(n), large = read(2 * n)
            XCTAssertGreaterThan(small.code.work, 0, name)
            XCTAssertLessThanOrEqual(Double(large.code.work), 2.5 * Double(small.code.work),
                                     "\(name): work \(small.code.work) at depth \(n), \(large.code.work) at \(2 * n)")
        }
    }
}
