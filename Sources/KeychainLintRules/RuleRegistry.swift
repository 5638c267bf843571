/// Every rule keychain-lint ships, in the order `keychain-lint rules` lists them.
package enum RuleRegistry {
    package static let all: [any Rule.Type] = [
        GenericPasswordWebLogin.self,
        IdentityAdd.self,
        AccessGroupTeamID.self,
        SyncThisDeviceOnly.self,
        CertificateApplicationTag.self,
        MissingDataProtectionKeychain.self,
    ]

    package static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}
