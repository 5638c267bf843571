import Foundation

enum NoteQuery {
    case read(name: String)
    case store(name: String, text: Data)
}

protocol NoteQueryProviding: AnyObject {
    func query(for kind: NoteQuery) -> CFDictionary
}

/// Right: every note names its service and uses the data protection keychain.
final class NoteQueryProvider: NoteQueryProviding {
    func query(for kind: NoteQuery) -> CFDictionary {
        var dictionary: [CFString: Any] = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: "com.example.notes",
            kSecUseDataProtectionKeychain: true,
        ]
        switch kind {
        case let .read(name):
            dictionary[kSecAttrAccount] = name
            dictionary[kSecReturnData] = true
        case let .store(name, text):
            dictionary[kSecAttrAccount] = name
            dictionary[kSecValueData] = text
        }
        return dictionary as CFDictionary
    }
}
