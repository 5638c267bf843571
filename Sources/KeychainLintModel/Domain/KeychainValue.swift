import KeychainLintSupport
/// A string whose parts may be unknown (an interpolation of something the file does not define).
package struct StringValue: Equatable, Sendable {
    package enum Part: Equatable, Sendable {
        case text(String)
        case unknown
    }

    package var parts: [Part]

    package init(parts: [Part]) {
        var merged: [Part] = []
        for part in parts {
            switch (merged.last, part) {
            case (.text(let a)?, .text(let b)):
                merged[merged.count - 1] = .text(a + b)
            case (.unknown?, .unknown):
                continue
            case (_, .text(let t)) where t.isEmpty:
                continue
            default:
                merged.append(part)
            }
        }
        self.parts = merged
    }

    package init(_ text: String) { self.init(parts: [.text(text)]) }

    /// The whole text when every part is known.
    package var known: String? {
        if parts.isEmpty { return "" }
        if parts.count == 1, case .text(let t) = parts[0] { return t }
        return nil
    }

    /// The known text before the first unknown part.
    package var knownPrefix: String {
        if case .text(let t)? = parts.first { return t }
        return ""
    }

    package var isComplete: Bool { known != nil }

    /// Whether `needle` appears inside one known part.
    package func knownPartsContain(_ needle: String) -> Bool {
        // On the bytes when both are ASCII (`ASCIIText`), through Foundation's search otherwise.
        parts.contains { if case .text(let t) = $0 { return ASCIIText.contains(needle, in: t) ?? t.contains(needle) } else { return false } }
    }
}

/// A value as the rules see it, after casts, `String(…)` wrappers and same-file constants are resolved.
///
/// Only the case that holds a value is boxed: every key and value read makes one of these, and
/// a box for each would be an allocation per entry.
package enum KeychainValue: Equatable, Sendable {
    /// A Security or CoreFoundation constant: `kSecClassGenericPassword`, `kSecAttrAccessibleWhenUnlocked`.
    case symbol(String)
    case string(StringValue)
    case bool(Bool)
    case number(String)
    case null
    /// A nested dictionary literal or a dictionary variable's entries (`kSecPrivateKeyAttrs: [...]`).
    case dictionary([KeychainEntry])
    /// `SecAccessControlCreateWithFlags(_, protection, _, _)`: the protection is kept for `sync-this-device-only`.
    indirect case accessControl(protection: KeychainValue)
    /// Bytes made from a `String`: `s.data(using: .utf8)`, `Data(s.utf8)`.
    case dataFromString
    /// A `String`-typed value whose text the file does not give (a `String` parameter, `String(describing:)`).
    case someString
    /// Anything else. An unknown value never produces a finding on its own.
    case unknown

    /// `true` only when the value is certainly true: `true`, `kCFBooleanTrue`, `NSNumber(value: true)`.
    package var isTrue: Bool { self == .bool(true) }

    package var symbolName: String? {
        if case .symbol(let s) = self { return s }
        return nil
    }

    package var stringValue: StringValue? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A symbol name or a fully known string, for comparing values across dictionaries.
    package var knownText: String? {
        switch self {
        case .symbol(let s): return s
        case .string(let s): return s.known
        default: return nil
        }
    }
}
