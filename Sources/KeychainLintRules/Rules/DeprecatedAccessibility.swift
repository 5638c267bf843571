import KeychainLintModel
import KeychainLintSyntax

/// The "Always" accessibilities leave items readable on a locked device and are deprecated.
struct DeprecatedAccessibility: Rule {
    static let description = RuleDescription(
        id: "deprecated-accessibility",
        defaultSeverity: .warning,
        summary: "kSecAttrAccessibleAlways or kSecAttrAccessibleAlwaysThisDeviceOnly (or their raw values dk/dku).",
        rationale: """
        Items with an Always accessibility can be read while the device is locked, so they are not \
        protected by the passcode at all. Both constants are deprecated since iOS 12 and macOS 10.14.
        """,
        howToFix: "Use kSecAttrAccessibleAfterFirstUnlock (or …ThisDeviceOnly) for items background work needs, otherwise kSecAttrAccessibleWhenUnlocked.",
        triggering: [
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example", kSecAttrAccount: "t",
                            kSecAttrAccessible: ↓kSecAttrAccessibleAlways, kSecValueData: token,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """),
            RuleExample("""
            func save(_ token: Data) {
                var q = [String: Any]()
                q[kSecClass as String] = kSecClassGenericPassword
                q[kSecAttrAccessible as String] = ↓kSecAttrAccessibleAlwaysThisDeviceOnly
                q[kSecValueData as String] = token
                SecItemAdd(q as CFDictionary, nil)
            }
            """),
            RuleExample("""
            enum Accessibility { static let background = ↓kSecAttrAccessibleAlways as String }
            """, note: "Anywhere in code."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessible: ↓"dku", kSecValueData: token,
                            kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "The raw value, reported at the value."),
        ] + wrapperTriggering,
        nonTriggering: [
            RuleExample("""
            let kSecAttrAccessibleAlways = kSecAttrAccessibleAfterFirstUnlock
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleAlways,
                            kSecValueData: token] as CFDictionary, nil)
            }
            """, note: "A name the code declares itself is not the Security constant (a shim for old call sites)."),
            RuleExample("""
            func save(_ token: Data) {
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
                            kSecValueData: token, kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "A longer identifier is another constant."),
            RuleExample("""
            // Migrated away from kSecAttrAccessibleAlways in 2019.
            let help = "Never use kSecAttrAccessibleAlways"
            """),
            RuleExample("""
            let kSecAttrAccessibleAlwaysCompat = "legacy"
            func label() -> String { kSecAttrAccessibleAlwaysCompat }
            """),
            RuleExample("""
            func find() {
                SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrLabel: "dk",
                                     kSecUseDataProtectionKeychain: true] as CFDictionary, nil)
            }
            """, note: "dk as another attribute's value is just text."),
        ] + wrapperNonTriggering,
        requiredLiterals: ["kSec", WrapperLibrary.prefilterLiteral],
        fix: fix
    )

    func check(_ file: KeychainFile, into findings: inout FindingCollector) {
        let code = file.code
        // The file's identifier table says whether either constant is spelled anywhere, and which
        // tokens spell it: no byte search over the file, no byte comparison per identifier.
        let always = code.nameID(of: "kSecAttrAccessibleAlways") ?? -1
        let alwaysThisDeviceOnly = code.nameID(of: "kSecAttrAccessibleAlwaysThisDeviceOnly") ?? -1
        // Where the file sets an accessibility: only there is the constant replaced (`AccessibilityFix`).
        var settings: AccessibilityFix.Settings?
        for i in 0..<(always >= 0 || alwaysThisDeviceOnly >= 0 ? code.count : 0) {
            let id = code.nameID(i)
            guard id >= 0, id == always || id == alwaysThisDeviceOnly else { continue }
            let token = code.tokens[i]
            guard code.kind(i - 1) != .period, !file.isUserDeclared(file.source.text(token)) else { continue }
            if settings == nil { settings = AccessibilityFix.accessibilitySettings(in: file) }
            findings.report(at: Int(token.start), "\(file.source.text(token)) is deprecated and leaves the item readable while the device is locked. Use kSecAttrAccessibleAfterFirstUnlock or kSecAttrAccessibleWhenUnlocked.",
                            fix: AccessibilityFix.constant(at: i, in: file, settings: settings ?? [:]))
        }
        for use in file.uses {
            use.dictionary.forEachItemEntry("kSecAttrAccessible") { entry in
                guard let raw = entry.value.stringValue?.known, raw == "dk" || raw == "dku" else { return }
                findings.report(at: entry.valueOffset, "\"\(raw)\" is the raw value of a deprecated Always accessibility; the item stays readable while the device is locked. Use kSecAttrAccessibleAfterFirstUnlock or kSecAttrAccessibleWhenUnlocked.")
            }
        }
        for use in file.wrapperUses {
            guard let access = use.first("kSecAttrAccessible"), let constant = access.value.symbolName,
                  constant == "kSecAttrAccessibleAlways" || constant == "kSecAttrAccessibleAlwaysThisDeviceOnly" else { continue }
            let lib = use.library
            findings.report(at: access.valueOffset, "\(lib.module)'s \(lib.spelling(ofAccessibility: constant)) is deprecated and leaves the item readable while the device is locked. Use \(lib.spelling(ofAccessibility: "kSecAttrAccessibleAfterFirstUnlock")) or \(lib.spelling(ofAccessibility: "kSecAttrAccessibleWhenUnlocked")).",
                            fix: AccessibilityFix.wrapperCase(at: access.valueOffset, library: lib, constant: constant, in: file))
        }
    }
}
