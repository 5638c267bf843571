import KeychainLintModel

/// The keychain stores keys as keys: raw bytes under kSecClassKey lose their type and usage.
struct RawKeyDataAdd: Rule {
    static let description = RuleDescription(
        id: "raw-key-data-add",
        defaultSeverity: .warning,
        summary: "SecItemAdd of a kSecClassKey item with kSecValueData.",
        rationale: """
        Adding raw key bytes as kSecValueData stores a key item whose type, size and usage the keychain \
        cannot check; SecItemCopyMatching with kSecReturnRef then fails to make a SecKey from it, or \
        returns one of the wrong type.
        """,
        howToFix: "Create the key with SecKeyCreateWithData, then add it with kSecValueRef. A symmetric key (kSecAttrKeyClassSymmetric, AES), which SecKeyCreateWithData cannot make, is stored as a kSecClassGenericPassword item instead.",
        triggering: [
            RuleExample("""
            func store(keyData: Data, tag: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassKey,
                    kSecAttrApplicationTag as String: tag,
                    ↓kSecValueData as String: keyData,
                    kSecUseDataProtectionKeychain as String: true,
                ]
                SecItemAdd(query as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(keyData: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassKey
                q[↓kSecValueData as String] = keyData
                q[kSecUseDataProtectionKeychain as String] = true
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(aesKey: Data, tag: Data) {
                SecItemAdd([kSecClass: kSecClassKey, kSecAttrKeyClass: kSecAttrKeyClassSymmetric, kSecAttrApplicationTag: tag,
                            ↓kSecValueData: aesKey, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "A symmetric key: the message says to store it as a generic password, as SecKeyCreateWithData cannot make one."),
        ],
        nonTriggering: [
            RuleExample("""
            func store(keyData: Data, tag: Data) {
                let attributes = [kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyClass: kSecAttrKeyClassPrivate] as CFDictionary
                guard let key = SecKeyCreateWithData(keyData as CFData, attributes, nil) else { return }
                SecItemAdd([kSecClass: kSecClassKey, kSecAttrApplicationTag: tag, kSecValueRef: key,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func store(_ secret: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecAttrAccount: "k",
                            kSecValueData: secret, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func update(tag: Data) {
                SecItemUpdate([kSecClass: kSecClassKey, kSecAttrApplicationTag: tag, kSecUseDataProtectionKeychain: true] as CFDictionary,
                              [kSecAttrLabel: "k"] as CFDictionary)
            }
            """),
        ]
    )

    /// Key types and the key class that `SecKeyCreateWithData` cannot make a `SecKey` of.
    private static let symmetricValues: Set<String> = [
        "kSecAttrKeyClassSymmetric", "kSecAttrKeyTypeAES", "kSecAttrKeyTypeDES", "kSecAttrKeyType3DES",
        "kSecAttrKeyTypeRC2", "kSecAttrKeyTypeRC4", "kSecAttrKeyTypeCAST",
    ]

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        for use in file.uses(ofClass: "kSecClassKey") where use.role == .query && use.effectiveOperation == .add {
            let symmetric = use.dictionary.entries.contains { entry in
                (entry.key == "kSecAttrKeyClass" || entry.key == "kSecAttrKeyType")
                    && entry.value.symbolName.map(Self.symmetricValues.contains) == true
            }
            for entry in use.dictionary.entries where entry.key == "kSecValueData" {
                findings.report(at: entry.keyOffset, symmetric
                    ? "Raw symmetric key bytes stored as a kSecClassKey item; SecKeyCreateWithData cannot make a symmetric key, and the keychain cannot use these bytes as one. Store them as a kSecClassGenericPassword item's kSecValueData instead."
                    : "Raw key bytes stored as kSecValueData; the keychain cannot tell the key's type or use. Make a SecKey with SecKeyCreateWithData and add it with kSecValueRef.")
            }
        }
    }
}
