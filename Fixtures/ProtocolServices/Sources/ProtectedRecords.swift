import Foundation
import Security

/// Right: the same shape, where the refining protocol's default selects the data protection
/// keychain, and the service's operations are judged on it.
protocol ProtectedStoredRecord {
    var protectedAttributes: RecordAttributes { get }
}

extension ProtectedStoredRecord {
    func save(_ secret: Data) throws {
        var attributes = protectedAttributes
        attributes[kSecValueData as String] = secret
        try ProtectedRecordService().insert(attributes)
    }
}

struct ProtectedRecordService {
    func insert(_ attributes: RecordAttributes) throws {
        let status = SecItemAdd(attributes as CFDictionary, nil)
        if status != errSecSuccess { throw RecordFailure(status: status) }
    }
}
