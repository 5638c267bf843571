import Foundation
import Security

// Shape G: kSecAttrSynchronizable and a ThisDeviceOnly accessibility set on mutually exclusive
// paths never combine; set on one path, they do. Nothing in this file queries what it adds.

enum RecoveryKeyScope {
    case everywhere, thisDevice, standard
}

/// Inout steps the recovery-key screen applies to the item it saves.
func markSynchronizable(_ item: inout [String: Any]) {
    item[kSecAttrSynchronizable as String] = kCFBooleanTrue
}

func keepOnThisDevice(_ item: inout [String: Any]) {
    item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
}

struct RecoveryKeyStore {
    private func recoveryItem(_ key: Data, account: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.recovery",
            kSecAttrAccount as String: account,
            kSecValueData as String: key,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    // Right: each case sets one of the two.
    func store(_ key: Data, scope: RecoveryKeyScope) -> OSStatus {
        var item = recoveryItem(key, account: "scoped")
        switch scope {
        case .everywhere:
            item[kSecAttrSynchronizable as String] = true
        case .thisDevice:
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        case .standard:
            break
        }
        return SecItemAdd(item as CFDictionary, nil)
    }

    // Right: the two inout helpers on exclusive arms.
    func store(_ key: Data, syncAcrossDevices: Bool) -> OSStatus {
        var item = recoveryItem(key, account: "primary")
        if syncAcrossDevices {
            markSynchronizable(&item)
        } else {
            keepOnThisDevice(&item)
        }
        return SecItemAdd(item as CFDictionary, nil)
    }

    // Right: nested arms, still exclusive.
    func store(_ key: Data, sync: Bool, passcodeOnly: Bool) -> OSStatus {
        var item = recoveryItem(key, account: "nested")
        if sync {
            item[kSecAttrSynchronizable as String] = true
        } else if passcodeOnly {
            item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
        }
        return SecItemAdd(item as CFDictionary, nil)
    }

    // Wrong: on the biometric path the item is both synchronizable and ThisDeviceOnly (set by the helper).
    func storeProtected(_ key: Data, requireBiometry: Bool) -> OSStatus {
        var item = recoveryItem(key, account: "protected")
        item[kSecAttrSynchronizable as String] = true  // expect: sync-this-device-only@14
        if requireBiometry {
            keepOnThisDevice(&item)
        }
        return SecItemAdd(item as CFDictionary, nil)
    }

    // Wrong: the inner arm is inside the synchronizable one.
    func storeShared(_ key: Data, sync: Bool, passcodeOnly: Bool) -> OSStatus {
        var item = recoveryItem(key, account: "shared")
        if sync {
            item[kSecAttrSynchronizable as String] = true  // expect: sync-this-device-only@18
            if passcodeOnly {
                item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
            }
        }
        return SecItemAdd(item as CFDictionary, nil)
    }
}
