import KeychainLintSyntax

// Shape: a helper no other file can call, whose `Bool` parameter gates an entry, called with
// literals under build conditions:
//
//     func attempt(addAccessGroup: Bool) -> OSStatus {
//         var query = base
//         if addAccessGroup { query[kSecAttrAccessGroup as String] = appGroup }
//         return SecItemAdd(query as CFDictionary, nil)
//     }
//     #if os(iOS)
//     var status = attempt(addAccessGroup: true)
//     #else
//     let status = attempt(addAccessGroup: false)
//     #endif
//
// The entry is written once, outside any `#if`, but only the iOS build passes `true`: on macOS the
// query never carries the group. A rule about one platform asks where the calls that take the
// entry's side are (`regionsOfCallsTaking`), not only where the entry is written.
extension KeychainFile {
    /// The `#if` regions of the calls that take the side of each `if flag` the entry is written
    /// under, when the flag is a `Bool` parameter of a nested or private function of this file
    /// whose every call passes it a literal (or leaves it to a literal default); nil when the
    /// entry is under no such flag or some call's value is not known.
    package func regionsOfCallsTaking(_ entry: KeychainEntry) -> [ConditionRegion.ID]? {
        let flags = entry.branch.arms.filter { BranchPath.isFlagGroup($0.group) && !BranchPath.isPresenceGroup($0.group) }
        guard !flags.isEmpty, let key = code.index(startingAt: entry.keyOffset) else { return nil }
        let body = code.enclosingFunctionBody(of: key)
        guard body.lowerBound > 0, let open = code.parameterList(beforeBodyAt: body.lowerBound - 1),
              case let name = code.nameID(open - 1), name >= 0,
              let function = declarations.bodies.first(in: name, where: { $0.open == body.lowerBound - 1 }),
              function.isLocal || code.isFilePrivate(declaredAt: function.nameIndex) else { return nil }
        let parameters = code.elements(of: open)
        let signature = FunctionParameters(code: code, open: open).signature
        var regions: [ConditionRegion.ID] = []
        var calls = 0
        // A nested function is called only in the body that declares it.
        let scope = function.isLocal ? code.enclosingFunctionBody(of: function.nameIndex) : 0..<code.count
        for i in scope where code.nameID(i) == name && code.kind(i + 1) == .leftParen {
            guard !code.isKeyword(i - 1, "func"), code.kind(i - 1) != .period || code.isKeyword(i - 2, "self") else { continue }
            let arguments = code.elements(of: i + 1).filter { !$0.isEmpty }
            guard let binding = signature.bind(code.labels(of: arguments)) else { return nil }
            var takes = true
            for arm in flags {
                guard let p = parameters.firstIndex(where: { code.parameterName($0).map(code.nameID) == Int32(arm.group - BranchPath.flagGroup(0)) }),
                      let written = code.argumentOrDefault(for: p, parameters: parameters, binding: binding, arguments: arguments),
                      let value = code.literalBool(written) else { return nil }
                if value != (arm.arm == 0) { takes = false }
            }
            calls += 1
            if takes { regions.append(code.region[i]) }
        }
        return calls > 0 ? regions : nil
    }
}
