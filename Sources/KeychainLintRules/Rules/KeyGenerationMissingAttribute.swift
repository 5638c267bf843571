import KeychainLintSyntax
import KeychainLintModel

/// SecKeyCreateRandomKey has no defaults for the two attributes that define a key.
struct KeyGenerationMissingAttribute: Rule {
    static let description = RuleDescription(
        id: "key-generation-missing-attribute",
        defaultSeverity: .error,
        summary: "SecKeyCreateRandomKey attributes without kSecAttrKeyType or without kSecAttrKeySizeInBits.",
        rationale: """
        SecKeyCreateRandomKey needs both the key type and the key size; without either it returns nil \
        with errSecParam (-50), and code that force-unwraps the key crashes.
        """,
        howToFix: """
        Pass kSecAttrKeyType and kSecAttrKeySizeInBits, for example kSecAttrKeyTypeECSECPrimeRandom with \
        256 bits (the only choice for the Secure Enclave).
        """,
        triggering: [
            RuleExample("""
            func makeKey() throws -> SecKey {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true],
                ]
                var error: Unmanaged<CFError>?
                guard let key = ↓SecKeyCreateRandomKey(attributes as CFDictionary, &error) else { throw error!.takeRetainedValue() as Error }
                return key
            }
            """, note: "No size."),
            RuleExample("""
            func makeKey() {
                _ = SecKeyCreateRandomKey(↓[kSecAttrKeySizeInBits: 2048] as CFDictionary, nil)
            }
            """, note: "No type."),
            RuleExample("""
            func makeKey() {
                var attributes = [String: Any]()
                attributes[kSecAttrTokenID as String] = kSecAttrTokenIDSecureEnclave
                _ = ↓SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            """),
        ],
        nonTriggering: [
            RuleExample("""
            func makeKey() {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true],
                ]
                _ = SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func makeKey(bits: Int) {
                var attributes: [String: Any] = [kSecAttrKeyType as String: kSecAttrKeyTypeRSA]
                attributes.updateValue(bits, forKey: kSecAttrKeySizeInBits as String)
                _ = SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func restore(_ data: Data) {
                _ = SecKeyCreateWithData(data as CFData, [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPublic] as CFDictionary, nil)
            }
            """, note: "SecKeyCreateWithData reads the size from the data."),
        ]
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses where use.call?.operation == .createRandomKey {
            let missing = ["kSecAttrKeyType", "kSecAttrKeySizeInBits"].filter { use.dictionary.lacks($0) }
            guard let first = missing.first else { continue }
            findings.report(missingIn: use, "Key generation without \(missing.count == 2 ? "kSecAttrKeyType and kSecAttrKeySizeInBits" : first); SecKeyCreateRandomKey fails with errSecParam. Add \(missing.joined(separator: " and ")).")
        }
    }
}
