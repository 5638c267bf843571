# make                 release build of the keychain-lint product only
# make install         the binary into $(DESTDIR)$(PREFIX)/bin (PREFIX=/usr/local unless given)
# make uninstall       removes it again
# make release         dist/keychain-lint-VERSION-PLATFORM.tar.gz and its .sha256 (Scripts/release.sh)
# make version         the version, from ToolInfo.version (Scripts/version.sh)
# make binary          build, then print the path of the binary `make install` installs
# SWIFT_BUILD_FLAGS is passed to `swift build`, e.g. "--arch arm64 --arch x86_64" for a macOS
# universal binary. Build as yourself, then install with the rights $(PREFIX) needs:
#   make && sudo make install
SWIFT ?= swift
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
SWIFT_BUILD_FLAGS ?=
# The binary users install, built once for `make install`, `make release` and the benchmarks in a
# folder of its own (other flags would rebuild every module of the ordinary `.build/release`). On
# Linux the Swift runtime and Foundation are linked in: it runs without a toolchain, starts in
# about half the time and costs about a third less CPU on real code (docs/PERFORMANCE.md).
STATIC_STDLIB := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
BUILD = $(SWIFT) build -c release --product keychain-lint --scratch-path .build/install $(STATIC_STDLIB) $(SWIFT_BUILD_FLAGS)

.PHONY: all build binary install uninstall release version

all: build

build:
	$(BUILD)

# Builds, then prints the binary's path (the benchmarks measure this binary).
binary: build
	@echo "$$($(BUILD) --show-bin-path)/keychain-lint"

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(BUILD) --show-bin-path)/keychain-lint" "$(DESTDIR)$(BINDIR)/keychain-lint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/keychain-lint"

release:
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" Scripts/release.sh

version:
	@Scripts/version.sh
