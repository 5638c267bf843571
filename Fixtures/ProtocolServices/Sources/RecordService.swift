import Foundation
import Security

/// The dictionary type every file of the records below names; declared here, used elsewhere.
typealias RecordAttributes = [String: Any]

struct RecordFailure: Error {
    let status: OSStatus
}

/// Checks every status itself, so a missing entry that all its calls share is one mistake, here.
/// `RecordTypes.swift` reaches it through each record type's `recordAttributes`, which a refining
/// protocol's extension in `PasswordRecords.swift` gives; `rejectsUnknownKeys()` passes a
/// dictionary with no keychain key at all, which is no item to fix elsewhere.
struct RecordService {
    func insert(_ attributes: RecordAttributes) throws {
        let status = SecItemAdd(attributes as CFDictionary, nil)  // expect: missing-data-protection-keychain@22
        if status != errSecSuccess { throw RecordFailure(status: status) }
    }

    func remove(_ attributes: RecordAttributes) throws {
        let status = SecItemDelete(attributes as CFDictionary)  // expect: missing-data-protection-keychain@22
        if status != errSecSuccess { throw RecordFailure(status: status) }
    }
}

func rejectsUnknownKeys() -> Bool {
    (try? RecordService().insert(["a": "b"])) == nil
}
