/// Calls through a stored reference to a Security function (`var store: StoreFunction = SecItemAdd`,
/// kept so tests can replace it). Its name is one apps give their own methods too (Auth0's
/// `credentialsManager.store(credentials:)`, `storage.store(transaction)`): what the call looks
/// like tells them apart, since Swift calls a function value only one way.
extension DictionaryExtractor {
    /// Whether the call whose `(` is at `open` can be a call of a function value: no argument
    /// labels, and every argument passed — a closure has neither labels nor defaults.
    /// `store(credentials: c)` or `store(transaction)` is not `SecItemAdd` through `store`.
    func callsFunctionValue(open: Int, arguments count: Int) -> Bool {
        let arguments = code.elements(of: open)
        guard arguments.count == count else { return false }
        return !arguments.contains { code.label(of: $0) != nil }
    }
}
