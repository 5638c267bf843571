import Foundation
import Security

/// Widget.entitlements names $(WIDGET_KEYCHAIN_GROUP), which nothing in this project defines: it
/// could be any group, so no group used here is reported as missing from the entitlements.
enum WidgetKeychain {
    static func save(_ token: Data) -> OSStatus {
        SecItemAdd([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.widget",
            kSecAttrAccount: "current",
            kSecAttrAccessGroup: "ABCDE12345.com.example.widget",
            kSecValueData: token,
        ] as CFDictionary, nil)
    }
}
