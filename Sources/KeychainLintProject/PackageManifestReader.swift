import KeychainLintSyntax
import KeychainLintModel

/// The platforms a `Package.swift` builds for, read with the linter's own lexer: comments, string
/// literals (raw, multi-line, interpolated) and `#if` lines are the lexer's to recognise, so the
/// reader only walks code tokens.
package enum PackageManifestReader {
    /// The platforms a `Package.swift` names in `platforms: [ … ]`; `.all` when it has no such list
    /// (or the list names no Apple platform). `.macCatalyst` counts as iOS.
    /// `platforms:` inside `.when(…)` (target conditions) does not count.
    package static func platforms(manifest text: String) -> PlatformSet {
        let code = CodeView(source: SourceFile(path: "Package.swift", text: text))
        var found = PlatformSet()
        // For each open bracket, whether it is the `(` of a call to `when`.
        var openers: [Bool] = []
        var previousIdentifier: String?   // the code token just before, when it is an identifier
        var i = 0
        while i < code.count {
            switch code.kind(i) {
            case .identifier:
                let word = code.text(i)
                if word == "platforms", openers.last != true, isAssignment(code, i + 1) {
                    // `platforms: [ … ]`, or `let platforms: [SupportedPlatform] = [ … ]`.
                    var k = i + 2
                    while code.kind(k) == .leftBracket {
                        // The closing `]`, or the end of the file when there is none.
                        let end = code.partner[k] >= 0 ? Int(code.partner[k]) : code.count
                        found.formUnion(platformEntries(code, (k + 1)..<end))
                        k = end + 1
                        guard k < code.count, code.is(k, "=") else { break }
                        k += 1
                    }
                    i = k
                    previousIdentifier = nil
                    continue
                }
                previousIdentifier = word
            case .leftParen:
                openers.append(previousIdentifier == "when")
                previousIdentifier = nil
            case .leftBracket, .leftBrace:
                openers.append(false)
                previousIdentifier = nil
            case .rightParen, .rightBracket, .rightBrace:
                if !openers.isEmpty { openers.removeLast() }
                previousIdentifier = nil
            case .stringStart:
                // A string's text and interpolations say nothing about the manifest's platforms.
                i = code.after(i)
                previousIdentifier = nil
                continue
            default:
                previousIdentifier = nil
            }
            i += 1
        }
        return found.isEmpty ? .all : found
    }

    /// Whether the token at `k` is `:` or `=` (not `==`): the value of `platforms` follows.
    private static func isAssignment(_ code: CodeView, _ k: Int) -> Bool {
        code.kind(k) == .colon || code.is(k, "=")
    }

    /// `.macOS`, `.iOS`, … entries (`.name` with a platform name) among the tokens `range` of a
    /// `platforms:` list; strings inside it are skipped.
    private static func platformEntries(_ code: CodeView, _ range: Range<Int>) -> PlatformSet {
        var found = PlatformSet()
        var i = range.lowerBound
        while i < range.upperBound {
            if code.kind(i) == .stringStart {
                i = code.after(i)
                continue
            }
            // The name right after the dot, no space between (`.iOS`, not `. iOS`).
            if code.kind(i) == .period, code.kind(i + 1) == .identifier, code.offset(i + 1) == code.offset(i) + 1 {
                switch code.text(i + 1) {
                case "macOS": found.insert(.macOS)
                case "iOS", "macCatalyst": found.insert(.iOS)
                case "tvOS": found.insert(.tvOS)
                case "watchOS": found.insert(.watchOS)
                case "visionOS": found.insert(.visionOS)
                default: break
                }
            }
            i += 1
        }
        return found
    }
}
