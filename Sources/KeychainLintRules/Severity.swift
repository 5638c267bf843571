/// How a finding counts: an error fails the run (exit status 1), a warning does not.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}
