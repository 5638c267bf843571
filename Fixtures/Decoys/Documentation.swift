import Foundation

/// Explains keychain pitfalls in the app's debug menu. Every keychain constant here is text, not code:
/// `SecItemAdd([kSecClass: kSecClassIdentity] as CFDictionary, nil)` is the classic mistake.
enum KeychainHelp {
    // q[kSecAttrAccessGroup as String] = "$(AppIdentifierPrefix)com.example.shared"
    /* A nested /* block */ comment: kSecAttrSynchronizable with kSecAttrAccessibleWhenUnlockedThisDeviceOnly */
    static let identity = "Never add kSecClassIdentity with SecItemAdd."
    static let sample = """
        let query = [kSecClass as String: kSecClassGenericPassword,
                     kSecAttrService as String: "https://example.com"]
        SecItemAdd(query as CFDictionary, nil)
        """
    static let raw = #"q[kSecClass as String] = kSecClassCertificate; q[kSecAttrApplicationTag as String] = tag"#
    static let rawMulti = #"""
        SecItemDelete(["kSecClass": kSecClassGenericPassword] as CFDictionary) \(notInterpolated)
        """#
    static let pattern = /kSecAttr[A-Za-z]+/
    static let interpolated = "Service: \("kSecAttrService") uses \(String(describing: "kSecClassIdentity"))"
}
