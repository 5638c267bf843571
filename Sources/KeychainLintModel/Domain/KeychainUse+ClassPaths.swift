/// Shape: one variable that takes a different item class on each arm of a branch
/// (`switch kind { case .generic: q = [kSecClass: kSecClassGenericPassword, …] case .internet:
/// q = [kSecClass: kSecClassInternetPassword, …] }`), in a function or in the initializer of a
/// stored query. Read whole, the dictionary has two classes and no rule about a class can judge
/// it; each path has one. The use is judged once per such path, with the entries that can be on
/// a path with that class: a generic password missing its service on its own arm is reported,
/// and an entry of the other arm does not count for it.
extension KeychainUse {
    package var classPaths: [KeychainUse] {
        let classes = dictionary.entries.filter { $0.key == "kSecClass" }
        guard classes.count > 1, classes.contains(where: { a in
            classes.contains { b in a.value != b.value && a.branch.excludes(b.branch) }
        }) else { return [self] }
        return classes.map { itemClass in
            var variant = self
            variant.dictionary.entries = dictionary.entries.compactMap { entry in
                guard !entry.branch.excludes(itemClass.branch) else { return nil }
                var entry = entry
                // On this path the class's arms are taken: an entry in them is on every path of it.
                entry.branch.arms.removeAll(where: itemClass.branch.arms.contains)
                return entry
            }
            return variant
        }
    }
}
