import KeychainLintSyntax

/// What the file's type declarations say they conform to (`struct S: P, Q`, `extension A.B: P`,
/// `protocol P: Q`), so a protocol extension's `self.query` can be read as the conforming types'
/// `query`, not every `query` of the file. Types are named by the last component of a dotted name,
/// as `Declarations.typeName` files them. Read once, when a protocol's member is first looked up.
package struct Conformances {
    /// The protocols the file declares.
    package private(set) var protocols: Set<Int32> = []
    /// By type or protocol: the names of its inheritance clauses (every declaration and extension).
    private var inherited: [Int32: [Int32]] = [:]

    package init(code: CodeView) {
        for i in 0..<code.count where code.kind(i + 1) == .identifier && Self.introducesType(i, code: code) {
            var name = i + 1
            while code.kind(name + 1) == .period && code.kind(name + 2) == .identifier { name += 2 }
            let id = code.nameID(name)
            guard id >= 0 else { continue }
            if code.isKeyword(i, "protocol") { protocols.insert(id) }
            let clause = Self.inheritanceClause(after: name, code: code)
            if !clause.isEmpty { inherited[id, default: []].append(contentsOf: clause) }
        }
    }

    private static func introducesType(_ i: Int, code: CodeView) -> Bool {
        code.isKeyword(i, "protocol") || code.isKeyword(i, "struct") || code.isKeyword(i, "class") || code.isKeyword(i, "enum")
            || code.isKeyword(i, "extension") || (code.isIdentifier(i, "actor") && code.startsStatement(i))
    }

    /// The names after `:` up to the body's `{` or a `where` (`Keychain.Item` as `Item`; generic
    /// arguments skipped).
    private static func inheritanceClause(after name: Int, code: CodeView) -> [Int32] {
        var j = pastGenericArguments(name + 1, code: code)
        guard code.kind(j) == .colon else { return [] }
        var names: [Int32] = []
        j += 1
        while j < code.count && j < name + 64 && code.kind(j) == .identifier && !code.isIdentifier(j, "where") {
            while code.kind(j + 1) == .period && code.kind(j + 2) == .identifier { j += 2 }
            names.append(code.nameID(j))
            j = pastGenericArguments(j + 1, code: code)
            guard code.kind(j) == .comma else { break }
            j += 1
        }
        return names
    }

    /// Past `<…>` when one opens at `j` (`Box<T>: P`), else `j`.
    private static func pastGenericArguments(_ j: Int, code: CodeView) -> Int {
        guard code.is(j, "<") else { return j }
        var k = j + 1
        while k < min(code.count, j + 32) && !code.is(k, ">") { k += 1 }
        return k + 1
    }

    /// The names in the inheritance clauses of `type`'s declarations and extensions in the file.
    package func inheritedNames(of type: Int32) -> [Int32] { inherited[type] ?? [] }

    /// Every type or protocol of the file that has an inheritance clause.
    package var inheritingTypes: Dictionary<Int32, [Int32]>.Keys { inherited.keys }

    /// The types (not protocols) of the file that conform to `proto`, directly or through a
    /// protocol of the file that refines it.
    package func conformers(of proto: Int32) -> Set<Int32> {
        var reached: Set<Int32> = [proto]
        var changed = true
        while changed {
            changed = false
            for (name, parents) in inherited where !reached.contains(name) && parents.contains(where: reached.contains) {
                reached.insert(name)
                changed = true
            }
        }
        return reached.filter { $0 != proto && !protocols.contains($0) }
    }
}
