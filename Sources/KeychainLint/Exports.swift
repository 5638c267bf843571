// The public API names these types; re-exported so `import KeychainLint` is all a user needs.
@_exported import enum KeychainLintRules.Severity
@_exported import enum KeychainLintSyntax.Platform
@_exported import struct KeychainLintRules.Fix
@_exported import struct KeychainLintRules.TextEdit
@_exported import struct KeychainLintRules.SourcePosition
