import Foundation
import KeychainLintModel
import KeychainLintSupport

/// Facts about keychain values that several rules share, kept in one place so they agree.
enum KeychainFacts {
    /// Raw values of the `…ThisDeviceOnly` accessibility constants, as some code writes them.
    static let thisDeviceOnlyRawValues: Set<String> = ["aku", "cku", "dku", "akpu"]

    /// Whether an accessibility value certainly ends in `ThisDeviceOnly`.
    static func isThisDeviceOnly(_ value: KeychainValue) -> Bool {
        switch value {
        case .symbol(let s): return s.hasPrefix("kSecAttrAccessible") && s.hasSuffix("ThisDeviceOnly")
        case .string(let s): return s.known.map(thisDeviceOnlyRawValues.contains) ?? false
        case .accessControl(let protection): return isThisDeviceOnly(protection)
        default: return false
        }
    }

    /// A query by item reference (`kSecValueRef`, `kSecValuePersistentRef`, `kSecMatchItemList`)
    /// selects exactly those items, whatever other attributes it leaves out.
    static func namesOneItem(_ dictionary: KeychainDictionary) -> Bool {
        dictionary.has("kSecValueRef") || dictionary.has("kSecValuePersistentRef") || dictionary.has("kSecMatchItemList")
    }

    /// Whether the entry's key is one of the keys that name the item's accessibility. Compared, not
    /// looked up in a set: it is asked of every entry, and hashing the key cost more than the check.
    static func isAccessibilityKey(_ key: String) -> Bool {
        key == "kSecAttrAccessible" || key == "kSecAttrAccessControl"
    }
}

/// Web addresses as AutoFill sees them: a URL, or a host name that is not a reverse-DNS identifier.
enum WebAddress {
    /// Top-level domains: enough to recognise real host names and to tell `com.example.app`
    /// (first label a TLD: a reverse-DNS identifier) from `accounts.example.com`.
    static let topLevelDomains: Set<String> = [
        "com", "net", "org", "edu", "gov", "mil", "int", "io", "co", "dev", "app", "ai", "me", "info", "biz",
        "us", "uk", "de", "fr", "jp", "cn", "ru", "br", "in", "au", "ca", "ch", "nl", "se", "no", "es", "it",
        "eu", "tv", "cc", "ly", "gg", "xyz", "online", "site", "tech", "cloud", "page", "pl", "be", "at", "dk",
        "fi", "ie", "nz", "za", "mx", "ar", "kr", "tw", "hk", "sg", "il", "tr", "pt", "gr", "cz", "hu", "ro",
        "ua", "vn", "id", "my", "ph", "th", "is", "fm", "to", "sh", "ws", "so", "gl", "im", "la", "md", "nu",
        "shop", "store", "blog", "news", "live", "pro", "name", "mobi", "asia", "today", "world", "email",
    ]

    static func isWebAddress(_ value: StringValue) -> Bool {
        if isURL(value) { return true }
        guard let text = value.known else { return false }
        return isHostName(text)
    }

    /// The host of a URL or host name: scheme, user, port and path dropped, lower-cased.
    static func host(_ text: String) -> String {
        asciiHost(text) ?? hostOfCharacters(text)
    }

    /// `host` on the text's characters: the reference `asciiHost` must agree with.
    static func hostOfCharacters(_ text: String) -> String {
        var rest = Substring(text.lowercased())
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let at = rest.firstIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == ":" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        return String(rest)
    }

