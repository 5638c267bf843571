import KeychainLintRules
// STUB for helper C
package protocol Reporter {}
