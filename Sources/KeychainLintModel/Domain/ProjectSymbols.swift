/// What one file declares that other files of the tree may use: aliases of `kSec…` constants,
/// stored references to Security functions, helpers that return keychain dictionaries, and
/// `kSec…` names it declares as its own (those are not Security constants anywhere in the tree).
package struct FileSymbols: Sendable, Equatable {
    package var constants: [String: KeychainValue] = [:]
    /// Stored references to Security functions by how code reaches them: `KeychainCalls.add` for a
    /// static member (`static let add = SecItemAdd`), which only `KeychainCalls.add(…)` calls; the
    /// bare name for an instance property or a file-level binding (`store(q, nil)`, `self.store`,
    /// `vault.store`, whose receiver's type a file often does not say). Keyed by the bare name alone,
    /// an enum's `static let add` made every unrelated `add(x, nil)` of the tree a SecItemAdd, and
    /// a fixture's names had to be bent around it.
    package var functionAliases: [String: KeychainOperation] = [:]
    package var helpers: [String: [KeychainEntry]] = [:]
    /// `let kSecCSDefaultFlags = 0`: a `kSec…` name that is the user's.
    package var shadowedSecurityNames: Set<String> = []
    /// Functions that return their one argument unchanged (`toString(_:)`), so `toString(kSecClass)` is `kSecClass`.
    package var passThroughFunctions: Set<String> = []
    /// By function name: the summaries of the functions of that name the file declares.
    package var summaries: [String: [FunctionSummary]] = [:]
    /// By `Protocol.member`: the dictionary member each type of the file that names the protocol
    /// in its inheritance clause gives it, for a protocol extension in another file that reads
    /// `self.member` (`MemberHelper`).
    package var memberHelpers: [String: [MemberHelper]] = [:]
    /// By `StatusHandling.key`: whether a function's parameter of type `OSStatus` is thrown inside
    /// an error or compared with errSecDuplicateItem, so that a status another file hands it is handled.
    package var statusHandlers: [String: Bool] = [:]
    /// By `caseKey`: the `kSec…` constant a member of an enum gives one of its cases
    /// (`KMConstants.dataProtection.value()`; `DictionaryExtractor.caseConstant`).
    package var caseConstants: [String: KeychainValue] = [:]
    /// `typealias KeychainAttributes = [String: Any]`: names the file makes dictionary types, so
    /// another file's `func insert(_ a: KeychainAttributes)` takes a dictionary.
    package var dictionaryTypeAliases: Set<String> = []

    package init() {}

    /// `Type.case.member`, or `.case.member` for a use that leaves the type to be inferred.
    package static func caseKey(type: String?, case name: String, member: String) -> String {
        (type ?? "") + "." + name + "." + member
    }

    /// `Owner.name` for a static member, else `name`: the key of `functionAliases`.
    package static func key(_ name: String, owner: String?) -> String {
        owner.map { $0 + "." + name } ?? name
    }

    package var isEmpty: Bool {
        constants.isEmpty && functionAliases.isEmpty && helpers.isEmpty && shadowedSecurityNames.isEmpty
            && passThroughFunctions.isEmpty && summaries.isEmpty && memberHelpers.isEmpty && statusHandlers.isEmpty
            && caseConstants.isEmpty && dictionaryTypeAliases.isEmpty
    }

    /// The names declared in one of the two and not the other, or declared differently: the only
    /// names whose merged meaning a new lint of the file can change. (All of a file's names, when
    /// one summary of sixty declarations changed, made every user of the other fifty-nine be
    /// linted again in the next project round.)
    package func changedNames(comparedWith other: FileSymbols) -> Set<String> {
        var changed = Set<String>()
        func compare<Value: Equatable>(_ mine: [String: Value], _ theirs: [String: Value], _ name: (String) -> String) {
            for (key, value) in mine where theirs[key] != value { changed.insert(name(key)) }
            for key in theirs.keys where mine[key] == nil { changed.insert(name(key)) }
        }
        compare(constants, other.constants, unqualified)
        compare(functionAliases, other.functionAliases, unqualified)
        compare(helpers, other.helpers) { $0 }
        compare(memberHelpers, other.memberHelpers, unqualified)
        for key in Set(functionAliases.keys).union(other.functionAliases.keys)
        where ItemChange.changesItems(functionAliases[key]) != ItemChange.changesItems(other.functionAliases[key]) {
            changed.formUnion(ItemChange.aliasPassingNames(of: unqualified(key)))
        }
        // A function's item changes and the rest of its summary are told apart (`FunctionSummary.changedNames`).
        for (name, list) in summaries where other.summaries[name] != list {
            FunctionSummary.changedNames(name, list, other.summaries[name] ?? [], into: &changed)
        }
        for (name, list) in other.summaries where summaries[name] == nil {
            FunctionSummary.changedNames(name, [], list, into: &changed)
        }
        changed.formUnion(shadowedSecurityNames.symmetricDifference(other.shadowedSecurityNames))
        changed.formUnion(passThroughFunctions.symmetricDifference(other.passThroughFunctions))
        compare(statusHandlers, other.statusHandlers, StatusHandling.function(ofKey:))
        compare(caseConstants, other.caseConstants, unqualified)
        changed.formUnion(dictionaryTypeAliases.symmetricDifference(other.dictionaryTypeAliases))
        return changed
    }
}

