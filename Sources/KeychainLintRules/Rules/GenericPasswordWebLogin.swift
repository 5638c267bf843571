import KeychainLintSyntax
import KeychainLintModel

/// Web credentials belong in internet-password items: AutoFill and Safari look only there.
struct GenericPasswordWebLogin: Rule {
    static let description = RuleDescription(
        id: "generic-password-web-login",
        defaultSeverity: .warning,
        summary: "A generic password whose service (or URL account) is a web address, or that sets kSecAttrServer/kSecAttrProtocol.",
        rationale: """
        Password AutoFill, Safari and the Passwords app offer only kSecClassInternetPassword items, matched \
        by kSecAttrServer. A web login stored as kSecClassGenericPassword with the URL or host in \
        kSecAttrService is never offered to the user, and kSecAttrServer or kSecAttrProtocol on a generic \
        password are not attributes of that class.
        """,
        howToFix: """
        Store web logins as kSecClassInternetPassword with kSecAttrServer (the host), kSecAttrProtocol and \
        kSecAttrAccount. Keep kSecClassGenericPassword for app secrets named by a reverse-DNS service \
        such as com.example.app.token.
        """,
        triggering: [
            RuleExample("""
            func save(_ password: Data) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    ↓kSecAttrService as String: "https://accounts.example.com/login",
                    kSecAttrAccount as String: "rhea",
                    kSecValueData as String: password,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ password: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[↓kSecAttrService as String] = "forum.example.org"
                q[kSecAttrAccount as String] = "rhea"
                q[kSecValueData as String] = password
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "A host name is a web address too."),
            RuleExample("""
            func find() {
                var result: CFTypeRef?
                SecItemCopyMatching([
                    kSecClass: kSecClassGenericPassword,
                    ↓kSecAttrServer: "example.com",
                    kSecReturnData: true,
                    kSecUseDataProtectionKeychain: true,
                ] as CFDictionary, &result)
            }
            """, note: "CFString-keyed literal; kSecAttrServer is not a generic-password attribute."),
            RuleExample("""
            private let Class = String(kSecClass)
            private let Service = String(kSecAttrService)
            enum Endpoints { static let host = "api.example.com" }
            func save(_ token: Data) {
                let q: [String: Any] = [Class: kSecClassGenericPassword, ↓Service: "https://\\(Endpoints.host)/v2",
                                        String(kSecValueData): token, String(kSecUseDataProtectionKeychain): true]
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "Key aliases and a constant inside interpolation.", excludeFromDocumentation: true),
            RuleExample("""
            func save(_ token: Data, user: String) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                q.updateValue("com.example.app", forKey: kSecAttrService as String)
                q.updateValue("https://example.com/u/\\(user)", forKey: ↓kSecAttrAccount as String)
                q[kSecValueData as String] = token
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "An account that is a URL."),
            RuleExample("""
            func save(_ token: Data) {
                var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                q.merge([↓kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecAttrAccount as String: "me"]) { $1 }
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ password: Data) {
                let badQuery: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    ↓kSecAttrService as String: "example.com",
                    kSecAttrAccount as String: "user@example.com",
                    kSecValueData as String: "password123".data(using: .utf8)!
                ]
                print(badQuery)
            }
            """, note: "A website's login (host and user) in a generic-password dictionary: reported even though no call uses it."),
            RuleExample("""
            func save(_ password: Data) {
                var q: [String: Any] = [String(kSecClass): kSecClassGenericPassword, String(kSecValueData): password]
                #if os(macOS)
                q[↓String(kSecAttrService)] = "https://mail.example.net"
                q[String(kSecUseDataProtectionKeychain)] = true
                #endif
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
        ] + wrapperTriggering,
        nonTriggering: [
            RuleExample("""
            func save(_ password: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassInternetPassword,
                    kSecAttrServer as String: "accounts.example.com",
                    kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
                    kSecAttrAccount as String: "rhea",
                    kSecValueData as String: password,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                SecItemAdd(query as CFDictionary, nil)
            }
            """, note: "The right class for a web login."),
            RuleExample("""
            func save(_ token: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "com.example.app.refresh-token",
                    kSecAttrAccount as String: "user@example.com",
                    kSecValueData as String: token,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                SecItemAdd(query as CFDictionary, nil)
            }
            """, note: "Reverse-DNS service ids and e-mail accounts are not web addresses."),
            RuleExample("""
            func save(_ token: Data, service: String) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[kSecAttrService as String] = service
                q[kSecValueData as String] = token
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "An unknown service never fires on its own."),
            RuleExample("""
            enum Keys { static let service = "org.example.notes" }
            func find() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: Keys.service,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func find() {
                SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "MyAppSession",
                               kSecAttrLabel: "https://example.com", kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """, note: "A label may hold anything."),
            RuleExample("""
            func migrate() {
                var items: CFTypeRef?
                let old: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "www.example.com",
                                          kSecReturnAttributes as String: true, kSecMatchLimit as String: kSecMatchLimitAll,
                                          kSecUseDataProtectionKeychain as String: true]
                guard SecItemCopyMatching(old as CFDictionary, &items) == errSecSuccess else { return }
                let new: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: "www.example.com",
                                          kSecAttrAccount as String: "me", kSecUseDataProtectionKeychain as String: true]
                SecItemAdd(new as CFDictionary, nil)
                SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "https://www.example.com",
                               kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """, note: "Migrating old items to internet passwords for the same server."),
            RuleExample("""
            let help = "Use kSecClassGenericPassword with kSecAttrService https://example.com only in tests"
            // kSecAttrService as String: "https://example.com"
            """),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "io.github.example.cli",
                            kSecAttrAccount: "localhost", kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "Reverse-DNS ids starting with a top-level domain, and single labels, are not host names."),
            RuleExample("""
            func save(_ token: Data, staging: Bool) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: staging ? "https://staging.example.com" : "https://example.com",
                            kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "A ternary is unknown.", excludeFromDocumentation: true),
        ] + wrapperNonTriggering,
        requiredLiterals: ["kSec", WrapperLibrary.prefilterLiteral]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        checkWrappers(in: file, into: &findings)
        let migratedHosts = internetPasswordServers(in: file)
        for use in file.uses(ofClass: "kSecClassGenericPassword") {
            guard let offending = offendingEntry(use.dictionary) else { continue }
            // Reading or deleting old generic items while adding internet passwords for the same
            // server is the migration away from this mistake, not the mistake.
            if use.effectiveOperation != .add, offending.key == "kSecAttrService" || offending.key == "kSecAttrAccount",
               let host = offending.value.stringValue?.known.map(WebAddress.host),
               migratedHosts.contains(host) { continue }
            let done: String
            switch use.effectiveOperation {
            case .copyMatching?: done = "looked up"
            case .update?: done = "updated"
            case .delete?: done = "deleted"
            default: done = "stored"
            }
            findings.report(at: offending.keyOffset, "Web login \(done) as a generic password; AutoFill never offers it. Store it as kSecClassInternetPassword with kSecAttrServer.")
        }
    }

    /// A wrapper's service is the generic password's kSecAttrService; a web address there is the same mistake.
    private func checkWrappers(in file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.wrapperUses where use.itemClass == "kSecClassGenericPassword" {
            guard let service = use.first("kSecAttrService"), let value = service.value.stringValue, WebAddress.isWebAddress(value) else { continue }
            let fix = use.library == .keychainAccess
                ? "Use Keychain(server:protocolType:), which stores an internet password."
                : "Store it as an internet password (kSecClassInternetPassword with kSecAttrServer)."
            findings.report(at: service.keyOffset, "Web login stored as a generic password through \(use.library.module)'s service; AutoFill never offers it. \(fix)")
        }
    }

    /// Hosts of the internet-password items this file adds.
    private func internetPasswordServers(in file: KeychainFile) -> Set<String> {
        var hosts = Set<String>()
        for use in file.uses(ofClass: "kSecClassInternetPassword") where use.effectiveOperation == .add {
            for entry in use.dictionary.entries where entry.key == "kSecAttrServer" {
                if let text = entry.value.stringValue?.known { hosts.insert(WebAddress.host(text)) }
            }
        }
        return hosts
    }

    private func offendingEntry(_ dictionary: KeychainDictionary) -> KeychainEntry? {
        dictionary.entries.first { entry in
            switch entry.key {
            case "kSecAttrService":
                return entry.value.stringValue.map(WebAddress.isWebAddress) ?? false
            case "kSecAttrAccount":
                return entry.value.stringValue.map(WebAddress.isURL) ?? false
            case "kSecAttrServer", "kSecAttrProtocol":
                return true
            default:
                return false
            }
        }
    }
}
