import Foundation
import KeychainLintSyntax
import KeychainLintSupport

/// `// keychain-lint:disable RULE[, RULE] [- reason]`, `:enable`, `:disable:next`, `:disable:this`,
/// `:disable:previous` (SwiftLint's spelling), with `all` for every rule. Read from line comments
/// and from block comments on one line (`/* keychain-lint:disable:next RULE */`); spaces after
/// `keychain-lint:` are allowed. Applied to findings by line.
///
/// A comment that reads as a command but cannot be one (an unknown command, no rule, a command in
/// a block comment over several lines, where "next" has no clear line) is kept in `malformed`
/// and reported by `invalid-suppression`, never silently ignored: it hides nothing, and the
/// finding it was meant to hide shows up with no hint why.
package struct Suppressions {
    package struct Directive {
        package enum Scope { case from, until, next, this, previous }
        package var scope: Scope
        package var rules: [String]
        package var offset: Int
        var line: Int
        /// Whether it hid at least one finding (a `disable` also counts what its region hid).
        package var used = false
    }

    /// A comment that reads as a command but is not one; it suppresses nothing.
    package struct Malformed: Equatable {
        package enum Problem: Equatable {
            case unknownCommand(String)
            case noRule(command: String)
            case blockOverSeveralLines
            /// Rule ids no rule has, each with the closest id when one is close (a typo).
            case unknownRules([(id: String, suggestion: String?)])

            package static func == (a: Problem, b: Problem) -> Bool {
                switch (a, b) {
                case (.unknownCommand(let x), .unknownCommand(let y)): return x == y
                case (.noRule(let x), .noRule(let y)): return x == y
                case (.blockOverSeveralLines, .blockOverSeveralLines): return true
                case (.unknownRules(let x), .unknownRules(let y)):
                    return x.map(\.id) == y.map(\.id) && x.map(\.suggestion) == y.map(\.suggestion)
                default: return false
                }
            }
        }
        package var offset: Int
        package var problem: Problem

        package var message: String {
            switch problem {
            case .unknownCommand(let command):
                return "Unknown keychain-lint command '\(command)'; nothing is suppressed. Write \(Suppressions.commandList)."
            case .noRule(let command):
                return "This keychain-lint:\(command) names no rule; nothing is suppressed. Name the rule ids, or all."
            case .blockOverSeveralLines:
                return "A keychain-lint command in a block comment over several lines is not read; nothing is suppressed. Write it in a // comment."
            case .unknownRules(let unknown):
                let names = unknown.map { rule in "'\(rule.id)'" + (rule.suggestion.map { " (did you mean '\($0)'?)" } ?? "") }
                return "This suppression names no rule keychain-lint has: \(names.joined(separator: ", ")); nothing is suppressed for \(unknown.count == 1 ? "it" : "them"). Fix the id (see 'keychain-lint rules')."
            }
        }
    }

    package private(set) var directives: [Directive] = []
    package private(set) var malformed: [Malformed] = []

    private static let marker = Array("keychain-lint:".utf8)
    private static let commands: [(name: String, scope: Directive.Scope)] = [
        ("disable", .from), ("enable", .until), ("disable:next", .next), ("disable:this", .this), ("disable:previous", .previous),
    ]
    static let commandList = "disable, enable, disable:next, disable:this or disable:previous"

    package init(source: SourceFile) {
        // Most files have no directive: one byte search over the file instead of reading every comment.
        guard Self.contains(Self.marker, in: source.bytes, range: 0..<source.bytes.count) else { return }
        for token in source.allTokens() where Self.isComment(token.kind) {
            guard Self.contains(Self.marker, in: source.bytes, range: token.range) else { continue }
            let offset = Int(token.start)
            guard let body = Self.body(of: token, in: source) else {
                // A block comment over several lines: a command at the start of any of its lines is refused.
                if Self.linesOfBlock(source.text(token)).contains(where: { Self.command(in: $0) != nil }) {
                    malformed.append(Malformed(offset: offset, problem: .blockOverSeveralLines))
                }
                continue
            }
            guard let (command, list) = Self.command(in: body) else { continue }
            guard let scope = Self.commands.first(where: { $0.name == command })?.scope else {
                malformed.append(Malformed(offset: offset, problem: .unknownCommand(String(command))))
                continue
            }
            var ids = list
            if let reason = ids.range(of: " - ") { ids = ids[..<reason.lowerBound] }
            let rules = ids.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
            guard !rules.isEmpty else {
                malformed.append(Malformed(offset: offset, problem: .noRule(command: String(command))))
                continue
            }
            let unknown = rules.filter { $0 != "all" && !Self.knownRuleIDs.contains($0) }
            if !unknown.isEmpty {
                let known = RuleRegistry.all.map { $0.description.id }
                malformed.append(Malformed(offset: offset, problem: .unknownRules(unknown.map { ($0, Spelling.closest(to: $0, in: known)) })))
            }
            let named = rules.filter { $0 == "all" || Self.knownRuleIDs.contains($0) }
            if !named.isEmpty {
                directives.append(Directive(scope: scope, rules: named, offset: offset, line: source.location(of: offset).line))
            }
        }
    }

    package var isEmpty: Bool { directives.isEmpty }

    private static let knownRuleIDs = Set(RuleRegistry.all.map { $0.description.id })

    private static func isComment(_ kind: TokenKind) -> Bool {
        kind == .lineComment || kind == .docLineComment || kind == .blockComment || kind == .docBlockComment
    }

    /// The comment's text without its delimiters; `nil` for a block comment over several lines.
    private static func body(of token: Token, in source: SourceFile) -> Substring? {
        var text = Substring(source.text(token))
        if text.hasPrefix("//") {
            text = text.dropFirst(2)
            if text.first == "/" { text = text.dropFirst() }
            return text
        }
        guard !text.contains("\n") && !text.contains("\r") else { return nil }
        text = text.dropFirst(2)
        if text.first == "*" { text = text.dropFirst() }
        if text.hasSuffix("*/") { text = text.dropLast(2) }
        return text
    }

    /// The lines of a block comment, each without leading whitespace and `*` (doc-comment style).
    private static func linesOfBlock(_ text: String) -> [Substring] {
        text.dropFirst(2).split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { line in
            line.drop { $0 == " " || $0 == "\t" || $0 == "*" }
        }
    }

    /// The command word and what follows it, when `text` (a comment's body) reads as a command:
    /// `keychain-lint:` at its start, then either a word right after the colon, or, after spaces,
    /// a word that starts with `disable` or `enable`. `keychain-lint: see the README` is prose.
    private static func command(in text: Substring) -> (command: Substring, rest: Substring)? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("keychain-lint:") else { return nil }
        let afterColon = trimmed.dropFirst("keychain-lint:".count)
        let start = afterColon.drop { $0 == " " || $0 == "\t" }
        let command = start.prefix { $0 != " " && $0 != "\t" }
        if start.startIndex != afterColon.startIndex && !command.hasPrefix("disable") && !command.hasPrefix("enable") {
            return nil
        }
        return (command, start.dropFirst(command.count))
    }

    private static func contains(_ needle: [UInt8], in bytes: [UInt8], range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { ByteSearch.contains(needle, in: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether the finding is hidden; marks the directives that hide it as used.
    package mutating func suppresses(rule: String, line: Int) -> Bool {
        var hidden = false
        // Region directives: the last disable/enable for this rule at or before the line decides.
        var regionDisabler: Int?
        for (index, d) in directives.enumerated() where d.line <= line + 1 && (d.rules.contains(rule) || d.rules.contains("all")) {
            switch d.scope {
            case .from where d.line <= line: regionDisabler = index
            case .until where d.line <= line: regionDisabler = nil
            case .this where d.line == line, .next where d.line + 1 == line, .previous where d.line == line + 1:
                directives[index].used = true
                hidden = true
            default: break
            }
        }
        if let index = regionDisabler {
            directives[index].used = true
            hidden = true
        }
        return hidden
    }
}
