// The public API names these types; re-exported so `import KeychainLint` is all a user needs.
@_exported import enum KeychainLintRules.Severity
@_exported import enum KeychainLintSyntax.Platform
