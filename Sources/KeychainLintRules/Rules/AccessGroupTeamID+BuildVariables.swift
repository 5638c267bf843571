import KeychainLintSupport
import KeychainLintModel
import KeychainLintSyntax

/// `$(AppIdentifierPrefix)` / `$(TeamIdentifierPrefix)` written in Swift strings.
extension AccessGroupTeamID {
    /// A string literal in code whose text starts with `$(AppIdentifierPrefix)` / `$(TeamIdentifierPrefix)`
    /// (a multi-line literal's first line after its indentation, or the text right after an
    /// interpolation, count as a start), reported at its opening quote. Prose that mentions the
    /// variable later in the text is not an identifier.
    ///
    /// Only a string segment that holds a variable's bytes can be reported, so a byte search finds
    /// those segments and each is checked alone. A segment right after its string's opening quote
    /// needs nothing more; one right after an interpolation needs the string it belongs to, and then
    /// the open strings are tracked over every token of the file.
    func reportBuildVariables(in file: KeychainFile, into findings: inout FindingCollector) {
        let code = file.code
        let candidates = Self.segmentsHoldingBuildVariables(file)
        guard !candidates.isEmpty else { return }
        if candidates.contains(where: { code.kind($0 - 1) == .interpolationEnd }) {
            reportBuildVariablesTrackingStrings(in: file, into: &findings)
            return
        }
        // The string a segment right after an opening quote belongs to is the one that quote opens.
        for i in candidates where code.kind(i - 1) == .stringStart {
            if let variable = Self.buildVariable(startingSegment: i, of: i - 1, in: file) {
                findings.report(at: code.offset(i - 1), Self.buildVariableMessage(variable))
            }
        }
    }

    /// `reportBuildVariables` over every token, with a stack of the strings open at each.
    func reportBuildVariablesTrackingStrings(in file: KeychainFile, into findings: inout FindingCollector) {
        let code = file.code
        var openStrings: [Int] = []
        for i in 0..<code.count {
            switch code.kind(i) {
            case .stringStart:
                openStrings.append(i)
            case .stringEnd:
                _ = openStrings.popLast()
            case .stringSegment:
                guard let start = openStrings.last, start == i - 1 || code.kind(i - 1) == .interpolationEnd else { continue }
                if let variable = Self.buildVariable(startingSegment: i, of: start, in: file) {
                    findings.report(at: code.offset(start), Self.buildVariableMessage(variable))
                }
            default:
                continue
            }
        }
    }

    private static func buildVariableMessage(_ variable: String) -> String {
        "\(variable) is expanded only in entitlements files; in code the group fails with errSecMissingEntitlement. Write the Team ID itself."
    }

    /// The build variable the text of segment `i` (of the string opened at `start`) starts with.
    private static func buildVariable(startingSegment i: Int, of start: Int, in file: KeychainFile) -> String? {
        let code = file.code
        let bytes = file.source.bytes
        let token = code.tokens[i]
        var at = Int(token.start)
        if start == i - 1, isMultiline(code.tokens[start], bytes) {
            while at < Int(token.end), [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }
        guard at < Int(token.end), bytes[at] == UInt8(ascii: "$") else { return nil }
        let text = file.source.text(at..<Int(token.end))
        return AccessGroup.buildVariables.first(where: text.hasPrefix)
    }

    private static let variableBytes = AccessGroup.buildVariables.map { Array($0.utf8) }

    /// Indices of the code tokens, ascending, that are string segments in which the bytes of a
    /// build variable begin.
    static func segmentsHoldingBuildVariables(_ file: KeychainFile) -> [Int] {
        let tokens = file.code.tokens
        var found: [Int] = []
        let variables = variableBytes
        file.source.bytes.withUnsafeBufferPointer { hay in
            var from = 0
            while let at = ByteSearch.offset(of: UInt8(ascii: "$"), in: hay, from: from) {
                from = at + 1
                // Most `$`s are closure arguments (`$0`): one byte tells.
                guard at + 1 < hay.count, hay[at + 1] == UInt8(ascii: "("),
                      variables.contains(where: { v in v.withUnsafeBufferPointer { ByteSearch.matches($0, at: at, in: hay) } }) else { continue }
                // The last code token that starts at or before `at`.
                var lo = 0
                var hi = tokens.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if Int(tokens[mid].start) <= at { lo = mid + 1 } else { hi = mid }
                }
                let t = lo - 1
                guard t >= 0, tokens[t].kind == .stringSegment, at < Int(tokens[t].end), found.last != t else { continue }
                found.append(t)
            }
        }
        return found
    }

    /// Whether a string's opening delimiter is `"""` (with any number of `#`).
    private static func isMultiline(_ token: Token, _ bytes: [UInt8]) -> Bool {
        token.length >= 3 && bytes[Int(token.end) - 3..<Int(token.end)].allSatisfy { $0 == UInt8(ascii: "\"") }
    }
}
