#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), one subcommand each, run with the environment
# GitHub gives a composite action's steps (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT,
# GITHUB_PATH, RUNNER_TEMP, RUNNER_OS, RUNNER_ARCH) and the inputs as INPUT_* variables.
#   cache-key  the actions/cache key for the source build: OS, architecture, Swift version and a
#              hash of Package.swift and Sources/ (hashFiles cannot read the action's own folder)
#   install    builds the keychain-lint product from the action's source (or unpacks INPUT_ARCHIVE,
#              checked against INPUT_ARCHIVE_SHA256 when given); outputs `binary`
#   lint       runs KEYCHAIN_LINT in the workspace, registers the problem matcher for the xcode
#              format, writes `errors`, `warnings` (and `sarif`) outputs, and exits as INPUT_FAIL_ON says
# .ci/action-check runs the action's steps through this script for real.
set -euo pipefail

fail() { echo "::error title=keychain-lint::$*"; exit 2; }
output() { echo "$1=$2" >> "$GITHUB_OUTPUT"; }
sha256() { if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -d' ' -f1; else shasum -a 256 | cut -d' ' -f1; fi; }

cache_key() {
    cd "$GITHUB_ACTION_PATH"
    local swift_version sources
    swift_version="$(swift --version 2>/dev/null | head -n 1 | sha256 | cut -c1-12)"
    sources="$( (cat Package.swift; find Sources -type f -name '*.swift' | LC_ALL=C sort | while IFS= read -r f; do
        printf '%s\n' "$f"; cat "$f"; done) | sha256 | cut -c1-32)"
    output key "keychain-lint-${RUNNER_OS:-unknown}-${RUNNER_ARCH:-unknown}-swift-$swift_version-$sources"
}

# Sets `binary`.
install_from_archive() {
    local archive="$INPUT_ARCHIVE" file="$RUNNER_TEMP/keychain-lint-archive.tar.gz" folder="$RUNNER_TEMP/keychain-lint"
    case "$archive" in
        http://*|https://*|file://*) curl --fail --silent --show-error --location --output "$file" "$archive" ||
            fail "cannot download $archive" ;;
        /*) cp "$archive" "$file" || fail "cannot read $archive" ;;
        *) cp "$GITHUB_WORKSPACE/$archive" "$file" || fail "cannot read $archive" ;;
    esac
    if [ -n "${INPUT_ARCHIVE_SHA256:-}" ]; then
        local actual
        actual="$(sha256 < "$file")"
        [ "$actual" = "$INPUT_ARCHIVE_SHA256" ] || fail "$archive has SHA-256 $actual, expected $INPUT_ARCHIVE_SHA256"
    fi
    rm -rf "$folder" && mkdir -p "$folder"
    tar -xzf "$file" -C "$folder" || fail "$archive is not a .tar.gz archive"
    binary="$(find "$folder" -mindepth 2 -maxdepth 2 -type f -name keychain-lint | head -n 1)"
    [ -n "$binary" ] || fail "$archive holds no keychain-lint binary"
}

install() {
    binary=""
    if [ -n "${INPUT_ARCHIVE:-}" ]; then
        install_from_archive
    else
        command -v swift >/dev/null 2>&1 || fail "no Swift toolchain on the runner; give 'archive' to install a release"
        swift build -c release --product keychain-lint --package-path "$GITHUB_ACTION_PATH" >&2 ||
            fail "building keychain-lint failed"
        binary="$(swift build -c release --product keychain-lint --package-path "$GITHUB_ACTION_PATH" --show-bin-path)/keychain-lint"
    fi
    "$binary" --version || fail "$binary does not run on this runner"
    output binary "$binary"
    dirname "$binary" >> "$GITHUB_PATH"
}

lint() {
    local fail_on="${INPUT_FAIL_ON:-error}" format="${INPUT_FORMAT:-xcode}"
    case "$fail_on" in error|warning|never) ;; *) fail "fail-on must be error, warning or never, not '$fail_on'" ;; esac
    cd "$GITHUB_WORKSPACE"
    local -a arguments=(--format "$format") paths=()
    [ -z "${INPUT_CONFIG:-}" ] || arguments+=(--config "$INPUT_CONFIG")
    [ -z "${INPUT_BASELINE:-}" ] || arguments+=(--baseline "$INPUT_BASELINE")
    if [ -n "${INPUT_SARIF:-}" ]; then
        mkdir -p "$(dirname "$INPUT_SARIF")"
        arguments+=(--output "sarif=$INPUT_SARIF")
    fi
    # One path per line, so a path may hold spaces; blanks around a path and empty lines are dropped.
    local line
    while IFS= read -r line || [ -n "$line" ]; do
        line="${line#"${line%%[![:space:]]*}"}"
        line="${line%"${line##*[![:space:]]}"}"
        [ -z "$line" ] || paths+=("$line")
    done <<< "${INPUT_PATHS:-}"
    [ "${#paths[@]}" -gt 0 ] || paths=(.)

    # The matcher turns the default output's lines into annotations; `github` prints its own.
    [ "$format" != xcode ] || echo "::add-matcher::$GITHUB_ACTION_PATH/.github/keychain-lint-matcher.json"
    local summary="$RUNNER_TEMP/keychain-lint-stderr.txt" status=0
    "$KEYCHAIN_LINT" "${arguments[@]}" -- "${paths[@]}" 2> "$summary" || status=$?
    cat "$summary" >&2
    [ "$format" != xcode ] || echo "::remove-matcher owner=keychain-lint::"

    # `Linted N files: E errors, W warnings in T s` (CommandLineTool.summary).
    local counts errors=0 warnings=0
    counts="$(sed -n 's/^Linted [0-9]* files\{0,1\}: \([0-9]*\) errors\{0,1\}, \([0-9]*\) warnings\{0,1\} in .*/\1 \2/p' "$summary" | tail -n 1)"
    if [ -n "$counts" ]; then read -r errors warnings <<< "$counts"; fi
    output errors "$errors"
    output warnings "$warnings"
    [ -z "${INPUT_SARIF:-}" ] || output sarif "$INPUT_SARIF"

    [ "$status" -le 1 ] || exit "$status"   # usage error: always fails
    case "$fail_on" in
        error) exit "$status" ;;
        warning) [ "$errors" -eq 0 ] && [ "$warnings" -eq 0 ] || exit 1 ;;
        never) exit 0 ;;
    esac
}

case "${1:-}" in
    cache-key) cache_key ;;
    install) install ;;
    lint) lint ;;
    *) echo "usage: action-run.sh cache-key|install|lint" >&2; exit 2 ;;
esac
