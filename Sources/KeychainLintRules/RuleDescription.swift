import KeychainLintSyntax

/// A rule example: Swift source in which `↓` marks each spot a finding must point at
/// (triggering examples) or which must produce nothing (non-triggering examples).
package struct RuleExample: Sendable {
    package var code: String
    /// The platforms the example's project builds for; `.all` (macOS possible) unless the example says.
    package var platforms: PlatformSet
    /// Why this example is there, for the generated page.
    package var note: String?
    /// The project's entitlements plist, for rules that compare code with it.
    package var entitlements: String?
    /// The example is an `.entitlements` plist, not Swift.
    package var isEntitlementsFile: Bool
    /// The example pins how the model follows a dictionary (a merge's winning side, a ternary, a
    /// route through a closure or a protocol) rather than what the rule is about: the tests run it,
    /// the rule's page and `explain` leave it out (SwiftLint's `excludeFromDocumentation`).
    package var excludeFromDocumentation = false
    /// Where the example is written (the rule's source file and the line of its initialiser), filled
    /// in by the default arguments: a failing example is reported there, not in the test harness.
    package let file: StaticString
    package let line: UInt

    package init(_ code: String, platforms: PlatformSet = .all, entitlements: String? = nil, note: String? = nil,
                 excludeFromDocumentation: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        self.code = code
        self.excludeFromDocumentation = excludeFromDocumentation
        self.platforms = platforms
        self.entitlements = entitlements
        self.isEntitlementsFile = false
        self.note = note
        self.file = file
        self.line = line
    }

    /// An example that is an entitlements plist.
    package static func entitlementsFile(_ plist: String, note: String? = nil,
                                         file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        var example = RuleExample(plist, note: note, file: file, line: line)
        example.isEntitlementsFile = true
        return example
    }

    /// The marker the harness strips; its byte offset is where a finding must be.
    package static let marker: Character = "↓"
}

/// What a rule's findings are about, for reporters that file them by category (SARIF's
/// `security` tag and `security-severity`, Code Climate's categories) and for the linter's own
/// handling of suppressions.
package enum RuleKind: String, Sendable {
    /// A keychain mistake in code or entitlements: a security finding.
    case keychain
    /// A `keychain-lint:` comment that does nothing (superfluous or invalid): housekeeping.
    case suppression
}

/// Everything a user, the docs generator and the test harness need to know about a rule.
/// `rules/<id>.md` is generated from this, so the page and the code cannot drift apart.
package struct RuleDescription: Sendable {
    package var id: String
    /// `nil` when the rule is off unless enabled.
    package var defaultSeverity: Severity?
    /// One line: what the rule finds.
    package var summary: String
    /// Why it matters: the consequence at run time, with the status code where there is one.
    package var rationale: String
    /// What to write instead.
    package var howToFix: String
    package var triggering: [RuleExample]
    package var nonTriggering: [RuleExample]
    /// Byte strings at least one of which a Swift file must contain for this rule to find anything in it.
    /// The prefilter skips files that contain none of any enabled rule's literals without tokenizing them.
    /// Empty only for rules that read entitlements files, never Swift.
    package var requiredLiterals: [String]
    /// What the rule's automatic fix does, with examples; nil for a rule that offers none.
    package var fix: RuleFix?
    package var kind: RuleKind

    package init(
        id: String, kind: RuleKind = .keychain, defaultSeverity: Severity?, summary: String, rationale: String, howToFix: String,
        triggering: [RuleExample], nonTriggering: [RuleExample], requiredLiterals: [String] = ["kSec"], fix: RuleFix? = nil
    ) {
        self.fix = fix
        self.kind = kind
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.howToFix = howToFix
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.requiredLiterals = requiredLiterals
    }
}

extension RuleDescription {
    /// The one place that decides the severity a rule runs at when no configuration sets one:
    /// its default, and warning for a rule that is off by default and was turned on (`--enable`,
    /// `--only`). The default rule set, the rule selection, the engine's configuration and result
    /// (`LintConfiguration`, `LintResult`, `LintEngine.availableRules`), the reporters and the fuzz
    /// harness all ask here.
    package var severityWhenEnabled: Severity { defaultSeverity ?? .warning }

    /// Whether the rule runs when neither the configuration nor the command line names it.
    package var isEnabledByDefault: Bool { defaultSeverity != nil }

    /// The default as `keychain-lint rules` and the JSON output print it: `error`, `warning` or `off`.
    package var defaultSettingName: String { defaultSeverity?.rawValue ?? "off" }
}
