import KeychainLintModel

/// Ways for rules to read a dictionary's entries without building arrays. Every rule walks every
/// use of a file, and `allEntries`, `entries(_:)` and `itemClass` each allocate on every call: on a
/// file full of keychain code those allocations cost more than the checks themselves.
extension KeychainDictionary {
    /// Calls `body` with each entry `allEntries` holds, in the same order (top-level entries, each
    /// `kSecPrivateKeyAttrs` / `kSecPublicKeyAttrs` dictionary's entries right after it), without
    /// building that array.
    func forEachItemEntry(_ body: (KeychainEntry) -> Void) {
        for i in entries.indices {
            body(entries[i])
            // The value's case first: it is one load, the key comparisons are calls.
            if case .dictionary(let nested) = entries[i].value,
               entries[i].key == "kSecPrivateKeyAttrs" || entries[i].key == "kSecPublicKeyAttrs" {
                for j in nested.indices { body(nested[j]) }
            }
        }
    }

    /// `forEachItemEntry` for the entries whose key is `key`.
    func forEachItemEntry(_ key: String, _ body: (KeychainEntry) -> Void) {
        forEachItemEntry { entry in
            if entry.key == key { body(entry) }
        }
    }

    /// `entries.contains(where:)`, reading each entry in place instead of copying it out.
    func hasEntry(where predicate: (KeychainEntry) -> Bool) -> Bool {
        for i in entries.indices where predicate(entries[i]) { return true }
        return false
    }

    /// Whether `itemClass == name`: at least one `kSecClass` entry holds a symbol, and every one
    /// that does holds `name`. Answered without the two arrays `itemClass` builds.
    func hasItemClass(_ name: String) -> Bool {
        var seen = false
        for i in entries.indices where entries[i].key == "kSecClass" {
            guard case .symbol(let symbol) = entries[i].value else { continue }
            guard symbol == name else { return false }
            seen = true
        }
        return seen
    }
}
