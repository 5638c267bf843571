import Foundation
import Security

/// Gives `StoredRecord`'s requirement to every password record: a default in a refining
/// protocol's extension, in another file than the extension that reads it.
protocol PasswordRecord: StoredRecord {
    var account: String { get }
}

extension PasswordRecord {
    var recordAttributes: RecordAttributes {
        var attributes = RecordAttributes()
        attributes[kSecClass as String] = kSecClassGenericPassword
        attributes[kSecAttrService as String] = "com.example.records"
        attributes[kSecAttrAccount as String] = account
        return attributes
    }
}

struct PINRecord: PasswordRecord {
    let account: String
    let payload: Data
}
