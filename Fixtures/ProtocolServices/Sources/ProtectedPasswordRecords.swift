import Foundation
import Security

protocol ProtectedPasswordRecord: ProtectedStoredRecord {
    var account: String { get }
}

extension ProtectedPasswordRecord {
    var protectedAttributes: RecordAttributes {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.records",
         kSecAttrAccount as String: account, kSecUseDataProtectionKeychain as String: true]
    }
}
