import KeychainLintSyntax
import KeychainLintSupport

/// The platforms an Xcode project builds for, from the build settings in its `project.pbxproj`
/// (an old-style property list, read on its bytes: only `KEY = value;` lines matter), and the
/// `buildSettings` blocks themselves (`XcodeProjectReader+BuildSettings`), read with the same
/// `assignedValue`.
package enum XcodeProjectReader {
    /// The union of every `SDKROOT` and `SUPPORTED_PLATFORMS` value in a `project.pbxproj`;
    /// nil when it names no Apple platform. `SUPPORTS_MACCATALYST` is not read: it does not make code native macOS.
    package static func platforms(pbxproj text: String) -> PlatformSet? {
        let bytes = Array(text.utf8)
        var found = PlatformSet()
        for key in ["SDKROOT", "SUPPORTED_PLATFORMS"] {
            for value in settingValues(bytes, key: Array(key.utf8)) {
                for word in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                    if let platform = sdkPlatform(String(word)) { found.insert(PlatformSet(platform)) }
                }
            }
        }
        return found.isEmpty ? nil : found
    }

    /// The values of `KEY = value;` / `KEY = "v a l";` / `"KEY" = …;` (not `KEY[sdk=…]`), wherever written.
    private static func settingValues(_ bytes: [UInt8], key: [UInt8]) -> [String] {
        var values: [String] = []
        let n = bytes.count
        var i = 0
        while let at = ByteSearch.firstOffset(of: key, in: bytes, from: i) {
            i = at
            guard i == 0 || !isIdentifierByte(bytes[i - 1]) else { i += 1; continue }
            var k = i + key.count
            if k < n, isIdentifierByte(bytes[k]) { i = k; continue }
            if k < n, bytes[k] == UInt8(ascii: "\""), i > 0, bytes[i - 1] == UInt8(ascii: "\"") { k += 1 }
            guard let value = assignedValue(bytes, afterKey: k) else { i = skipSpaces(bytes, k); continue }
            values.append(String(decoding: bytes[value.text], as: UTF8.self))
            i = max(value.text.upperBound, i + 1)
        }
        return values
    }

    /// The value after a key that ends at `k`: `= value` (up to `;` or a space) or `= "v a l"` (up
    /// to the closing quote; `\"` does not close it). `text` is the value's bytes as written, `end`
    /// the index just past the value; nil when no `=` follows the key.
    static func assignedValue(_ bytes: [UInt8], afterKey k: Int) -> (text: Range<Int>, quoted: Bool, end: Int)? {
        let n = bytes.count
        var k = skipSpaces(bytes, k)
        guard k < n, bytes[k] == UInt8(ascii: "=") else { return nil }
        k = skipSpaces(bytes, k + 1)
        var end = k
        guard k < n, bytes[k] == UInt8(ascii: "\"") else {
            while end < n, bytes[end] != UInt8(ascii: ";"), !isSpace(bytes[end]) { end += 1 }
            return (k..<end, false, end)
        }
        end = k + 1
        while end < n, bytes[end] != UInt8(ascii: "\""), bytes[end] != 0x0A {
            end += bytes[end] == UInt8(ascii: "\\") && end + 1 < n && bytes[end + 1] != 0x0A ? 2 : 1
        }
        return (k + 1..<min(end, n), true, min(end + 1, n))
    }

    /// `iphoneos`, `iphonesimulator`, `macosx`, `appletvos`, `watchos`, `xros`, … (a version suffix allowed).
    private static func sdkPlatform(_ word: String) -> Platform? {
        let w = word.lowercased()
        if w.hasPrefix("iphoneos") || w.hasPrefix("iphonesimulator") { return .iOS }
        if w.hasPrefix("macosx") { return .macOS }
        if w.hasPrefix("appletvos") || w.hasPrefix("appletvsimulator") { return .tvOS }
        if w.hasPrefix("watchos") || w.hasPrefix("watchsimulator") { return .watchOS }
        if w.hasPrefix("xros") || w.hasPrefix("xrsimulator") || w.hasPrefix("visionos") { return .visionOS }
        return nil
    }

    private static func isIdentifierByte(_ c: UInt8) -> Bool { ASCIIText.isIdentifierByte(c) }

    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    static func skipSpaces(_ bytes: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        return i
    }
}
