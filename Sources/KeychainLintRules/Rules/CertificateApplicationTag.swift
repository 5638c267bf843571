import KeychainLintModel

/// kSecAttrApplicationTag is a key attribute; certificates are found by label, issuer or hash.
struct CertificateApplicationTag: Rule {
    static let description = RuleDescription(
        id: "certificate-application-tag",
        defaultSeverity: .error,
        summary: "kSecAttrApplicationTag on a kSecClassCertificate item.",
        rationale: """
        Application tags exist only on key items. On the data protection keychain a certificate item \
        with kSecAttrApplicationTag is rejected with errSecParam (-50); on the file-based keychain the \
        tag is silently dropped, so a lookup by tag never finds the certificate.
        """,
        howToFix: """
        Identify certificates by kSecAttrLabel, kSecAttrIssuer and kSecAttrSerialNumber, or kSecAttrPublicKeyHash; \
        keep kSecAttrApplicationTag for kSecClassKey items.
        """,
        triggering: [
            RuleExample("""
            func store(_ cert: SecCertificate, tag: Data) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassCertificate,
                    ↓kSecAttrApplicationTag as String: tag,
                    kSecValueRef as String: cert,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func find() {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassCertificate
                q[↓kSecAttrApplicationTag as String] = "com.example.client".data(using: .utf8)!
                q[kSecReturnRef as String] = true
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
            }
            """, note: "Any operation: a query by tag never matches either."),
            RuleExample("""
            let certificateTag = Data("com.example.cert".utf8)
            func remove() {
                SecItemDelete([kSecClass: kSecClassCertificate, ↓kSecAttrApplicationTag: certificateTag, kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """),
            RuleExample("""
            struct Certs {
                static func base() -> [String: Any] { [kSecClass as String: kSecClassCertificate] }
                func update(_ cert: SecCertificate) {
                    var q = Certs.base()
                    q.updateValue(Data("t".utf8), forKey: ↓kSecAttrApplicationTag as String)
                    q[kSecValueRef as String] = cert
                    q[kSecUseDataProtectionKeychain as String] = true
                    SecItemAdd(q as CFDictionary, nil)
                }
            }
            """),
            RuleExample("""
            private let Class = String(kSecClass)
            private let Tag = String(kSecAttrApplicationTag)
            func store(_ cert: SecCertificate) {
                var q: [String: Any] = [Class: kSecClassCertificate, String(kSecValueRef): cert]
                #if os(iOS)
                q[↓Tag] = Data("com.example.client".utf8)
                #endif
                q[String(kSecUseDataProtectionKeychain)] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """, note: "Key aliases; an entry inside #if is present on that path.", excludeFromDocumentation: true),
        ],
        nonTriggering: [
            RuleExample("""
            func store(_ key: SecKey, tag: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassKey,
                    kSecAttrApplicationTag as String: tag,
                    kSecValueRef as String: key,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                SecItemAdd(query as CFDictionary, nil)
            }
            """, note: "Tags belong on keys."),
            RuleExample("""
            func store(_ cert: SecCertificate) {
                SecItemAdd([kSecClass: kSecClassCertificate, kSecValueRef: cert, kSecAttrLabel: "Client certificate",
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func generate() {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: Data("k".utf8)],
                ]
                SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(_ certificate: SecCertificate) -> OSStatus {
                let addQuery: [String: Any] = [
                    kSecClass as String: kSecClassCertificate,
                    kSecValueRef as String: certificate,
                    kSecUseDataProtectionKeychain as String: true
                ]
                return SecItemAdd(addQuery as CFDictionary, nil)
            }
            """, note: "A certificate added without an application tag."),
            RuleExample("""
            func find(itemClass: CFString, tag: Data) {
                SecItemCopyMatching([kSecClass: itemClass, kSecAttrApplicationTag: tag,
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "An unknown class never fires on its own."),
            RuleExample("""
            func find(tag: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassKey
                q[kSecAttrApplicationTag as String] = tag
                q[kSecAttrKeyType as String] = kSecAttrKeyTypeECSECPrimeRandom
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemCopyMatching(q as CFDictionary, nil)
                SecItemDelete([kSecClass: kSecClassCertificate, kSecAttrLabel: "client",
                               kSecUseDataProtectionKeychain: true] as CFDictionary)
            }
            """),
            RuleExample("""
            let help = "kSecClassCertificate items have no kSecAttrApplicationTag"
            // [kSecClass: kSecClassCertificate, kSecAttrApplicationTag: tag]
            """),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses(ofClass: "kSecClassCertificate") {
            for entry in use.dictionary.entries where entry.key == "kSecAttrApplicationTag" {
                findings.report(at: entry.keyOffset, "Certificates have no application tag; the keychain rejects the item or drops the tag. Identify certificates by label, issuer and serial number.")
            }
        }
    }
}
