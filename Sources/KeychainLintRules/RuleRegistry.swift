/// Every rule keychain-lint ships, in the order `keychain-lint rules` lists them.
package enum RuleRegistry {
    package static let all: [any Rule.Type] = [
        GenericPasswordWebLogin.self,
        IdentityAdd.self,
        AccessGroupTeamID.self,
        SyncThisDeviceOnly.self,
        CertificateApplicationTag.self,
        MissingDataProtectionKeychain.self,
        KeyQueryMissingKeyType.self,
        KeyQueryMissingKeyClass.self,
        KeyGenerationMissingAttribute.self,
        InternetPasswordInvalidAttribute.self,
        GenericPasswordMissingPrimaryKey.self,
        RawKeyDataAdd.self,
        AccessGroupUpdate.self,
        BroadDelete.self,
        MissingAccessibility.self,
        DeprecatedAccessibility.self,
        ApplicationLabelString.self,
        AppGroupOnMacOS.self,
        UnhandledDuplicateItem.self,
        SyncQueryMissingSynchronizable.self,
        EntitlementAccessGroupPrefix.self,
        AccessGroupNotEntitled.self,
        SuperfluousSuppression.self,
        InvalidSuppression.self,
    ]

    package static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}
