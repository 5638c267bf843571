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
            struct SaveOutcome { let succeeded: Bool }
            func save(_ token: Data) -> SaveOutcome {
                let status = ↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example",
                                          kSecValueData: token] as CFDictionary, nil)
                return SaveOutcome(succeeded: status == errSecSuccess)
            }
            """, note: "A value made from a comparison carries a Bool, not the status."),
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
            RuleExample("""
            enum StoreError: Error { case failed, message(String) }
            func save(_ token: Data) throws {
                let status = ↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                guard status == errSecSuccess else { throw StoreError.failed }
            }
            func store(_ token: Data) throws {
                let status = ↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                guard status == errSecSuccess else { throw StoreError.message("OSStatus \\(status)") }
            }
            """, note: "Thrown errors that do not carry the status: a caller cannot tell a duplicate (text made from it is no value)."),
            RuleExample("""
            func save(_ token: Data) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "me"]
                if SecItemCopyMatching(query as CFDictionary, nil) != errSecItemNotFound {
                    ↓SecItemAdd(query.merging([kSecValueData as String: token]) { $1 } as CFDictionary, nil)
                }
            }
            """, note: "Alone in an if block, the status is a statement's, not a value returned; and this branch runs where the item was found."),
            RuleExample("""
            func replace(_ token: Data) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "me"]
                SecItemDelete(query as CFDictionary)
                ↓SecItemAdd(query.merging([kSecValueData as String: token]) { $1 } as CFDictionary, nil)
            }
            """, note: "A delete first: the message says that the mistake is the discarded status, as an add can still fail."),
            RuleExample("""
            func report(_ status: OSStatus) throws {
                let text = SecCopyErrorMessageString(status, nil) as String?
                if status != errSecSuccess { throw CocoaError(.fileWriteUnknown, userInfo: ["reason": text ?? ""]) }
            }
            func save(_ token: Data) throws {
                try report(↓SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil))
            }
            """, note: "A function the status is handed to that throws only text made from it."),
        ],
        nonTriggering: [
            RuleExample("""
            struct OperationResult {
                let status: OSStatus
                let result: AnyObject?
            }
            func add(_ item: [String: Any]) -> OperationResult {
                var result: AnyObject?
                let status = SecItemAdd(item as CFDictionary, &result)
                return OperationResult(status: status, result: result)
            }
            """, note: "The status goes back to the caller inside the value the function returns."),
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
            RuleExample("""
            enum KeychainError: Error { case unhandled(status: OSStatus) }
            struct StatusError: Error { let status: OSStatus }
            func save(_ token: Data) throws {
                let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                guard status == errSecSuccess else { throw KeychainError.unhandled(status: status) }
            }
            func store(_ token: Data) throws {
                let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                if status != errSecSuccess { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
            }
            func keep(_ token: Data) throws {
                let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                switch status {
                case errSecSuccess: return
                case let other: throw StatusError(status: other)
                }
            }
            func put(_ token: Data) throws {
                switch SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil) {
                case errSecSuccess: return
                case let status: throw StatusError(status: status)
                }
            }
            """, note: "The status thrown inside an error that carries it: the caller can compare it."),
            RuleExample("""
            func save(_ token: Data) -> OSStatus {
                perform { SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil) }
            }
            func perform(_ operation: () -> OSStatus) -> OSStatus {
                let status = operation()
                return status == errSecDuplicateItem ? errSecSuccess : status
            }
            func store(_ token: Data) -> OSStatus {
                var result: AnyObject?
                return withUnsafeMutablePointer(to: &result) { pointer in
                    SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, pointer)
                }
            }
            """, note: "A closure returns the status to the function that calls it, with or without parameters."),
            RuleExample("""
            struct StoreError: Error { let code: Int32 }
            func check(_ status: OSStatus) throws {
                let code = Int32(status)
                let error = StoreError(code: code)
                if status != errSecSuccess { throw error }
            }
            func save(_ token: Data) throws {
                try check(SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil))
            }
            func store(_ token: Data) throws {
                let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: token] as CFDictionary, nil)
                try check(status)
            }
            """, note: "The status handed to a function of the file that throws an error carrying it."),
            RuleExample("""
            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "me"]
            let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "me", kSecValueData as String: Data()]
            func save() {
                let found = SecItemCopyMatching(query as CFDictionary, nil)
                if found == errSecItemNotFound {
                    SecItemAdd(item as CFDictionary, nil)
                }
            }
            func store() {
                switch SecItemCopyMatching(query as CFDictionary, nil) {
                case errSecItemNotFound:
                    SecItemAdd(item as CFDictionary, nil)
                default:
                    break
                }
            }
            func keep() {
                let found = SecItemCopyMatching(query as CFDictionary, nil)
                guard found == errSecItemNotFound else { return }
                SecItemAdd(item as CFDictionary, nil)
            }
            """, note: "The add runs only where a lookup of the item found nothing."),
            RuleExample("""
            func save(_ secret: Data) -> Int {
                let status: OSStatus = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example",
                                                   kSecAttrAccount: "me", kSecValueData: secret] as CFDictionary, nil)
                if status != errSecSuccess {
                    let error = NSError(domain: NSOSStatusErrorDomain, code: Int(status))
                    return error.code
                }
                return 0
            }
            func keep(_ secret: Data) -> Int {
                var code = 0
                if !secret.isEmpty {
                    let status = SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: secret] as CFDictionary, nil)
                    code = Int(status)
                }
                return code
            }
            """, note: "A value made from the status goes back to the caller, who can tell a duplicate apart (the status named before its type annotation, or kept in a variable returned later)."),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        var sites: Sites?
        var facts: [Int: FunctionFacts] = [:]
        for use in file.uses where use.role == .query {
            guard let call = use.call, call.operation == .add else { continue }
            if call.status == .returned || call.status == .handledInside { continue }
            let body = file.enclosingFunctionBody(of: call.codeIndex)
            let known = sites ?? Sites(file)
            sites = known
            if Self.runsOnlyWhereLookupFoundNothing(use, call: call, in: body, lookups: known.lookups, file: file) { continue }
            if call.status == .discarded, known.deletes.contains(sameItemAs: use, in: body.lowerBound..<call.codeIndex) {
                findings.report(at: call.offset, "SecItemAdd's status is discarded; the delete before it removes the old item, but an add that fails (a missing entitlement, a locked keychain) goes unnoticed. Check the status, or return it." + use.routeNote)
                continue
            }
            if call.status != .discarded {
                func factsOf(_ body: Range<Int>) -> FunctionFacts {
                    if let known = facts[body.lowerBound] { return known }
                    let new = FunctionFacts(body, changes: known.changes, file: file)
                    facts[body.lowerBound] = new
                    return new
                }
                let function = factsOf(body)
                if function.handlesDuplicate { continue }
                if case .bound(let name) = call.status {
                    if function.returnedNames.contains(name) || Self.throwsError(carrying: name, after: call, file: file)
                        || Self.returnsValue(carrying: name, after: call, file: file) { continue }
                }
                if call.status == .usedInPlace, Self.switchThrowsError(carryingStatusOf: call, file: file) { continue }
                if Self.passesStatusToHandler(call, file: file) { continue }
                if function.changes(sameItemAs: use) { continue }
                // A private helper's add, where every caller updates or deletes the item around
                // the call (`if !update(…) { try create(…) }`) or handles the duplicate itself.
                if let callers = file.callersOfPrivateFunction(withBody: body), callers.allSatisfy({ caller in
                    let facts = factsOf(caller)
                    return facts.handlesDuplicate || facts.changes(sameItemAs: use)
                }) { continue }
            }
            findings.report(at: call.offset, "SecItemAdd never checks for errSecDuplicateItem; saving an existing item silently keeps the old one. Handle errSecDuplicateItem with SecItemUpdate, or return the status." + use.routeNote)
        }
    }

    /// The file's lookups, deletes, and updates or deletes, each in code order.
    private struct Sites {
        let lookups: OperationSites, deletes: OperationSites, changes: OperationSites

        init(_ file: KeychainFile) {
            lookups = OperationSites([.copyMatching], in: file)
            deletes = OperationSites([.delete], in: file)
            changes = OperationSites([.update, .delete], in: file)
        }
    }

    /// What one function does that decides its adds, read once however many adds it has (a
    /// function of thousands of adds asked this of its whole body for each).
    private struct FunctionFacts {
        /// `errSecDuplicateItem` or `-25299` anywhere in the function (a comparison or a `case`).
        let handlesDuplicate: Bool
        /// The names of `return name` in the function (not `return name == …`): that status goes to the caller.
        let returnedNames: Set<String>
        /// The classes of the updates and deletes in the function and in the same-file functions
        /// it calls (`deleteExisting(key)` before the add).
        let changedClasses: [String?]

        init(_ body: Range<Int>, changes: OperationSites, file: KeychainFile) {
            let code = file.code
            var duplicate = false, returned: Set<String> = []
            for i in body {
                if (code.kind(i) == .identifier && code.is(i, "errSecDuplicateItem"))
                    || (code.kind(i) == .integerLiteral && code.is(i, "25299") && code.is(i - 1, "-")) {
                    duplicate = true
                }
                if code.isKeyword(i, "return") && code.kind(i + 1) == .identifier
                    && !(code.kind(i + 2) == .operator && !code.startsLine[min(i + 2, code.count - 1)]) && code.kind(i + 2) != .period {
                    returned.insert(code.text(i + 1))
                }
            }
            handlesDuplicate = duplicate
            returnedNames = returned
            changedClasses = ([body] + file.calledFunctionBodies(in: body)).flatMap { changes.classes(in: $0) }
        }

        /// An update or delete that may be of the item `add` makes.
        func changes(sameItemAs add: KeychainUse) -> Bool {
            let a = add.dictionary.itemClass
            return changedClasses.contains { b in a == nil || b == nil || a == b }
        }
    }
}
