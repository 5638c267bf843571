import KeychainLintSyntax

// Shape: a dictionary member of a type (stored and set by its initializers, a literal, or a
// computed property) read in another file through a value whose type is known there:
// `self.settings.query` with `settings: SettingsQuery`, or a protocol extension's `self.query`
// where the protocol only requires `query` and the conforming types that give it a value live in
// other files (`extension StoredItem { func remove() { SecItemDelete(query as CFDictionary) } }`
// beside `struct WebLogin: StoredItem { let query: [String: Any]; init(…) { … } }`). Each file
// exports its types' members under `Type.member`, and under `Name.member` for every name in the
// type's inheritance clause (`exportedMemberHelpers`); the reading file takes the one its receiver's
// type names, each type's value as one alternative (`foreignMemberEntries`), so a flag one type
// sets does not count for another. The same-file case is `DictionaryExtractor+Conformers`.

/// One type's value of a dictionary member.
package struct MemberHelper: Sendable, Equatable {
    /// The type's name: findings on its entries go to the file that declares `Type.member`
    /// (`ProjectAnalysis.relocate`).
    package var type: String
    package var entries: [KeychainEntry]

    package init(type: String, entries: [KeychainEntry]) {
        self.type = type
        self.entries = entries
    }
}

extension DictionaryExtractor {
    /// For each type of the file, each dictionary member it declares under `Type.member` and
    /// `Name.member` for every `Name` of its inheritance clauses: the file cannot tell protocols
    /// from superclasses, and a key no file asks for costs nothing. A protocol's extension counts
    /// as a type: its member is the default of every conformer that gives none (a refining
    /// protocol's `attributes` for the requirement of the protocol it refines). Only members with a `kSec…`
    /// entry and a value the file can read entirely are offered.
    func exportedMemberHelpers() -> [String: [MemberHelper]] {
        var out: [String: [MemberHelper]] = [:]
        var members: [(name: Int32, owner: Int32, nameIndex: Int)] = []
        for member in declarations.storedMembers.elements {
            members.append((code.nameID(member.nameIndex), member.owner, member.nameIndex))
        }
        for binding in declarations.bindings.elements where binding.isMember && code.kind(binding.initializer.lowerBound) == .leftBracket {
            if let owner = binding.owner { members.append((binding.nameID, owner, binding.nameIndex)) }
        }
        for id in declarations.bodies.names {
            declarations.bodies.forEach(in: id) { body in
                if body.declaresDictionary, let owner = body.owner { members.append((id, owner, body.nameIndex)) }
            }
        }
        var seen: Set<Int64> = []
        for (name, owner, nameIndex) in members where seen.insert(Int64(name) << 32 | Int64(owner)).inserted {
            guard !code.isFilePrivate(declaredAt: nameIndex),
                  let entries = typedHelperEntries(named: name, owner: owner), !openHelpers.contains(name),
                  entries.contains(where: { $0.key.hasPrefix("kSec") }) else { continue }
            let helper = MemberHelper(type: code.spelling(owner), entries: FunctionSummary.portable(entries))
            for type in [owner] + conformances.inheritedNames(of: owner) {
                out[code.spelling(type) + "." + code.spelling(name), default: []].append(helper)
            }
        }
        return out
    }

    /// What the project's types in other files named `owner`, or conforming to it, give their
    /// member `name`, one alternative per type; nil when none does. Read as if written at `index`,
    /// like a foreign helper.
    func foreignMemberEntries(named name: Int32, owner: Int32, at index: Int) -> [[KeychainEntry]]? {
        log.consult(name)
        guard !symbols.memberHelpers.isEmpty else { return nil }
        let key = code.spelling(owner) + "." + code.spelling(name)
        guard let list = symbols.memberHelpers[key], !list.isEmpty else { return nil }
        return list.map { helper in
            let qualified = helper.type + "." + code.spelling(name)
            let salt = qualified.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }
            return rebased(helper.entries, helper: qualified, region: code.region[index], salt: salt)
        }
    }

    /// `self.settings.query` with `settings: SettingsQuery` declared here and `SettingsQuery` in
    /// another file: that type's `query` (its conformers' when it is a protocol), each an alternative.
    func foreignTypedMemberEntries(named name: Int32, at index: Int) -> [KeychainEntry]? {
        guard code.kind(index - 1) == .period, let owner = receiverType(ofMemberAt: index),
              let paths = foreignMemberEntries(named: name, owner: owner, at: index) else { return nil }
        return KeychainEntry.alternatives(paths, group: index)
    }
}
