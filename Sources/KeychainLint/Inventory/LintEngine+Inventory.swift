import KeychainLintProject

extension LintEngine {
    /// The keychain items the code at `paths` adds, reads, updates and deletes, from the same
    /// analysis `lint(_:overlays:)` makes: same discovery, platforms, entitlements and cross-file
    /// passes, and the item's findings are the ones that run reports at its operations.
    ///
    /// ```swift
    /// let inventory = try LintEngine().inventory(["Sources"])
    /// for item in inventory.items { print(item.identity.service?.text ?? "-", item.operations.count) }
    /// ```
    public func inventory(_ paths: [String], overlays: [String: String] = [:]) -> KeychainInventory {
        let found = discover(paths, overlays: overlays)
        var inventory = inventory(found: found.targets, paths: paths, overlays: found.buffers, folders: found.folders)
        inventory.problems = found.problems + inventory.problems
        return inventory
    }

    /// The inventory of files already found (the command line's configuration scopes), as
    /// `lint(found:paths:overlays:folders:)` lints them.
    package func inventory(found targets: [LintTarget], paths: [String], overlays: [String: [UInt8]] = [:],
                           folders: FolderCatalog = FolderCatalog()) -> KeychainInventory {
        let run = inventoryRun(found: targets, paths: paths, overlays: overlays, folders: folders)
        return KeychainInventory(records: run.records, findings: run.result.findings, problems: run.result.problems,
                                 filesAnalysed: run.result.filesLinted)
    }

    /// The lint result and the records, for callers that merge several scopes before grouping.
    package func inventoryRun(found targets: [LintTarget], paths: [String], overlays: [String: [UInt8]] = [:],
                              folders: FolderCatalog = FolderCatalog()) -> (result: LintResult, records: [InventoryRecord]) {
        var collecting = linter
        collecting.collectsInventory = true
        let run = analyse(found: targets, paths: paths, overlays: overlays, folders: folders, linter: collecting)
        return (run.result, run.inventory)
    }
}
