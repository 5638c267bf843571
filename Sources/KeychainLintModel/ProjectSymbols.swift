/// Names collected from other files of the project that one file's extraction can use:
/// aliases of `kSec…` keys and values, string constants, aliases of Security functions,
/// and dictionaries built by helpers. Filled by a project-wide first pass; a file's own
/// declarations always shadow these.
package struct ProjectSymbols: Sendable {
    /// Name → value, for names declared once in the tree (`Class` → `.symbol("kSecClass")`).
    package var constants: [String: KeychainValue]
    /// Name → operation, for stored references to Security functions (`secItemAdd` → `.add`).
    package var functionAliases: [String: KeychainOperation]
    /// Helper name → the entries of the dictionary it returns.
    package var helpers: [String: [KeychainEntry]]

    package init(constants: [String: KeychainValue] = [:], functionAliases: [String: KeychainOperation] = [:], helpers: [String: [KeychainEntry]] = [:]) {
        self.constants = constants
        self.functionAliases = functionAliases
        self.helpers = helpers
    }

    package static let empty = ProjectSymbols()
}