/// `service` for a constant exported as `VaultKeys.service`: the name code writes to reach it.
package func unqualified(_ key: String) -> String {
    key.split(separator: ".").last.map(String.init) ?? key
}

/// Where an entry read from another file's helper was written: a finding about it belongs there,
/// once, rather than at every caller.
package struct ForeignSpot: Sendable, Hashable {
    package var helper: String
    /// Offset in the file that declares the helper.
    package var offset: Int
}

/// Names collected from every linted file by the first pass, for the second.
///
/// A name declared in several files with different meanings is ambiguous and dropped: a file
/// cannot tell which one it sees, and an unknown value never produces a finding. A file's own
/// declarations always shadow these.
package struct ProjectSymbols: Sendable {
    /// Name → value, for names that stand for a `kSec…` constant (`Class` → `.symbol("kSecClass")`),
    /// and `.unknown` for `kSec…` names the tree declares itself.
    package let constants: [String: KeychainValue]
    /// Name → operation, for stored references to Security functions (`secItemAdd` → `.add`,
    /// `KeychainCalls.add` → `.add` for a static member; `FileSymbols.functionAliases`).
    package let functionAliases: [String: KeychainOperation]
    /// The names code writes to call them (`add` for `KeychainCalls.add`).
    package let aliasNames: Set<String>
    /// Helper name → the entries of the dictionary it returns (offsets are in the declaring file).
    package let helpers: [String: [KeychainEntry]]
    /// Every name some file offers as a helper, including those two files give different values
    /// (dropped from `helpers`): a call of one through a value of a known type still reaches one
    /// type's member (`memberHelpers`), so the name is a needle and its use by another file counts.
    package let helperNames: Set<String>
    /// Functions that build a keychain dictionary themselves and take only extras from a call
    /// (`FunctionSummary.buildsItsOwnDictionary`): any call of one is looked up.
    package let dictionaryBuildingFunctions: Set<String>
    /// Helpers some other file uses: the declaring file does not report their dictionaries as
    /// unseen uses, because the file that extends and passes them reports the real use.
    package var externallyUsedHelpers: Set<String>
    /// Conversion functions some file declares that return their one argument unchanged.
    package var passThroughFunctions: Set<String>
    /// By function name: every summary the project's functions of that name have (implementations
    /// of one protocol requirement in several types are all kept: a call may reach any of them).
    package let summaries: [String: [FunctionSummary]]
    /// By `Protocol.member`: every conforming type's value of it, from every file (`FileSymbols.memberHelpers`).
    package let memberHelpers: [String: [MemberHelper]]
    /// The keys (`StatusHandling.key`) of the parameters every function of that key handles
    /// (`FileSymbols.statusHandlers`): a handler in one file handles what any file passes it.
    package let statusHandlers: Set<String>
    /// Every file's `FileSymbols.caseConstants`; a key two files give different values is dropped.
    package let caseConstants: [String: KeychainValue]
    /// Every file's `FileSymbols.dictionaryTypeAliases`.
    package let dictionaryTypeAliases: Set<String>

    package init(constants: [String: KeychainValue] = [:], functionAliases: [String: KeychainOperation] = [:],
                 helpers: [String: [KeychainEntry]] = [:], externallyUsedHelpers: Set<String> = [],
                 passThroughFunctions: Set<String> = [], summaries: [String: [FunctionSummary]] = [:],
                 memberHelpers: [String: [MemberHelper]] = [:], statusHandlers: Set<String> = [],
                 caseConstants: [String: KeychainValue] = [:], dictionaryTypeAliases: Set<String> = [], helperNames: Set<String>? = nil) {
        self.summaries = summaries
        self.dictionaryTypeAliases = dictionaryTypeAliases
        self.statusHandlers = statusHandlers
        self.caseConstants = caseConstants
        self.helperNames = helperNames ?? Set(helpers.keys)
        self.memberHelpers = memberHelpers
        self.constants = constants
        self.functionAliases = functionAliases
        aliasNames = Set(functionAliases.keys.map(unqualified))
        self.helpers = helpers
        self.externallyUsedHelpers = externallyUsedHelpers
        self.passThroughFunctions = passThroughFunctions
        // `Type.name` is reached by writing `name`: that is the needle and the consulted name.
        dictionaryBuildingFunctions = Set(summaries.filter { $0.value.contains(where: \.buildsItsOwnDictionary) }.keys)
        contentNames = Set(constants.keys.map(unqualified)).union(self.helperNames)
            .union(functionAliases.filter { $0.value.judgesUnknownDictionaries }.keys.map(unqualified))
            // A function that builds the keychain dictionary itself and takes only extras from its
            // caller (`create(value)`, `extra` merged in or defaulting to `[:]`) is reached from a
            // file that names no keychain symbol: like a helper, its name is a needle. A method is
            // reached only from a file that names its type (`SummaryLookup.namesTheTypeOf`): the
            // type is the needle, not a name as common as `create`.
            .union(Self.dictionaryBuildingNeedles(summaries))
        // A member is read through a value of its type (`settings.query`) in a file that goes on to
        // pass it to an operation, a name the prefilter looks for already: members are no needles,
        // but a file that looked one up is linted again when it changes.
        var names = contentNames.union(aliasNames).union(memberHelpers.keys.map(unqualified))
            .union(statusHandlers.map(StatusHandling.function(ofKey:)))
            // Read where a key is spelled `Type.case.member()`, in a file that builds a dictionary
            // and so names a keychain symbol already: the member is no needle.
            .union(caseConstants.keys.map(unqualified))
            // Asked of every type name a file reads as a possible dictionary: no needle either.
            .union(dictionaryTypeAliases)
        var passing: [String] = []
        for (name, list) in summaries { FunctionSummary.dependencyNames(name, list, into: &names, passing: &passing) }
        for (key, operation) in functionAliases where ItemChange.changesItems(operation) {
            passing.append(unqualified(key))
            names.formUnion(ItemChange.aliasPassingNames(of: unqualified(key)))
        }
        self.names = names
        itemPassingNames = passing
    }

    /// Functions that delete or update a dictionary they are passed, and stored references to
    /// SecItemDelete or SecItemUpdate: a file that spells none of them (nor those two) has no
    /// function that deletes or updates an item of its own (`DictionaryExtractor.mayChangeItems`).
    package let itemPassingNames: [String]

    package static let empty = ProjectSymbols()

    package var isEmpty: Bool {
        constants.isEmpty && functionAliases.isEmpty && helpers.isEmpty && passThroughFunctions.isEmpty && summaries.isEmpty
            && memberHelpers.isEmpty && statusHandlers.isEmpty && caseConstants.isEmpty && dictionaryTypeAliases.isEmpty
    }

    /// Every name a file may use to reach these symbols: the needles that keep the prefilter sound.
    /// Made once: every file of a project pass asks for it.
    package let names: Set<String>
    /// `names` without those only functions with summaries have, and without aliases of operations
    /// no rule judges on an unknown dictionary: a file that names no keychain symbol cannot build a
    /// dictionary to pass to one, so those names alone never make a file that was not tokenized
    /// worth reading again. (On real code, SimpleKeychain's `var remove = SecItemDelete` and
    /// `retrieve` made 417 files that never touch the keychain be read, lexed and walked again.)
    /// In a jumped-over body of a tokenized file's function with a dictionary parameter, every name
    /// counts: the function may forward its parameter to another file's wrapper
    /// (`KeychainSecurity.copyMatching(query, &r)`) and become a summary only once the wrapper's is
    /// known; the exhaustive run read it, so the rounds must too (`FileAnalysis.forwarderMentioned`).
    package let contentNames: Set<String>

    /// The owner type of each method that builds its own dictionary, the name of each such free function.
    private static func dictionaryBuildingNeedles(_ summaries: [String: [FunctionSummary]]) -> Set<String> {
        var out: Set<String> = []
        for (name, list) in summaries {
            for summary in list where summary.buildsItsOwnDictionary {
                out.insert(summary.routeOwner.map { String($0.type) } ?? name)
            }
        }
        return out
    }

    /// Merges what every file declares; a name with two different meanings is dropped.
    package init(merging files: [FileSymbols]) {
        var constants = Merge<KeychainValue>()
        var functions = Merge<KeychainOperation>()
        var helpers = Merge<[KeychainEntry]>()
        var shadowed = Set<String>()
        var passThrough = Set<String>()
        var summaries: [String: [FunctionSummary]] = [:]
        var memberHelpers: [String: [MemberHelper]] = [:]
        var statusHandlers = Merge<Bool>()
        var caseConstants = Merge<KeychainValue>()
        var seen: [String: [FunctionSummary]] = [:]
        var dictionaryTypeAliases = Set<String>()
        for file in files {
            dictionaryTypeAliases.formUnion(file.dictionaryTypeAliases)
            for (key, list) in file.memberHelpers {
                for helper in list where !(memberHelpers[key]?.contains(helper) ?? false) { memberHelpers[key, default: []].append(helper) }
            }
            passThrough.formUnion(file.passThroughFunctions)
            for (key, handles) in file.statusHandlers { statusHandlers.add(key, handles) }
            for (key, value) in file.caseConstants { caseConstants.add(key, value) }
            for (name, list) in file.summaries {
                // Summaries of different routes differ: only those of one route are compared, so a
                // file of many types with a method of one name is not compared pair by pair.
                for summary in list where !(seen[name + " " + summary.route]?.contains(summary) ?? false) {
                    summaries[name, default: []].append(summary)
                    seen[name + " " + summary.route, default: []].append(summary)
                }
            }
            for (name, value) in file.constants { constants.add(name, value) }
            for (name, op) in file.functionAliases { functions.add(name, op) }
            for (name, entries) in file.helpers { helpers.add(name, entries, same: Self.sameEntries) }
            shadowed.formUnion(file.shadowedSecurityNames)
        }
        var resolved = constants.unique
        for name in shadowed where resolved[name] == nil { resolved[name] = .unknown }
        self.init(constants: resolved, functionAliases: functions.unique, helpers: helpers.unique,
                  passThroughFunctions: passThrough, summaries: summaries, memberHelpers: memberHelpers,
                  statusHandlers: Set(statusHandlers.unique.filter(\.value).keys), caseConstants: caseConstants.unique,
                  dictionaryTypeAliases: dictionaryTypeAliases, helperNames: helpers.names)
    }

    /// Two files that declare the same helper with the same keys and values agree (offsets differ).
    private static func sameEntries(_ a: [KeychainEntry], _ b: [KeychainEntry]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    fileprivate struct Merge<Value> {
        private var values: [String: Value] = [:]
        private var conflicting: Set<String> = []

        mutating func add(_ name: String, _ value: Value, same: (Value, Value) -> Bool) {
            guard !conflicting.contains(name) else { return }
            if let existing = values[name] {
                if !same(existing, value) {
                    values[name] = nil
                    conflicting.insert(name)
                }
            } else {
                values[name] = value
            }
        }

        var unique: [String: Value] { values }
        /// Every name added, whether its values agreed or not.
        var names: Set<String> { conflicting.union(values.keys) }
    }
}

private extension ProjectSymbols.Merge where Value: Equatable {
    mutating func add(_ name: String, _ value: Value) { add(name, value, same: ==) }
}
