import KeychainLintModel

extension KeychainFile {
    /// The uses whose item is of class `name`, for the rules about one class: a use with that one
    /// class as it is; a use whose class differs between the arms of a branch (`switch kind { case
    /// .generic: q = […GenericPassword…] case .internet: q = […InternetPassword…] }`) once for each
    /// path that sets `name`, with that path's entries (`KeychainUse.classPaths`). Rules about an
    /// operation whatever the class keep reading `uses`: which operation such code calls can itself
    /// depend on the class at run time.
    func uses(ofClass name: String) -> [KeychainUse] {
        var out: [KeychainUse] = []
        for use in uses {
            if use.dictionary.hasItemClass(name) {
                out.append(use)
            } else if use.dictionary.hasSeveralClassEntries {
                for path in use.classPaths where path.dictionary.hasItemClass(name) { out.append(path) }
            }
        }
        return out
    }
}

extension KeychainDictionary {
    /// More than one `kSecClass` entry: only then can paths disagree on the class.
    var hasSeveralClassEntries: Bool {
        var count = 0
        for i in entries.indices where entries[i].key == "kSecClass" {
            count += 1
            if count > 1 { return true }
        }
        return false
    }
}
