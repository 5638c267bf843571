import KeychainLintSyntax

/// A protocol extension's `self.query`, where the protocol only requires `query`: the value is
/// one of the conforming types' `query`, so only the types of the file that conform to that
/// protocol (directly or through one that refines it) supply it — not every type of the file with
/// a member of that name. `extension KeychainGettable { var getQuery … self.query … }` reads the
/// queries of the types that are `KeychainGettable`, and an item type that is only
/// `KeychainDeletable` adds nothing to it.
extension DictionaryExtractor {
    /// What the file's conformers of `owner` return for `name`; nil when `owner` is no protocol of
    /// this file, or none of its conformers here declares `name` (then every `name` still counts).
    func conformingHelperEntries(named name: Int32, protocol owner: Int32) -> [KeychainEntry]? {
        guard conformances.protocols.contains(owner) else { return nil }
        let key = Int64(name) << 32 | Int64(owner)
        if let memo = conformingHelperMemo[key] { return memo }
        let cuts = recursionCuts
        // Each conforming type's value is one alternative: a flag one sets does not count for another.
        var paths: [[KeychainEntry]] = []
        for conformer in conformances.conformers(of: owner).sorted() {
            let bodies = declarations.bodies(named: name).filter { $0.owner == conformer }
            let initializers = declarations.bindings[name].filter { $0.isMember && $0.owner == conformer }.map(\.initializer)
            if !bodies.isEmpty || !initializers.isEmpty {
                if let entries = walkHelper(name, bodies: bodies, initializers: initializers) { paths.append(entries) }
            } else if let entries = initializedPropertyEntries(named: name, owners: [conformer]) {
                paths.append(entries)
            }
        }
        // Conformers in other files: the protocol's own file declares the member only as a requirement.
        let requirement = declarations.bodies(named: name).first { $0.owner == owner }
        if let requirement, let foreign = foreignMemberEntries(named: name, owner: owner, at: requirement.open) {
            paths += foreign
        }
        guard !paths.isEmpty else { return nil }
        let entries = KeychainEntry.alternatives(paths, group: requirement?.open ?? 0)
        if recursionCuts == cuts { conformingHelperMemo[key] = .some(entries) }
        noteReferencedHelper(name)
        return entries
    }

    /// A bare `query` in a protocol extension's method is `self.query`: its conformers'.
    func implicitSelfConformingEntries(named name: Int32, at index: Int) -> [KeychainEntry]? {
        guard index > 0, code.kind(index - 1) != .period, !conformances.protocols.isEmpty,
              let owner = ownerOfEnclosingFunction(at: index) else { return nil }
        return conformingHelperEntries(named: name, protocol: owner)
    }
}
