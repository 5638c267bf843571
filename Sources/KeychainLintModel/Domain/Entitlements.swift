import Foundation
import KeychainLintSupport

/// The keychain-relevant parts of one `.entitlements` property list.
package struct EntitlementsFile: Sendable {
    /// One string of an entitlement's array, with where it is written.
    package struct Group: Equatable, Sendable {
        package var value: String
        /// Byte offset of the string's text in the file (the start of the file when it cannot be located).
        package var offset: Int
        /// What the value stands for through the project's build settings, when it names one
        /// (`BuildValue.namesProjectSetting`) and the loader expanded it; nil otherwise.
        package var expansion: BuildVariableExpansion? = nil

        /// Whether a group used in code may be what this entry stands for: its value, one of its
        /// expansions, or anything when the expansion was cut short (unknown, so no finding).
        package func mayStandFor(_ group: String) -> Bool {
            guard let expansion else { return EntitlementsFile.entry(value, matches: group) }
            return !expansion.isComplete || expansion.alternatives.contains { EntitlementsFile.entry($0.text, matches: group) }
        }
    }

    package var path: String
    package var bytes: [UInt8]
    package var keychainAccessGroups: [Group]
    package var applicationGroups: [Group]

    package enum ParseError: Error, CustomStringConvertible {
        case malformed(String)
        package var description: String {
            switch self { case .malformed(let reason): return "not a valid property list (\(reason))" }
        }
    }

    /// Reads the plist with Foundation (XML or binary) and locates each group's text in XML ones.
    package static func parse(path: String, bytes: [UInt8]) -> Result<EntitlementsFile, ParseError> {
        guard isXMLOrBinary(bytes) else { return .failure(.malformed("not an XML or binary property list")) }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable"
            return .failure(.malformed(reason))
        }
        guard let dictionary = plist as? [String: Any] else { return .failure(.malformed("the top level is not a dictionary")) }
        func groups(_ key: String) -> [Group] {
            let values = (dictionary[key] as? [Any])?.compactMap { $0 as? String } ?? []
            let offsets = locateStrings(ofArrayAt: key, in: bytes)
            return values.enumerated().map { index, value in
                Group(value: value, offset: index < offsets.count ? offsets[index] : 0)
            }
        }
        return .success(EntitlementsFile(path: path, bytes: bytes,
                                         keychainAccessGroups: groups("keychain-access-groups"),
                                         applicationGroups: groups("com.apple.security.application-groups")))
    }

    /// Entitlements are XML property lists (binary ones are accepted too). Anything else is refused
    /// before Foundation sees it: its OpenStep fallback writes its own complaints to stderr for some
    /// malformed input (`Old-style plist parser: missing semicolon…`), which the CLI must not let through.
    static func isXMLOrBinary(_ bytes: [UInt8]) -> Bool {
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        // UTF-16 text (with its byte-order mark) is left to Foundation, which reads XML in it.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return true }
        while i < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        let rest = bytes[i...]
        return rest.first == UInt8(ascii: "<") || rest.starts(with: Array("bplist".utf8))
    }

    /// Offsets of the `<string>` contents inside the `<array>` that follows `<key>KEY</key>`.
    private static func locateStrings(ofArrayAt key: String, in bytes: [UInt8]) -> [Int] {
        guard let keyEnd = find(Array("<key>\(key)</key>".utf8), in: bytes, from: 0) else { return [] }
        let arrayEnd = find(Array("</array>".utf8), in: bytes, from: keyEnd) ?? bytes.count
        var offsets: [Int] = []
        var at = keyEnd
        let open = Array("<string>".utf8)
        while let start = find(open, in: bytes, from: at), start < arrayEnd {
            offsets.append(start)
            at = start
        }
        return offsets
    }

    /// The index just past the first occurrence of `needle` at or after `from`.
    private static func find(_ needle: [UInt8], in hay: [UInt8], from: Int) -> Int? {
        ByteSearch.firstOffset(of: needle, in: hay, from: from).map { $0 + needle.count }
    }

    /// Whether a group used in code is granted by one of this file's entries (`Group.mayStandFor`).
    package func grants(_ group: String) -> Bool {
        (keychainAccessGroups + applicationGroups).contains { $0.mayStandFor(group) }
    }

    /// `[A-Z0-9]{10}.` followed by at least one byte: how every keychain access group begins.
    package static func startsWithTeamID(_ text: String) -> Bool {
        startsWithTeamID(Array(text.utf8)[...], allowingEnd: false)
    }
}
