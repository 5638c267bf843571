import Foundation

// Migration note: we used to store kSecAttrAccessibleAlways items here, with
// kSecAttrSynchronizable = true and kSecAttrAccessibleWhenUnlockedThisDeviceOnly.
/* kSecClassIdentity was never added with SecItemAdd in this module:
   SecItemAdd([kSecClass: kSecClassIdentity] as CFDictionary, nil)
   /* nested: kSecAttrApplicationTag on kSecClassCertificate */ still a comment */

/// Explains keychain settings in the in-app help.
///
/// ```swift
/// let query: [String: Any] = [
///     kSecClass as String: kSecClassGenericPassword,
///     kSecAttrService as String: "https://accounts.example.com",
///     kSecAttrAccessGroup as String: "$(AppIdentifierPrefix)com.example.shared",
/// ]
/// SecItemAdd(query as CFDictionary, nil)
/// ```
enum KeychainHelp {
    static let accessibilityHint = "Set kSecAttrAccessible to kSecAttrAccessibleAlways only for tests"
    static let escapedQuote = "kSecClass \"kSecClassIdentity\" is not storable; kSecAttrServer belongs to internet passwords"
    static let raw = #"q[kSecClass as String] = kSecClassIdentity; q[kSecAttrAccessGroup as String] = "com.example""#
    static let rawInterpolationLookalike = #"kSecAttrService: "\(host)" with kSecClassGenericPassword"#
    static let template = """
        SecItemAdd([
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "forum.example.org",
            kSecAttrSynchronizable as String: true,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ] as CFDictionary, nil)
        """
    static let rawMultiline = #"""
        var q = [String: Any]()
        q[kSecClass as String] = kSecClassCertificate
        q[kSecAttrApplicationTag as String] = tag
        SecItemDelete(q as CFDictionary)
        """#

    static let constantName = #/kSec[A-Z][A-Za-z]+/#
    static let groupPattern = /\$\(AppIdentifierPrefix\)[a-z.]+/

    static func mentionsKeychainConstant(_ line: String) -> Bool {
        line.contains(constantName) || line.contains(groupPattern) || line.contains("SecItemAdd(")
    }

    static func describe(_ name: String) -> String {
        switch name {
        case "kSecClassIdentity": return "An identity: a certificate with its private key."
        case "kSecAttrApplicationTag": return "A tag that keys, not certificates, carry."
        default: return "See the Keychain Services documentation for \(name)."
        }
    }
}
