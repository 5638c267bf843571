import KeychainLintModel
import KeychainLintSyntax

/// `deprecated-accessibility`'s fix: an Always accessibility becomes the AfterFirstUnlock one of
/// the same device scope, the closest that still protects the item before the first unlock. Only
/// where the constant is set, never where it is compared or matched (`case kSecAttrAccessibleAlways:`
/// in a migration must keep meaning Always).
///
/// The fix is safe where the accessibility only describes items being made (an add, the attributes
/// an update writes, a key's attributes): accessibility is no part of an item's identity, so the
/// add still meets the same stored item. Where the same dictionary also searches (a lookup, an
/// update's or a delete's query, or a use the file cannot see), the search no longer matches items
/// stored with Always, and the fix is unsafe.
enum AccessibilityFix {
    static let replacement = [
        "kSecAttrAccessibleAlways": "kSecAttrAccessibleAfterFirstUnlock",
        "kSecAttrAccessibleAlwaysThisDeviceOnly": "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
    ]

    /// What the fix changes where the accessibility is also searched for.
    static let searchEffect = "a query that matches kSecAttrAccessible no longer finds items stored with the Always accessibility"

    /// The values of the `kSecAttrAccessible` entries this file writes, by offset, each with
    /// whether replacing it is safe (`FixApplicability`).
    typealias Settings = [Int: FixApplicability]

    /// The Security constant at code index `i`, when it is the value of a `kSecAttrAccessible`
    /// entry this file writes, or the initializer of a local or private constant used only as such
    /// values (`let access = kSecAttrAccessibleAlways`).
    static func constant(at i: Int, in file: KeychainFile, settings: Settings) -> Fix? {
        let code = file.code
        let name = code.text(i)
        guard let new = replacement[name],
              let applicability = settings[code.offset(i)] ?? constantDeclaration(initializedAt: i, in: file, settings: settings) else { return nil }
        let fix = Fix("Replace \(name) with \(new)", edits: [TextEdit(range: code.offset(i)..<code.end(i), replacement: new)])
        return applicability == .safe ? fix : fix.unsafe(because: searchEffect)
    }

    /// The values of `kSecAttrAccessible` entries written in this file, with whether every
    /// dictionary that holds one only makes items.
    static func accessibilitySettings(in file: KeychainFile) -> Settings {
        var settings = Settings()
        for use in file.uses {
            let makesItems = makesItemsOnly(use)
            use.dictionary.forEachItemEntry("kSecAttrAccessible") { entry in
                guard entry.home == nil else { return }
                settings[entry.valueOffset] = makesItems && settings[entry.valueOffset] != .unsafe ? .safe : .unsafe
            }
        }
        return settings
    }

    /// Whether the use describes only an item being made: its dictionary is not searched with.
    private static func makesItemsOnly(_ use: KeychainUse) -> Bool {
        guard let call = use.call else { return false }
        switch use.role {
        case .query: return call.operation == .add
        case .attributesToUpdate, .keyAttributes: return true
        case .importOptions: return false
        }
    }

    /// For `let NAME = kSecAttrAccessibleAlways` (a type annotation allowed) at code index `i`,
    /// declared in a function or `private` at file level, and used in this file only as the value
    /// of entries `settings` holds: how safe replacing it is. Nil when the constant is anything
    /// else, or used anywhere else (compared, passed, returned), or never used.
    private static func constantDeclaration(initializedAt i: Int, in file: KeychainFile, settings: Settings) -> FixApplicability? {
        let code = file.code
        guard code.is(i - 1, "="), code.expressionEnd(from: i) == i + 1 else { return nil }
        var name = i - 2
        if code.kind(name) == .identifier, code.kind(name - 1) == .colon { name -= 2 }
        guard code.kind(name) == .identifier, code.isKeyword(name - 1, "let"), isVisibleOnlyHere(letAt: name - 1, in: code) else { return nil }
        let id = code.nameID(name)
        var applicability: FixApplicability?
        for j in 0..<code.count where j != name && code.nameID(j) == id {
            guard code.kind(j - 1) != .period, let use = settings[code.offset(j)] else { return nil }
            applicability = use == .unsafe || applicability == .unsafe ? .unsafe : .safe
        }
        return applicability
    }

    /// Whether the declaration at `keyword` is seen by no other file: a local of a function,
    /// closure or control block, or `private`/`fileprivate` at file level.
    private static func isVisibleOnlyHere(letAt keyword: Int, in code: CodeView) -> Bool {
        let open = Int(code.enclosingBraces[keyword])
        if open >= 0 { return code.blockKind(opening: open) != .type }
        return code.isKeyword(keyword - 1, "private") || code.isKeyword(keyword - 1, "fileprivate")
    }

    /// A wrapper's case (`.always`, `.accessibleAlwaysThisDeviceOnly`) at `offset`, standing for
    /// `constant`: replaced by the library's own spelling of the AfterFirstUnlock case, which each
    /// of the four libraries has under that name. Unsafe for a library that searches by the
    /// accessibility it is given (SwiftKeychainWrapper's reads, updates and removals).
    static func wrapperCase(at offset: Int, library: WrapperLibrary, constant: String, in file: KeychainFile) -> Fix? {
        let code = file.code
        guard let new = replacement[constant], let i = code.tokenIndex(startingAt: offset), code.kind(i) == .identifier,
              code.kind(i - 1) == .period else { return nil }
        let old = String(library.spelling(ofAccessibility: constant).dropFirst())
        let spelled = String(library.spelling(ofAccessibility: new).dropFirst())
        guard code.text(i) == old, isSet(memberAt: i, in: code) else { return nil }
        let fix = Fix("Replace .\(old) with .\(spelled)", edits: [TextEdit(range: offset..<code.end(i), replacement: spelled)])
        return library.searchesByAccessibility
            ? fix.unsafe(because: "\(library.module) looks items up by their accessibility, so items saved with .\(old) are no longer found or updated")
            : fix
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
