import KeychainLint
import KeychainLintProject
import KeychainLintRules

extension Invocation {
    /// `keychain-lint inventory`: the lint run's settings and scopes, one analysis collecting
    /// records, the items grouped and printed. Exit status 0; 1 when `--fail-on` names what the
    /// `--against` comparison finds; 2 for a usage error, an `--against` file that is missing,
    /// unreadable or not an inventory, or a path that could not be read. Lint findings never fail it.
    func inventory() -> Int32 {
        let settings: RunSettings
        do {
            settings = try RunSettings.resolve(options, defaults: defaultRules, available: availableRules, workingDirectory: workingDirectory)
        } catch {
            stderr.write("keychain-lint: error: \(error)\n")
            return ExitCode.usage
        }
        // The old inventory is read before the analysis, so a wrong path fails at once.
        var old: [InventoryComparison.Item]?
        if let against = options.inventory.against {
            switch readInventory(against, workingDirectory: workingDirectory) {
            case .success(let items): old = items
            case .failure(let message):
                stderr.write("keychain-lint: error: \(message)\n")
                return ExitCode.usage
            }
        }
        let scoped: ScopedResult
        switch ScopedLinter(settings: settings, environment: environment, workingDirectory: workingDirectory)
            .lint(options.paths, collectsInventory: true) {
        case .success(let done): scoped = done
        case .failure(let failure):
            stderr.write("keychain-lint: error: \(failure)\n")
            return ExitCode.usage
        }
        let result = scoped.result
        for problem in result.problems {
            stderr.write("keychain-lint: \(problem.kind == .warning ? "warning" : "error"): \(problem.message)\n")
        }
        if let status = LintInvocation.checkSomethingWasLinted(result, strict: options.strictFiles, stderr: stderr) { return status }
        var inventory = KeychainInventory(records: scoped.records, findings: result.findings, problems: result.problems,
                                          filesAnalysed: result.filesLinted)
        // Files named alone are analysed with their project around them; the items shown are
        // those the named files touch, with everything the project does to them.
        let reported = Set(result.lintedPaths)
        inventory.items = inventory.items.filter { $0.operations.contains { reported.contains($0.path) } }
        var inventoryOptions = options.inventory
        inventoryOptions.colors = options.color.colors(terminal: stdout.isTerminal, environment: environment)
        let (text, fails) = render(inventory, options: inventoryOptions, old: old)
        stdout.write(text)
        if !options.quiet { stderr.write(InventoryText.summary(inventory) + "\n") }
        if result.hasPathErrors { return ExitCode.usage }
        return fails ? ExitCode.errorFindings : ExitCode.success
    }

    /// The output, and whether `--fail-on` fails the comparison.
    private func render(_ inventory: KeychainInventory, options: InventoryOptions,
                        old: [InventoryComparison.Item]?) -> (text: String, fails: Bool) {
        let json = InventoryJSON.render(inventory)
        guard let old else {
            switch options.format {
            case .table: return (InventoryTable(colors: options.colors).render(inventory), false)
            case .json: return (json, false)
            case .markdown: return (InventoryText.markdown(inventory), false)
            }
        }
        // The new side goes through the JSON form too, so both sides are read by one reader.
        let new = (try? InventoryComparison.items(json: Array(json.utf8), path: "(this run)")) ?? []
        let comparison = InventoryComparison(old: old, new: new)
        let text = options.format == .json ? comparison.json() : comparison.render(markdown: options.format == .markdown)
        return (text, comparison.fails(on: options.failOn))
    }

    private func readInventory(_ path: String, workingDirectory: String?) -> Result<[InventoryComparison.Item], Message> {
        switch FileReader.read(FileDiscovery.fileSystemPath(path, workingDirectory: workingDirectory)) {
        case .failure(.system(let code)):
            return .failure(Message("cannot read --against \(path): \(FileDiscovery.describe(code))"))
        case .success(let bytes):
            do {
                return .success(try InventoryComparison.items(json: bytes, path: path))
            } catch {
                return .failure(Message(error.description))
            }
        }
    }

    /// A message as an error, for `Result`.
    struct Message: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
