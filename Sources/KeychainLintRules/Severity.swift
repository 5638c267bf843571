import KeychainLintSyntax
import KeychainLintModel
package enum Severity: String, Sendable, Comparable, CaseIterable {
    case warning
    case error

    package static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

