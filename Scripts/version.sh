#!/usr/bin/env bash
# Prints the version, read from its one source of truth: `ToolInfo.version` in
# Sources/KeychainLint/ToolInfo.swift (what `keychain-lint --version` and SARIF print).
set -euo pipefail
file="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/Sources/KeychainLint/ToolInfo.swift"
version="$(sed -n 's/^ *package static let version = "\([^"]*\)".*$/\1/p' "$file")"
if [ -z "$version" ] || [ "$(printf '%s\n' "$version" | wc -l)" -ne 1 ]; then
    echo "version.sh: cannot read 'package static let version = \"…\"' from $file" >&2
    exit 1
fi
printf '%s\n' "$version"
