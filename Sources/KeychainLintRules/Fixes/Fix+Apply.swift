/// Applying fixes to a file's text. Edits are byte ranges of the text the fix was made for; a
/// fix is applied whole or not at all, so a file is never left half-changed by one.
extension Fix {
    public enum ApplyError: Error, Equatable, CustomStringConvertible {
        /// Two edits of the fix overlap or insert at one point: there is no one way to apply them.
        case overlappingEdits
        /// An edit reaches past the end of the text: the fix was made for other text.
        case outOfRange

        public var description: String {
            switch self {
            case .overlappingEdits: return "the fix's edits overlap"
            case .outOfRange: return "the fix's edits lie outside the text"
            }
        }
    }

    /// The text with this fix's edits made. Throws rather than guess when edits overlap.
    public func apply(to bytes: [UInt8]) throws(ApplyError) -> [UInt8] {
        try check(length: bytes.count)
        return Self.splice(edits, into: bytes)
    }

    /// Throws when the fix cannot be applied to text of `length` bytes.
    private func check(length: Int) throws(ApplyError) {
        for (i, edit) in edits.enumerated() {
            guard edit.range.lowerBound >= 0, edit.range.upperBound <= length else { throw .outOfRange }
            if edits[(i + 1)...].contains(where: edit.conflicts) { throw .overlappingEdits }
        }
    }

    public func apply(to text: String) throws(ApplyError) -> String {
        String(decoding: try apply(to: Array(text.utf8)), as: UTF8.self)
    }

    /// As many of `fixes` as fit together, in file order: a fix that conflicts with one already
    /// taken, or that cannot be applied on its own, is left out (a later run, on the changed text,
    /// can offer it again). A fix equal to one taken is applied with it (two calls given one
    /// dictionary each report its missing entry). Returns the new text and the indices of the
    /// fixes applied.
    public static func applyAll(_ fixes: [Fix], to bytes: [UInt8]) -> (bytes: [UInt8], applied: [Int]) {
        let order = fixes.indices.sorted {
            (fixes[$0].edits.first?.range.lowerBound ?? 0, $0) < (fixes[$1].edits.first?.range.lowerBound ?? 0, $1)
        }
        var taken: [Int] = []
        var takenEdits: Set<[TextEdit]> = []
        var edits: [TextEdit] = []
        for index in order {
            let fix = fixes[index]
            if takenEdits.contains(fix.edits) {
                taken.append(index)
                continue
            }
            guard !fix.edits.isEmpty, (try? fix.check(length: bytes.count)) != nil,
                  !edits.contains(where: { taken in fix.edits.contains { $0.conflicts(with: taken) } }) else { continue }
            taken.append(index)
            takenEdits.insert(fix.edits)
            edits += fix.edits
        }
        return (splice(edits.sorted { $0.range.lowerBound < $1.range.lowerBound }, into: bytes), taken.sorted())
    }

    /// `edits`, sorted and not overlapping, made in one pass over `bytes`.
    private static func splice(_ edits: [TextEdit], into bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var from = 0
        for edit in edits {
            out.append(contentsOf: bytes[from..<edit.range.lowerBound])
            out.append(contentsOf: edit.replacement.utf8)
            from = edit.range.upperBound
        }
        out.append(contentsOf: bytes[from...])
        return out
    }
}
