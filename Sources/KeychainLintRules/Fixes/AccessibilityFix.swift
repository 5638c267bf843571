import KeychainLintModel

/// `deprecated-accessibility`'s fix: an Always accessibility becomes the AfterFirstUnlock one of
/// the same device scope, the closest that still protects the item before the first unlock. Only
/// where the constant is set, never where it is compared or matched (`case kSecAttrAccessibleAlways:`
/// in a migration must keep meaning Always).
enum AccessibilityFix {
    static let replacement = [
        "kSecAttrAccessibleAlways": "kSecAttrAccessibleAfterFirstUnlock",
        "kSecAttrAccessibleAlwaysThisDeviceOnly": "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
    ]

    /// The Security constant at code index `i`, when it is the value of a `kSecAttrAccessible`
    /// entry this file writes (`valueOffsets`).
    static func constant(at i: Int, in file: KeychainFile, valueOffsets: Set<Int>) -> Fix? {
        let code = file.code
        let name = code.text(i)
        guard let new = replacement[name], valueOffsets.contains(code.offset(i)) else { return nil }
        return Fix("Replace \(name) with \(new)", edits: [TextEdit(range: code.offset(i)..<code.end(i), replacement: new)])
    }

    /// The offsets of the values of `kSecAttrAccessible` entries written in this file.
    static func accessibilityValueOffsets(in file: KeychainFile) -> Set<Int> {
        var offsets = Set<Int>()
        for use in file.uses {
            use.dictionary.forEachItemEntry("kSecAttrAccessible") { entry in
                if entry.home == nil { offsets.insert(entry.valueOffset) }
            }
        }
        return offsets
    }

    /// A wrapper's case (`.always`, `.accessibleAlwaysThisDeviceOnly`) at `offset`, standing for
    /// `constant`: replaced by the library's own spelling of the AfterFirstUnlock case, which each
    /// of the four libraries has under that name.
    static func wrapperCase(at offset: Int, library: WrapperLibrary, constant: String, in file: KeychainFile) -> Fix? {
        let code = file.code
        guard let new = replacement[constant], let i = code.tokenIndex(startingAt: offset), code.kind(i) == .identifier,
              code.kind(i - 1) == .period else { return nil }
        let old = String(library.spelling(ofAccessibility: constant).dropFirst())
        let spelled = String(library.spelling(ofAccessibility: new).dropFirst())
        guard code.text(i) == old, isSet(memberAt: i, in: code) else { return nil }
        return Fix("Replace .\(old) with .\(spelled)", edits: [TextEdit(range: offset..<code.end(i), replacement: spelled)])
    }

    /// Whether `.name` (or `Type.name`) at `i` is an argument, a labelled argument or an
    /// initializer, not a `case` pattern or one side of a comparison.
    private static func isSet(memberAt i: Int, in code: CodeView) -> Bool {
        var start = i - 1  // the `.`
        while code.kind(start - 1) == .identifier && code.kind(start - 2) == .period { start -= 2 }
        if code.kind(start - 1) == .identifier { start -= 1 }
        let before = start - 1
        let after = i + 1
        if code.is(after, "==") || code.is(after, "!=") { return false }
        switch code.kind(before) {
        case .leftParen, .colon: return true
        case .operator: return code.is(before, "=")
        default: return false
        }
    }
}
