/// The second level: a computed property whose body is one call, an implicit return.
final class VaultStore {
    let vaultService = VaultService()
    var vaultQuery: [String: Any] { vaultService.makeQuery() }
}
