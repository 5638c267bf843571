import Foundation

typealias AddItemFunction = (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus
typealias DeleteItemFunction = (CFDictionary) -> OSStatus

// Security functions injected as stored properties, so that tests can replace them. The
// properties' names (`store`, `remove`) are names apps give their own methods too: a call is
// through a property only as a function value is called (every argument, no label).
struct InjectableKeyStore {
    var store: AddItemFunction = SecItemAdd
    var remove: DeleteItemFunction = SecItemDelete

    // Wrong: the add's status is dropped, through the stored reference.
    func save(_ secret: Data) {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.app.secret",
            kSecAttrAccount as String: "device",
            kSecUseDataProtectionKeychain as String: true,
            kSecValueData as String: secret,
        ]
        _ = store(query as CFDictionary, nil)  // expect: unhandled-duplicate-item@13
    }

    // Right: a method of the same name, called with one argument, is not SecItemAdd.
    func store(_ secret: String) throws {
        guard let data = secret.data(using: .utf8) else { return }
        try store(data, replacing: true)
    }

    func store(_ data: Data, replacing: Bool) throws {
        if replacing { _ = remove([kSecClass: kSecClassGenericPassword, kSecAttrService: "com.example.app.secret",
                                   kSecAttrAccount: "device", kSecUseDataProtectionKeychain: true] as CFDictionary) }
        save(data)
    }
}
