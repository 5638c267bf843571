import Foundation
import Security
import XCTest

struct TokenFixture {
    let suite = MigrationTests()

    // XCTest calls test methods and code almost never does, so what one deletes is not read for
    // its callers in other files (a test file's methods are most of the bodies there are). This
    // helper calls one, and its add is judged as if nothing were deleted before it: the price of
    // that shortcut, shown so that it is a decision. The same shape outside a test file is read
    // (TokenRefresher.swift).
    func replaceToken(_ token: Data) -> Bool {
        suite.testClearsTheToken()
        let status = SecItemAdd([  // expect: unhandled-duplicate-item@22
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.session",
            kSecAttrAccount: "token",
            kSecValueData: token,
            kSecUseDataProtectionKeychain: true,
        ] as CFDictionary, nil)
        return status == errSecSuccess
    }
}
