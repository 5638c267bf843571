import KeychainLintSyntax

/// Reads the calls of the wrapper libraries a file imports into `WrapperUse`s.
///
/// Only files that import a library are read, and only call shapes that library defines count
/// (`Keychain(service:accessGroup:)`, `.synchronizable(true)`, `withAccessibility:`), so a type of
/// the app's own with a similar name in a file without the import is never mistaken for it.
/// Values go through the same evaluation as dictionary values: constants, project aliases and
/// string interpolation resolve the same way.
final class WrapperExtractor {
    let extractor: DictionaryExtractor
    let code: CodeView
    let libraries: Set<WrapperLibrary>
    var uses: [WrapperUse] = []
    /// `.` indices of KeychainAccess modifiers already read as part of a chain.
    var consumedModifiers: Set<Int> = []
    /// KeychainAccess variables already read, by the code index of their name.
    var keychainMemo: [Int: [KeychainEntry]] = [:]
    var depth = 0
    static let maxDepth = 8
    /// The names of the enum cases the file declares itself, collected on first need.
    var ownCaseNames: Set<Int32>?
    /// The kinds of blocks asked about, and the parameters of functions asked about
    /// (`WrapperExtractor+Scopes`; each token's innermost `{` is `CodeView.enclosingBraces`).
    var blockKinds: [Int: BlockKind] = [:]
    var parameterNames: [Int: Set<Int32>] = [:]

    init(extractor: DictionaryExtractor) {
        self.extractor = extractor
        self.code = extractor.code
        self.libraries = extractor.importedLibraries
    }

    func extract() -> [WrapperUse] {
        guard !libraries.isEmpty else { return [] }
        if libraries.contains(.keychainAccess) { readKeychainAccess() }
        if libraries.contains(.keychainSwift) { readKeychainSwift() }
        if libraries.contains(.swiftKeychainWrapper) { readSwiftKeychainWrapper() }
        if libraries.contains(.simpleKeychain) { readSimpleKeychain() }
        return uses
    }

    /// `import M`, `@testable import M`, `import class M.T`, wherever they are (also inside `#if`).
    static func importedLibraries(_ code: CodeView) -> Set<WrapperLibrary> {
        var found = Set<WrapperLibrary>()
        // An import names the module as an identifier: a file that never spells one needs no scan.
        guard WrapperLibrary.allCases.contains(where: { code.nameID(of: $0.module) != nil }) else { return found }
        for i in 0..<code.count where code.kind(i) == .keyword && code.isKeyword(i, "import") {
            var j = i + 1
            if code.kind(j) == .keyword && code.kind(j + 1) == .identifier { j += 1 }  // `import class M.T`
            guard code.kind(j) == .identifier, let library = WrapperLibrary(rawValue: code.text(j)) else { continue }
            found.insert(library)
        }
        return found
    }

    /// Whether the file imports one of `modules` (as `importedLibraries` reads an import).
    static func imports(_ modules: [String], _ code: CodeView) -> Bool {
        guard modules.contains(where: { code.nameID(of: $0) != nil }) else { return false }
        for i in 0..<code.count where code.kind(i) == .keyword && code.isKeyword(i, "import") {
            var j = i + 1
            if code.kind(j) == .keyword && code.kind(j + 1) == .identifier { j += 1 }  // `import class M.T`
            if code.kind(j) == .identifier && modules.contains(code.text(j)) { return true }
        }
        return false
    }

    // MARK: Shared reading

    /// Whether the identifier at `i` names the type itself (`Keychain(`, `KeychainAccess.Keychain(`),
    /// not a member of something else (`self.Keychain(`).
    func isTypeName(at i: Int, module: WrapperLibrary) -> Bool {
        guard code.kind(i - 1) == .period else { return true }
        return code.kind(i - 2) == .identifier && code.text(i - 2) == module.module && code.kind(i - 3) != .period
    }

    /// The entries of a call's labelled arguments, through `keys` (label → Security key).
    func argumentEntries(of open: Int, keys: [String: String]) -> [KeychainEntry] {
        var entries: [KeychainEntry] = []
        for argument in code.elements(of: open) {
            guard let label = code.label(of: argument), let key = keys[label] else { continue }
            if let entry = entry(key: key, at: argument.lowerBound, value: code.droppingLabel(argument)) { entries.append(entry) }
        }
        return entries
    }

    /// One entry: the key is written at `keyIndex`, the value is the expression `value`.
    func entry(key: String, at keyIndex: Int, value: Range<Int>) -> KeychainEntry? {
        guard !value.isEmpty else { return nil }
        if key == "kSecAttrAccessible" {
            let (constant, at) = accessibility(value)
            return KeychainEntry(key: key, value: constant, keyOffset: code.offset(keyIndex),
                                 valueOffset: code.offset(at), region: code.region[keyIndex])
        }
        let walk = FlowWalk(extractor: extractor, range: value, collectsReturnsOnly: true)
        return KeychainEntry(key: key, value: walk.value(value), keyOffset: code.offset(keyIndex),
                             valueOffset: code.offset(value.lowerBound), region: code.region[keyIndex])
    }

    /// The class entry a constructor implies, at the type name.
    func classEntry(_ itemClass: String, at i: Int) -> KeychainEntry {
        KeychainEntry(key: "kSecClass", value: .symbol(itemClass), keyOffset: code.offset(i),
                      valueOffset: code.offset(i), region: code.region[i])
    }

    /// An accessibility written as a case (`.whenUnlocked`, `Accessibility.always`) or through a
    /// constant holding one, with the index of the case name.
    func accessibility(_ range: Range<Int>) -> (KeychainValue, Int) {
        let walk = FlowWalk(extractor: extractor, range: range, collectsReturnsOnly: true)
        let r = walk.trimmed(range)
        guard let last = r.last else { return (.unknown, range.lowerBound) }
        if r.count >= 2, code.kind(last) == .identifier, code.kind(last - 1) == .period, isMemberPath(r.lowerBound..<(last - 1)) {
            return (WrapperLibrary.accessibilityConstant(forCase: code.text(last)).map(KeychainValue.symbol) ?? .unknown, last)
        }
        if r.count == 1, code.kind(last) == .identifier, depth < Self.maxDepth,
           let binding = extractor.declarations.binding(named: code.nameID(last), at: last), binding.isLet {
            depth += 1
            defer { depth -= 1 }
            return accessibility(binding.initializer)
        }
        return (.unknown, r.lowerBound)
    }

    /// Empty, or `Type`, `Module.Type`: what may stand before `.caseName`.
    private func isMemberPath(_ r: Range<Int>) -> Bool {
        var j = r.lowerBound
        while j < r.upperBound {
            guard code.kind(j) == .identifier, j + 1 == r.upperBound || code.kind(j + 1) == .period else { return false }
            j += 2
        }
        return true
    }

    /// The innermost `let`/`var` initializer the name at `index` refers to.
    func initializer(at index: Int) -> Declarations.Binding? {
        extractor.declarations.binding(named: code.nameID(index), at: index)
    }

    func emit(_ library: WrapperLibrary, _ entries: [KeychainEntry]) {
        guard !entries.isEmpty else { return }
        var use = WrapperUse(library: library)
        use.set(entries)
        uses.append(use)
    }
}
