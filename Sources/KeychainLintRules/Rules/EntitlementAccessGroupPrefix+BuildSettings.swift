import KeychainLintModel

/// Judging an entry that starts with a build setting through what the project defines it as
/// (`EntitlementsFile.Group.expansion`, filled by the project reader).
extension EntitlementAccessGroupPrefix {
    /// Settings Xcode defines whose value never starts with a Team ID (Apple's build settings
    /// reference): an entry that starts with one is wrong whatever the project sets it to, unless
    /// the project's own definition starts with a Team ID.
    static let settingsWithoutTeamID: Set<String> = [
        "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME", "TARGET_NAME", "PRODUCT_MODULE_NAME", "EXECUTABLE_NAME",
        "FULL_PRODUCT_NAME", "PROJECT_NAME", "WRAPPER_NAME", "CONFIGURATION",
    ]

    /// The finding's message when the entry is wrong; nil when it is right or unknown.
    static func problem(with group: EntitlementsFile.Group) -> String? {
        let value = group.value
        if startsRight(value) { return nil }
        guard let leading = BuildValue.leadingReference(value) else { return plainMessage(value) }
        guard let expansion = group.expansion else {
            // Not expanded (no project read): only a setting known never to start with a Team ID is wrong.
            return leading.name.map(settingsWithoutTeamID.contains) == true ? plainMessage(value) : nil
        }
        for alternative in expansion.alternatives where !startsRight(alternative.text) {
            let unresolved = BuildValue.leadingReference(alternative.text)
            let neverTeamID = (alternative.leadingVariables + [unresolved?.name].compactMap { $0 }).contains(where: settingsWithoutTeamID.contains)
            // Still starting with a setting nobody defines: unknown, unless it is one that never holds a Team ID.
            guard neverTeamID || unresolved == nil else { continue }
            guard let definedAt = alternative.definedAt else { return plainMessage(value) }
            let shown = alternative.text.isEmpty ? "an empty value" : alternative.text
            return "Keychain access group \(leading.raw) expands to \(shown) (\(definedAt)), without the Team ID prefix; "
                + "the entitlement names a group the app is not allowed. Start the setting's value with $(AppIdentifierPrefix) or the Team ID."
        }
        return nil
    }

    /// Starts with a Team ID, or with a variable the provisioning profile fills with one; or is
    /// the token group, which carries none.
    private static func startsRight(_ text: String) -> Bool {
        if AccessGroup.startsWithTeamID(text) || text == AccessGroup.token { return true }
        return BuildValue.leadingReference(text)?.name.map(BuildValue.teamPrefixVariables.contains) ?? false
    }

    private static func plainMessage(_ value: String) -> String {
        "Keychain access group without the Team ID prefix; the entitlement names a group the app is not allowed. Write $(AppIdentifierPrefix)\(value)."
    }
}
