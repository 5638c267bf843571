import KeychainLintSyntax
import KeychainLintModel

/// The second add of the same item fails with errSecDuplicateItem; code that never expects it loses the update.
struct UnhandledDuplicateItem: Rule {
    static let description = RuleDescription(
        id: "unhandled-duplicate-item",
        defaultSeverity: .warning,
        summary: "A SecItemAdd whose status is discarded, or never compared with errSecDuplicateItem in its function.",
        rationale: """
        SecItemAdd does not overwrite: when the item exists it returns errSecDuplicateItem (-25299) and \
        stores nothing. Code that ignores the status, or only checks for success, silently keeps the old \
        secret the second time it saves.
        """,
        howToFix: """
        Handle errSecDuplicateItem by calling SecItemUpdate with the same query (or delete, then add), \
        or return the status to a caller that does.
        """,
        triggering: [
            RuleExample("""
            func save(_ token: Data) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example",
                                            kSecAttrAccount as String: "me", kSecValueData as String: token]
                ↓SecItemAdd(query as CFDictionary, nil)
            }
            """, note: "The status is dropped."),
            RuleExample("""
            func save(_ token: Data) {
                _ = ↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data) -> Bool {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[kSecValueData as String] = token
                let status = ↓SecItemAdd(q as CFDictionary, nil)
                return status == errSecSuccess
            }
            """, note: "Turning the status into a Bool does not handle the duplicate."),
            RuleExample("""
            func save(_ token: Data) throws {
                guard ↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil) == errSecSuccess else {
                    throw CocoaError(.fileWriteUnknown)
                }
            }
            """),
            RuleExample("""
            func log(_ key: String) { print(key) }
            func save(_ token: Data, key: String) -> Bool {
                log(key)
                let status = ↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccount: key, kSecValueData: token] as CFDictionary, nil)
                return status == errSecSuccess
            }
            """, note: "A called function that neither updates nor deletes does not count."),
            RuleExample("""
            final class Store {
                func save(_ token: Data) throws {
                    try add(token)
                }
                private func add(_ token: Data) throws {
                    let status = ↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example",
                                             kSecValueData: token] as CFDictionary, nil)
                    if status != errSecSuccess { throw CocoaError(.fileWriteUnknown) }
                }
            }
            """, note: "A private helper whose caller neither updates nor deletes the item first."),
        ],
        nonTriggering: [
            RuleExample("""
            final class Store {
                @discardableResult
                func remove(_ key: String) -> Bool {
                    SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrAccount: key] as CFDictionary) == errSecSuccess
                }
                func save(_ token: Data, key: String) -> Bool {
                    remove(key)  // delete any existing item first
                    let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccount: key, kSecValueData: token] as CFDictionary, nil)
                    return status == errSecSuccess
                }
            }
            """, note: "The old item is deleted first by a same-file function."),
            RuleExample("""
            final class Store {
                private func add(_ token: Data) throws {
                    let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example",
                                             kSecValueData: token] as CFDictionary, nil)
                    if status != errSecSuccess { throw StoreError(status: status) }
                }
                private func update(_ token: Data) throws {
                    let status = SecItemUpdate([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example"] as CFDictionary,
                                               [kSecValueData: token] as CFDictionary)
                    if status != errSecSuccess { throw StoreError(status: status) }
                }
                func addOrUpdate(_ token: Data) throws {
                    do {
                        try update(token)
                    } catch let error as StoreError where error.status == errSecItemNotFound {
                        try add(token)
                    }
                }
            }
            struct StoreError: Error { let status: OSStatus }
            """, note: "A private helper's add whose every caller updates the item first (update, then add when not found)."),
            RuleExample("""
            func save(_ token: Data) -> OSStatus {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"]
                var status = SecItemAdd(query.merging([kSecValueData as String: token]) { $1 } as CFDictionary, nil)
                if status == errSecDuplicateItem {
                    status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: token] as CFDictionary)
                }
                return status
            }
            """),
            RuleExample("""
            func save(_ token: Data) -> OSStatus {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "Returning the status lets the caller decide."),
            RuleExample("""
            func save(_ token: Data) throws {
                let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                switch status {
                case errSecSuccess: return
                case errSecDuplicateItem: try update(token)
                default: throw CocoaError(.fileWriteUnknown)
                }
            }
            func update(_ token: Data) throws {}
            """),
            RuleExample("""
            func replace(_ token: Data) -> Bool {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example"]
                SecItemDelete(query as CFDictionary)
                var add = query
                add[kSecValueData as String] = token
                let status = SecItemAdd(add as CFDictionary, nil)
                return status == errSecSuccess
            }
            """, note: "Deleting first: there is no duplicate to meet."),
            RuleExample("""
            func save(_ token: Data) -> OSStatus {
                let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                log(status)
                return status
            }
            func log(_ s: OSStatus) {}
            """),
            RuleExample("""
            func save(_ token: Data) -> Bool {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil) != -25299
            }
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses where use.role == .query {
            guard let call = use.call, call.operation == .add else { continue }
            if call.status == .returned || call.status == .handledInside { continue }
            if call.status != .discarded {
                let body = file.enclosingFunctionBody(of: call.codeIndex)
                if handlesDuplicate(in: body, file: file) { continue }
                if case .bound(let name) = call.status, returns(name, in: body, file: file) { continue }
                if updatesOrDeletes(sameItemAs: use, in: body, file: file) { continue }
                // A private helper's add, where every caller updates or deletes the item around
                // the call (`if !update(…) { try create(…) }`) or handles the duplicate itself.
                if let callers = file.callersOfPrivateFunction(withBody: body), callers.allSatisfy({ caller in
                    handlesDuplicate(in: caller, file: file) || updatesOrDeletes(sameItemAs: use, in: caller, file: file)
                }) { continue }
            }
            findings.report(at: call.offset, "SecItemAdd never checks for errSecDuplicateItem; saving an existing item silently keeps the old one. Handle errSecDuplicateItem with SecItemUpdate, or return the status." + use.routeNote)
        }
    }

    /// `errSecDuplicateItem` or `-25299` anywhere in the function (a comparison or a `case`).
    private func handlesDuplicate(in body: Range<Int>, file: KeychainFile) -> Bool {
        let code = file.code
        return body.contains { i in
            (code.kind(i) == .identifier && code.is(i, "errSecDuplicateItem"))
                || (code.kind(i) == .integerLiteral && code.is(i, "25299") && code.is(i - 1, "-"))
        }
    }

    /// `return name` in the function (not `return name == …`): the status itself goes to the caller.
    private func returns(_ name: String, in body: Range<Int>, file: KeychainFile) -> Bool {
        let code = file.code
        return body.contains { i in
            code.isKeyword(i, "return") && code.kind(i + 1) == .identifier && code.text(i + 1) == name
                && !(code.kind(i + 2) == .operator && !code.startsLine[min(i + 2, code.count - 1)]) && code.kind(i + 2) != .period
        }
    }

    /// An update or delete of the same item in the function, or in a same-file function it calls
    /// (`deleteExisting(key)` before the add).
    private func updatesOrDeletes(sameItemAs add: KeychainUse, in body: Range<Int>, file: KeychainFile) -> Bool {
        let scopes = [body] + file.calledFunctionBodies(in: body)
        return file.uses.contains { other in
            guard let call = other.call, call.operation == .update || call.operation == .delete,
                  other.role == .query, scopes.contains(where: { $0.contains(call.codeIndex) }) else { return false }
            let a = add.dictionary.itemClass, b = other.dictionary.itemClass
            return a == nil || b == nil || a == b
        }
    }
}
