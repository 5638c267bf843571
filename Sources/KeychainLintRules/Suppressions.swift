import KeychainLintSyntax
import KeychainLintModel
import KeychainLintSupport

/// `// keychain-lint:disable RULE[, RULE] [- reason]`, `:enable`, `:disable:next`, `:disable:this`,
/// with `all` for every rule. Read from the file's comments; applied to findings by line.
package struct Suppressions {
    package struct Directive {
        package enum Scope { case from, until, next, this }
        package var scope: Scope
        package var rules: [String]
        package var offset: Int
        var line: Int
        /// Whether it hid at least one finding (a `disable` also counts what its region hid).
        package var used = false
    }

    package private(set) var directives: [Directive] = []

    private static let marker = Array("keychain-lint:".utf8)

    package init(source: SourceFile) {
        // Most files have no directive: one byte search over the file instead of reading every comment.
        guard Self.contains(Self.marker, in: source.bytes, range: 0..<source.bytes.count) else { return }
        for token in source.allTokens() where token.kind == .lineComment || token.kind == .docLineComment {
            guard Self.contains(Self.marker, in: source.bytes, range: token.range) else { continue }
            guard source.token(token, hasPrefix: "//") else { continue }
            var text = Substring(source.text(token).dropFirst(2))
            if text.first == "/" { text = text.dropFirst() }
            while text.first == " " || text.first == "\t" { text = text.dropFirst() }
            guard text.hasPrefix("keychain-lint:") else { continue }
            text = text.dropFirst("keychain-lint:".count)
            let command = text.prefix { $0 != " " && $0 != "\t" }
            let scope: Directive.Scope
            switch command {
            case "disable": scope = .from
            case "enable": scope = .until
            case "disable:next": scope = .next
            case "disable:this": scope = .this
            default: continue
            }
            var list = text.dropFirst(command.count)
            if let reason = list.range(of: " - ") { list = list[..<reason.lowerBound] }
            let rules = list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
            guard !rules.isEmpty else { continue }
            let line = source.location(of: Int(token.start)).line
            directives.append(Directive(scope: scope, rules: rules, offset: Int(token.start), line: line))
        }
    }

    package var isEmpty: Bool { directives.isEmpty }

    private static func contains(_ needle: [UInt8], in bytes: [UInt8], range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { ByteSearch.contains(needle, in: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether the finding is hidden; marks the directives that hide it as used.
    package mutating func suppresses(rule: String, line: Int) -> Bool {
        var hidden = false
        // Region directives: the last disable/enable for this rule at or before the line decides.
        var regionDisabler: Int?
        for (index, d) in directives.enumerated() where d.line <= line && (d.rules.contains(rule) || d.rules.contains("all")) {
            switch d.scope {
            case .from: regionDisabler = index
            case .until: regionDisabler = nil
            case .this where d.line == line, .next where d.line + 1 == line:
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
