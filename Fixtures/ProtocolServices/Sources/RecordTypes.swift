import Foundation
import Security

/// A record's keychain dictionary is a requirement; no type of this file gives it.
protocol StoredRecord {
    var recordAttributes: RecordAttributes { get }
    var payload: Data { get }
}

extension StoredRecord {
    var attributesToSave: RecordAttributes {
        var attributes = recordAttributes
        attributes[kSecValueData as String] = payload
        return attributes
    }

    func save(to service: RecordService = RecordService()) throws {
        try service.insert(attributesToSave)
    }

    func erase(from service: RecordService = RecordService()) throws {
        try service.remove(recordAttributes)
    }
}
