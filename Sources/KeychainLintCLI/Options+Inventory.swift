/// `keychain-lint inventory [options] [PATH…]`: the lint run's discovery options (paths,
/// `--config`, `--platform`, `--enable`/`--disable`/`--only`, `--force-exclude`,
/// `--strict-files`, `--quiet`) plus its own `--format` and `--against`.
package struct InventoryOptions: Equatable {
    package enum Format: String, Equatable, CaseIterable {
        case table, json, markdown
    }

    /// `--fail-on`: what a comparison with `--against` exits 1 for (by default it exits 0).
    package enum FailOn: String, Equatable, CaseIterable {
        /// A matched item's protection weakens (synchronizable, weaker accessibility, file-based keychain).
        case weaker
        /// That, or an item is added.
        case added
        /// Any item added, removed or changed.
        case any
    }

    /// The table everywhere by default, not JSON when stdout is a pipe: a script that reads the
    /// table would otherwise get another format than the person who tried the command.
    package var format = Format.table
    /// `--against OLD.json`: print what changed since that inventory instead of the inventory.
    package var against: String?
    /// `--fail-on weaker|added|any`, only with `--against`.
    package var failOn: FailOn?
    /// Whether the table is coloured (`--color`, `NO_COLOR`, a terminal), decided by the invocation.
    var colors = false

    package init() {}
}

extension Options {
    /// Splits out `inventory`'s own options, parses the rest as a lint run's, and refuses the lint
    /// options that write or filter findings (`--fix`, baselines, `--output`, …): an inventory
    /// changes no file and hides nothing.
    static func parseInventory(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var own = InventoryOptions()
        var rest: [String] = []
        var args = arguments[...]
        var onlyPaths = false
        while let arg = args.popFirst() {
            if onlyPaths { rest.append(arg); continue }
            switch arg {
            case "--": onlyPaths = true; rest.append(arg)
            case "-h", "--help":
                var options = Options()
                options.action = .inventoryHelp
                return options
            case "--format", "--against", "--fail-on":
                guard let value = args.popFirst(), !value.isEmpty else { throw .missingValue(arg) }
                try own.set(arg, to: value)
            case _ where arg.hasPrefix("--format=") || arg.hasPrefix("--against=") || arg.hasPrefix("--fail-on="):
                let eq = arg.firstIndex(of: "=")!
                let value = String(arg[arg.index(after: eq)...])
                if value.isEmpty { throw .missingValue(String(arg[..<eq])) }
                try own.set(String(arg[..<eq]), to: value)
            default: rest.append(arg)
            }
        }
        var options = try parseLint(rest)
        let refused: [(Bool, String)] = [
            (options.fix, "--fix"), (options.diff, "--diff"), (options.unsafeFixes, "--unsafe-fixes"),
            (options.writeBaselinePath != nil, "--write-baseline"), (options.baselinePath != nil, "--baseline"),
            (!options.outputs.isEmpty, "--output"), (options.buildStamp != nil, "--build-stamp"),
            (options.stdinFilename != nil, "--stdin-filename"), (options.strict, "--strict"),
        ]
        if let (_, name) = refused.first(where: \.0) { throw .notTakenBy(command: "inventory", argument: name) }
        if own.failOn != nil && own.against == nil { throw .inventoryFailOnWithoutAgainst }
        options.action = .inventory
        options.inventory = own
        return options
    }
}

extension InventoryOptions {
    fileprivate mutating func set(_ name: String, to value: String) throws(UsageError) {
        if name == "--against" {
            against = value
            return
        }
        if name == "--fail-on" {
            guard let level = FailOn(rawValue: value) else { throw .unsupportedInventoryFailOn(value) }
            failOn = level
            return
        }
        guard let chosen = Format(rawValue: value) else { throw .unsupportedInventoryFormat(value) }
        format = chosen
    }
}

extension Options {
    /// `keychain-lint inventory --help`.
    package static var inventoryUsage: String {
        """
        OVERVIEW: Lists the keychain items the code adds, reads, updates and deletes,
        each once, with the protection each add gives it and the lint findings at its
        operations.

        USAGE: keychain-lint inventory [options] [PATH ...]

          Finds files as a lint run does (same configuration, platforms, include and
          exclude) and runs the same analysis: an item a helper in one file builds and
          another file reads is one item. A value the code computes is shown as the
          expression it comes from, in backquotes, and listed as unresolved.

        OPTIONS:
          --format <format>      table (default: aligned columns, coloured on a
                                 terminal unless NO_COLOR or --color never; long
                                 values cut with …), json (stable field names, full
                                 values, see docs/INVENTORY.md) or markdown (a
                                 review document).
          --against <old.json>   Print the items added and removed since that inventory
                                 (made with --format json) and the protections that
                                 changed: became synchronizable, weaker accessibility,
                                 file-based keychain on macOS.
          --fail-on <what>       With --against: exit 1 when the comparison finds
                                 weaker (a matched item became synchronizable, got a
                                 weaker accessibility or may go to the file-based
                                 keychain), added (that, or a new item) or any
                                 (anything added, removed or changed). Without it a
                                 comparison exits 0, whatever it finds.
          --color, --platform, --config, --enable, --disable, --only,
          --force-exclude, --strict-files, -q/--quiet
                                 As for a lint run ('keychain-lint --help').
          -h, --help             Show this help.

        Exit status: 0; 1 when --fail-on is given and the comparison finds what it
        names; 2 for a usage error, an --against file that is missing, unreadable or
        not an inventory, or a path that cannot be read. Lint findings do not change
        it; run the lint for that.

        """
    }
}