    /// `host` of an ASCII text, on its bytes (`ASCIIText`); nil for other text.
    static func asciiHost(_ text: String) -> String? {
        ASCIIText.withBytes(of: text) { bytes -> String in
            var rest = bytes.map(ASCIIText.lowercased)[...]
            if let scheme = rest.withUnsafeBufferPointer({ buffer in
                ("://" as StaticString).withUTF8Buffer { ByteSearch.firstOffset(of: $0, in: buffer) }
            }) {
                rest = rest.dropFirst(scheme + 3)
            }
            if let at = rest.firstIndex(of: UInt8(ascii: "@")) { rest = rest[(at + 1)...] }
            if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                rest = rest[..<end]
            }
            return String(decoding: rest, as: UTF8.self)
        }
    }

    static func isURL(_ value: StringValue) -> Bool {
        value.knownPartsContain("://")
    }

    /// Dot-separated labels of letters, digits and hyphens; last label a TLD, first label not one.
    static func isHostName(_ text: String) -> Bool {
        isASCIIHostName(text) ?? isHostNameOfCharacters(text)
    }

    /// `isHostName` on the text's characters: the reference `isASCIIHostName` must agree with.
    static func isHostNameOfCharacters(_ text: String) -> Bool {
        let labels = text.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard !label.isEmpty, label.utf8.allSatisfy({ isHostByte($0) }) else { return false }
        }
        return topLevelDomains.contains(String(labels.last!)) && !topLevelDomains.contains(String(labels.first!))
    }

    /// `isHostName` of an ASCII text, on its bytes (`ASCIIText`); nil for other text. Only the
    /// first and last labels become strings, for the TLD lookups.
    static func isASCIIHostName(_ text: String) -> Bool? {
        ASCIIText.withBytes(of: text) { bytes -> Bool in
            var firstEnd = -1
            var lastStart = 0
            for (i, b) in bytes.enumerated() {
                if b == UInt8(ascii: ".") {
                    // An empty label: at the start, after another dot.
                    guard i > lastStart else { return false }
                    if firstEnd < 0 { firstEnd = i }
                    lastStart = i + 1
                } else if !isHostByte(ASCIIText.lowercased(b)) {
                    return false
                }
            }
            // Fewer than two labels, or an empty last one.
            guard firstEnd >= 0, lastStart < bytes.count else { return false }
            func label(_ range: Range<Int>) -> String {
                String(unsafeUninitializedCapacity: range.count) { out in
                    for (k, b) in bytes[range].enumerated() { out[k] = ASCIIText.lowercased(b) }
                    return range.count
                }
            }
            return topLevelDomains.contains(label(lastStart..<bytes.count)) && !topLevelDomains.contains(label(0..<firstEnd))
        }
    }

    private static func isHostByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
    }
}

/// The shapes an access group written in code may take.
enum AccessGroup {
    /// Whether a string starting with `prefix` (the known text before any unknown part) can still
    /// be `TEAMID.…` (ten upper-case letters or digits, then a dot) or `group.…`.
    /// With `isComplete`, the prefix is the whole string.
    static func canBeValid(prefix: String, isComplete: Bool) -> Bool {
        let bytes = Array(prefix.utf8)
        return canStartWithTeamID(bytes, isComplete: isComplete) || canStartWith(Array("group.".utf8), bytes, isComplete: isComplete)
            || (isComplete ? prefix == token : token.hasPrefix(prefix))
    }

    /// `kSecAttrAccessGroupToken`: the group of the items external tokens (smart cards) provide.
    /// Every app may use it without an entitlement, and an entitlement that lists it needs no
    /// Team ID.
    static let token = "com.apple.token"

    private static func canStartWithTeamID(_ bytes: [UInt8], isComplete: Bool) -> Bool {
        for (i, b) in bytes.prefix(11).enumerated() {
            if i < 10 {
                guard (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) else { return false }
            } else if b != 0x2E {
                return false
            }
        }
        return !isComplete || bytes.count >= 11
    }

    private static func canStartWith(_ expected: [UInt8], _ bytes: [UInt8], isComplete: Bool) -> Bool {
        for (a, b) in zip(expected, bytes) where a != b { return false }
        return !isComplete || bytes.count >= expected.count
    }

    static func startsWithTeamID(_ text: String) -> Bool { EntitlementsFile.startsWithTeamID(text) }

    /// Build-setting variables that only entitlements files expand.
    static let buildVariables = ["$(AppIdentifierPrefix)", "$(TeamIdentifierPrefix)"]
}
