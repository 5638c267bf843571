import Security

/// Base queries built once and extended at each call site (see DeviceSecretStore.swift).
enum QueryBuilder {
    static func base(service: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    static var synced: [String: Any] {
        var query = base(service: "com.example.synced")
        query[kSecAttrSynchronizable as String] = true
        return query
    }
}
