import Foundation
import Security

/// An app's connection check, not a test: this file imports neither XCTest nor Testing, so
/// `testConnection()` is a function its callers call, and the delete in it comes before the add.
struct SessionCheck {
    func testConnection() {
        SecItemDelete([
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary)
    }
}
