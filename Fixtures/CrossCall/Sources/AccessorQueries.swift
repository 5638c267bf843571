import Foundation
import Security

// A computed property that spells its accessors (`get { … } set { … }`) is a helper like one that
// does not, and `self` inside an accessor or a subscript is the type that declares it (in a
// protocol extension: the types that conform to that protocol).

struct ArchiveStore {
    var legacyArchiveQuery: [String: Any] {
        get { [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "archive"] }
        set {}
    }

    var scopedArchiveQuery: [String: Any] {
        get {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: "archive",
                kSecUseDataProtectionKeychain as String: true,
            ]
        }
    }

    // Wrong: the getter's query has no flag.
    func removeLegacyArchive() -> OSStatus {
        SecItemDelete(legacyArchiveQuery as CFDictionary)  // expect: missing-data-protection-keychain@9
    }

    // Right: this getter sets it.
    func removeScopedArchive() -> OSStatus {
        SecItemDelete(scopedArchiveQuery as CFDictionary)
    }
}

protocol ArchiveItem {
    var archiveItemQuery: [String: Any] { get }
}

protocol PurgeableArchive: ArchiveItem {}

extension PurgeableArchive {
    // Wrong: the only purgeable archive's query has no flag (the pinned one is not purgeable).
    subscript(purging all: Bool) -> OSStatus {
        SecItemDelete(self.archiveItemQuery as CFDictionary)  // expect: missing-data-protection-keychain@9
    }
}

struct ExpiredArchive: PurgeableArchive {
    var archiveItemQuery: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "expired"]
    }
}

struct PinnedArchive: ArchiveItem {
    var archiveItemQuery: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "pinned",
            kSecUseDataProtectionKeychain as String: true,
        ]
    }
}
