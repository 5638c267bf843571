/// A keychain wrapper library. Apps that use one write no SecItem dictionary, yet make the same
/// mistakes through its API; the extractor reads the API back into the entries the library puts
/// in its own SecItem dictionaries, so one rule judges both.
package enum WrapperLibrary: String, CaseIterable, Sendable {
    case keychainAccess = "KeychainAccess"
    case keychainSwift = "KeychainSwift"
    case swiftKeychainWrapper = "SwiftKeychainWrapper"
    case simpleKeychain = "SimpleKeychain"

    /// The module a file imports to use the library; also the text the prefilter looks for.
    package var module: String { rawValue }

    /// Text every file that imports one of the libraries contains, for rules' `requiredLiterals`:
    /// each module name contains it, and one needle costs the prefilter less than four.
    package static let prefilterLiteral = "Keychain"

    /// Whether the library puts the accessibility it is given into the queries it searches with,
    /// not only into the items it adds: SwiftKeychainWrapper's reads, updates and removals match
    /// `withAccessibility:`, so a changed accessibility no longer finds items saved with the old one.
    package var searchesByAccessibility: Bool { self == .swiftKeychainWrapper }

    /// How the library spells an accessibility constant, for messages: KeychainSwift's cases keep
    /// the `accessible` prefix (`.accessibleAfterFirstUnlock`), the others drop it (`.afterFirstUnlock`).
    package func spelling(ofAccessibility constant: String) -> String {
        let name = constant.hasPrefix("kSecAttrAccessible") ? String(constant.dropFirst("kSecAttrAccessible".count)) : constant
        if self == .keychainSwift { return ".accessible" + name }
        guard let first = name.first else { return "." }
        return "." + first.lowercased() + name.dropFirst()
    }

    /// The Security constant an accessibility case of any of the libraries stands for:
    /// `whenUnlockedThisDeviceOnly` and `accessibleWhenUnlockedThisDeviceOnly` are both
    /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
    static func accessibilityConstant(forCase name: String) -> String? {
        var base = Substring(name)
        if base.hasPrefix("accessible") { base = base.dropFirst("accessible".count) }
        guard let first = base.first else { return nil }
        let constant = "kSecAttrAccessible" + first.uppercased() + base.dropFirst()
        return accessibilityConstants.contains(constant) ? constant : nil
    }

    private static let accessibilityConstants: Set<String> = [
        "kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleAlways",
        "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
        "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", "kSecAttrAccessibleAlwaysThisDeviceOnly",
    ]
}

/// One item a wrapper call configures, as the SecItem entries the library would send.
///
/// An entry's key offset is the argument label, modifier or property that sets it, and its value
/// offset the value (for an accessibility, the case name), so findings point at what to change.
/// A later setting of the same key replaces an earlier one, as the libraries' builders do.
package struct WrapperUse: Sendable {
    package var library: WrapperLibrary
    package var entries: [KeychainEntry]

    package init(library: WrapperLibrary, entries: [KeychainEntry] = []) {
        self.library = library
        self.entries = entries
    }

    package func first(_ key: String) -> KeychainEntry? { entries.first { $0.key == key } }

    /// `kSecClassGenericPassword` or `kSecClassInternetPassword`, when the call shows which.
    package var itemClass: String? { first("kSecClass")?.value.symbolName }

    mutating func set(_ entry: KeychainEntry) {
        entries.removeAll { $0.key == entry.key }
        entries.append(entry)
    }

    mutating func set(_ other: [KeychainEntry]) {
        for entry in other { set(entry) }
    }
}
