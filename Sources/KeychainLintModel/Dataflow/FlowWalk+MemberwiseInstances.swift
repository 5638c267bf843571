import KeychainLintSyntax

// Shape: a struct that only carries a dictionary, made by Swift's memberwise initializer:
//
//     private struct UnsafeSendableDictionary: @unchecked Sendable { let value: [String: AnyObject] }
//     func create(_ value: String, extraAttributes: [String: AnyObject] = [:]) async throws {
//         let box = UnsafeSendableDictionary(value: extraAttributes)
//         … try self.create(value, extraAttributes: box.value) …
//     }
//
// The type declares no initializer, so `Type(label: x)` stores `x` in the stored property named
// `label`: `box.value` is `x`, the caller's dictionary when `x` is a parameter (the async wrapper
// then forwards its parameter, and is no caller of its own).
extension FlowWalk {
    /// `Box(value: query)`: an instance whose dictionary properties hold the arguments of their
    /// labels, when `Box` is a struct of this file with no initializer; nil otherwise.
    func memberwiseInstance(calleeAt i: Int) -> Int? {
        let type = code.nameID(i)
        guard type >= 0, code.kind(i + 1) == .leftParen else { return nil }
        // Asked at every capitalised call: the labels are checked against the type's dictionary
        // members first, and the file's declarations only for a call that passes one.
        let arguments = code.elements(of: i + 1).filter { argument in
            guard !argument.isEmpty, let label = code.label(of: argument), let id = code.nameID(of: label) else { return false }
            return extractor.storedMembersByOwner[DictionaryExtractor.memberKey(id, type)] != nil
        }
        guard !arguments.isEmpty, extractor.isMemberwiseStruct(type) else { return nil }
        var stored: [(name: String, value: DictionaryExpression)] = []
        for argument in arguments {
            guard let label = code.label(of: argument), let passed = dictionary(code.droppingLabel(argument)) else { continue }
            stored.append((label, passed))
        }
        guard !stored.isEmpty else { return nil }
        instances.instances.append(Instance(type: code.text(i), block: currentBlockID, copiesSelf: false))
        let instance = instances.instances.count - 1
        for (name, passed) in stored {
            var variable = Variable(name: -1, shadowed: -1, declOffset: passed.originOffset,
                                    events: passed.entries.map(Event.add), block: currentBlockID)
            variable.hasUnknownBase = passed.hasUnknownBase
            variable.parameter = Int32(passed.parameter ?? -1)
            variables.append(variable)
            instances.instances[instance].properties[name] = variables.count - 1
        }
        return instance
    }
}

extension DictionaryExtractor {
    /// Whether `type` is declared `struct` in this file and no initializer of this file belongs
    /// to it, so it has the memberwise one.
    func isMemberwiseStruct(_ type: Int32) -> Bool {
        structNames.contains(type) && declarations.bodies.first(in: type, where: { $0.owner == type }) == nil
    }

    /// The name ids the file declares `struct`s of, read once.
    static func structNames(_ code: CodeView) -> Set<Int32> {
        var out: Set<Int32> = []
        for i in 1..<max(1, code.count) where code.kind(i) == .identifier && code.isKeyword(i - 1, "struct") { out.insert(code.nameID(i)) }
        code.work += code.count
        return out
    }
}
