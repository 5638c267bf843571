/// Build-setting references in an entitlements value (`$(NAME)`, `${NAME}`), and what a value
/// that names the project's own settings stands for once they are substituted.
///
/// Xcode expands every build setting in an `.entitlements` file when it signs: `$(AppIdentifierPrefix)`
/// and `$(TeamIdentifierPrefix)` from the provisioning profile (a Team ID and a dot), anything else
/// from the target's build settings (`.xcconfig` files, `project.pbxproj`). The model only reads
/// the text; `KeychainLintProject` reads the settings and fills `EntitlementsFile.Group.expansion`.
package enum BuildValue {
    /// One piece of a value: text, or a reference to a build setting.
    package enum Part: Equatable, Sendable {
        case literal(String)
        /// `raw` as written; `name` the setting it names, nil when the reference is not a plain
        /// name (`$(A_$(B))`: unknown); `modifier` what follows a `:` (`$(PRODUCT_NAME:rfc1034identifier)`).
        case reference(raw: String, name: String?, modifier: String?)
    }

    /// Filled from the provisioning profile, never from build settings: a Team ID and a dot.
    package static let teamPrefixVariables: Set<String> = ["AppIdentifierPrefix", "TeamIdentifierPrefix"]

    /// The value cut into text and references, in order. An unclosed `$(` is text.
    package static func parts(_ text: String) -> [Part] {
        let bytes = Array(text.utf8)
        var parts: [Part] = []
        var literalStart = 0
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == UInt8(ascii: "$"), let close = closing(bytes, opening: i + 1) else { i += 1; continue }
            if literalStart < i { parts.append(.literal(string(bytes[literalStart..<i]))) }
            let inner = bytes[(i + 2)..<close]
            let colon = inner.firstIndex(of: UInt8(ascii: ":"))
            let nameBytes = inner[inner.startIndex..<(colon ?? inner.endIndex)]
            let isPlain = isName(nameBytes) && !(colon.map { inner[$0...].contains(UInt8(ascii: "$")) } ?? false)
            parts.append(.reference(raw: string(bytes[i...close]),
                                    name: isPlain ? string(nameBytes) : nil,
                                    modifier: isPlain ? colon.map { string(inner[($0 + 1)...]) } : nil))
            i = close + 1
            literalStart = i
        }
        if literalStart < bytes.count { parts.append(.literal(string(bytes[literalStart...]))) }
        return parts
    }

    /// Whether the value refers to a build setting other than the two team prefix variables:
    /// only then does it depend on the project's settings.
    package static func namesProjectSetting(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return false }
        return parts(text).contains {
            if case .reference(_, let name, _) = $0 { return name.map { !teamPrefixVariables.contains($0) } ?? true }
            return false
        }
    }

    /// The reference the value starts with, if it starts with one: `(name, raw)`, name nil when not plain.
    package static func leadingReference(_ text: String) -> (name: String?, raw: String)? {
        guard text.hasPrefix("$(") || text.hasPrefix("${"), case .reference(let raw, let name, _)? = parts(text).first else {
            return nil
        }
        return (name, raw)
    }

    /// The index of the `)` or `}` that closes the bracket at `opening` (`(` or `{`), counting nested ones.
    private static func closing(_ bytes: [UInt8], opening: Int) -> Int? {
        let open = bytes[opening]
        guard open == UInt8(ascii: "(") || open == UInt8(ascii: "{") else { return nil }
        let close = open == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
        var depth = 0
        for j in opening..<bytes.count {
            if bytes[j] == open { depth += 1 } else if bytes[j] == close {
                depth -= 1
                if depth == 0 { return j }
            }
        }
        return nil
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: what a build setting's name may be. Not generic: a generic copy
    /// called from another module went through the runtime's protocol lookups, ~11,000
    /// instructions per pbxproj key.
    package static func isName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return bytes.allSatisfy(isNameByte)
    }

    package static func isName(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return text.utf8.allSatisfy(isNameByte)
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// What an entitlements value that names the project's build settings stands for: one
/// alternative per combination of the definitions found (several configurations, files or
/// `[sdk=…]` conditions may define a setting differently).
package struct BuildVariableExpansion: Equatable, Sendable {
    package struct Alternative: Equatable, Sendable {
        /// The value with every setting the project defines substituted; a reference it cannot
        /// resolve stays as written (`$(NAME)`), and so do the two team prefix variables.
        package var text: String
        /// The settings substituted one inside the other at the start of the value, outermost
        /// first (`CFG_KEYCHAIN_GROUP_ID`, then `CFG_TEAM_ID` when its definition starts with it).
        package var leadingVariables: [String]
        /// Where the outermost leading setting's definition is written (`Config.xcconfig:26`,
        /// relative to the project root); nil when the value does not start with a defined setting.
        package var definedAt: String?

        package init(text: String, leadingVariables: [String] = [], definedAt: String? = nil) {
            self.text = text
            self.leadingVariables = leadingVariables
            self.definedAt = definedAt
        }
    }

    package var alternatives: [Alternative]
    /// False when a bound (too many combinations, too deep a chain) cut the expansion short:
    /// `alternatives` are then some of what the value can be, not all of it.
    package var isComplete: Bool

    package init(alternatives: [Alternative], isComplete: Bool) {
        self.alternatives = alternatives
        self.isComplete = isComplete
    }
}

extension EntitlementsFile {
    /// Whether `group` (a group written in code) can be what the entitlement `entry` stands for:
    /// `$(AppIdentifierPrefix)` / `$(TeamIdentifierPrefix)` are ten upper-case letters or digits and
    /// a dot, any other reference (a setting nobody resolved) any text, everything else itself.
    static func entry(_ entry: String, matches group: String) -> Bool {
        guard entry.utf8.contains(UInt8(ascii: "$")) else { return entry == group }
        let target = Array(group.utf8)
        // reachable[k]: the parts matched so far can end just before byte k of the group.
        var reachable = [Bool](repeating: false, count: target.count + 1)
        reachable[0] = true
        for part in BuildValue.parts(entry) {
            var next = [Bool](repeating: false, count: target.count + 1)
            switch part {
            case .literal(let text):
                let bytes = Array(text.utf8)
                for k in 0...target.count where reachable[k] && target[k...].starts(with: bytes) { next[k + bytes.count] = true }
            case .reference(_, let name?, nil) where BuildValue.teamPrefixVariables.contains(name):
                for k in 0...target.count where reachable[k] && startsWithTeamID(target[k...], allowingEnd: true) { next[k + 11] = true }
            case .reference:
                guard let first = reachable.firstIndex(of: true) else { return false }
                for k in first...target.count { next[k] = true }
            }
            reachable = next
        }
        return reachable[target.count]
    }

    /// `[A-Z0-9]{10}.` at the start of `bytes`, followed by at least one byte unless `allowingEnd`.
    static func startsWithTeamID(_ bytes: ArraySlice<UInt8>, allowingEnd: Bool) -> Bool {
        let s = bytes.startIndex
        return bytes.count >= (allowingEnd ? 11 : 12) && bytes[s + 10] == 0x2E
            && bytes[s..<(s + 10)].allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }
    }
}
