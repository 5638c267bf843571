#!/usr/bin/env bash
# Builds the release archive: dist/keychain-lint-VERSION-PLATFORM.tar.gz holding the
# `keychain-lint` binary, README.md, LICENSE and the GitHub problem matcher in one folder, and
# dist/keychain-lint-VERSION-PLATFORM.tar.gz.sha256 (`sha256sum -c` / `shasum -a 256 -c` format).
#
# VERSION comes from Scripts/version.sh (ToolInfo.version); the built binary's `--version` must
# print the same, or nothing is written. PLATFORM is `uname -s`-`uname -m` in lower case
# (linux-x86_64, darwin-arm64) unless PLATFORM is set. SWIFT_BUILD_FLAGS is passed to
# `swift build`; a macOS universal binary (arm64 + x86_64, needs Xcode's toolchain):
#   SWIFT_BUILD_FLAGS="--arch arm64 --arch x86_64" PLATFORM=macos-universal Scripts/release.sh
# DIST (default: dist) is the output folder. The build is `make binary`'s, in .build/install.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"

fail() { echo "release.sh: error: $*" >&2; exit 1; }

version="$(Scripts/version.sh)"
files=(README.md LICENSE .github/keychain-lint-matcher.json)
for f in "${files[@]}"; do
    [ -f "$f" ] || fail "$f is missing; the archive must ship it"
done

platform="${PLATFORM:-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)}"
# The binary `make install` installs, from the same build (the Makefile's flags: its own build
# folder; on Linux the Swift runtime and Foundation linked in, so it runs without a toolchain).
binary="$(make -s binary SWIFT_BUILD_FLAGS="${SWIFT_BUILD_FLAGS:-}" | tail -n 1)"
[ -x "$binary" ] || fail "no binary at $binary"
reported="$("$binary" --version)"
[ "$reported" = "keychain-lint $version" ] || fail "the binary says '$reported', the sources say $version"

name="keychain-lint-$version-$platform"
dist="${DIST:-dist}"
mkdir -p "$dist"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
cp "$binary" "$stage/$name/keychain-lint"
cp README.md LICENSE "$stage/$name/"
cp .github/keychain-lint-matcher.json "$stage/$name/"
# Sorted names, no owner or time of the build machine: the same inputs give the same listing.
if tar --version 2>/dev/null | grep -q "GNU tar"; then
    ownership=(--no-recursion --owner=0 --group=0 --numeric-owner)
else
    ownership=(-n --uid 0 --gid 0 --numeric-owner)   # bsdtar (macOS)
fi
(cd "$stage" && find "$name" -print | LC_ALL=C sort > list && tar -cf - "${ownership[@]}" -T list) |
    gzip -n -9 > "$dist/$name.tar.gz"
(cd "$dist" && if command -v sha256sum >/dev/null 2>&1; then sha256sum "$name.tar.gz"; else shasum -a 256 "$name.tar.gz"; fi) > "$dist/$name.tar.gz.sha256"
echo "$dist/$name.tar.gz"
echo "$dist/$name.tar.gz.sha256"
