#!/usr/bin/env bash
# The pre-commit hook's entry (.pre-commit-hooks.yaml): builds the `keychain-lint` product alone,
# once, in pre-commit's clone of this repository, then lints the files pre-commit passes.
# (`language: swift` would build every target of the package, development tools included, and
# every module a second time for the plugins: about twice the work.) pre-commit clones each
# revision afresh, so a binary found here always belongs to this checkout.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="$here/.build/release/keychain-lint"
if [ ! -x "$binary" ]; then
    command -v swift >/dev/null 2>&1 || { echo "keychain-lint hook: no 'swift' on PATH to build keychain-lint" >&2; exit 2; }
    echo "keychain-lint hook: building keychain-lint (once per revision)" >&2
    swift build -c release --product keychain-lint --package-path "$here" >&2
fi
exec "$binary" "$@"
