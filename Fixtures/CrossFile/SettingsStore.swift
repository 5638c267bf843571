import Foundation

struct SettingsStore {
    func save(_ data: Data) -> OSStatus {
        var query = TeamQueries.shared(account: "settings")
        query[kSecValueData as String] = data
        query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
        let status = SecItemAdd(query as CFDictionary, nil)
        if status == errSecDuplicateItem { return SecItemUpdate(TeamQueries.shared(account: "settings") as CFDictionary, [kSecValueData: data] as CFDictionary) }
        return status
    }
}
