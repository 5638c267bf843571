# make                 release build of the keychain-lint product only
# make install         the binary into $(DESTDIR)$(PREFIX)/bin (PREFIX=/usr/local unless given)
# make uninstall       removes it again
# make release         dist/keychain-lint-VERSION-PLATFORM.tar.gz and its .sha256 (Scripts/release.sh)
# make version         the version, from ToolInfo.version (Scripts/version.sh)
# SWIFT_BUILD_FLAGS is passed to `swift build`, e.g. "--arch arm64 --arch x86_64" for a macOS
# universal binary. Build as yourself, then install with the rights $(PREFIX) needs:
#   make && sudo make install
SWIFT ?= swift
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
SWIFT_BUILD_FLAGS ?=
BUILD = $(SWIFT) build -c release --product keychain-lint $(SWIFT_BUILD_FLAGS)

.PHONY: all build install uninstall release version

all: build

build:
	$(BUILD)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(BUILD) --show-bin-path)/keychain-lint" "$(DESTDIR)$(BINDIR)/keychain-lint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/keychain-lint"

release:
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" Scripts/release.sh

version:
	@Scripts/version.sh
