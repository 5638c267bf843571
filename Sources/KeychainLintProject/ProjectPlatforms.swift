import KeychainLintSyntax
import KeychainLintModel
import Foundation

/// Finds the platforms a file's project builds for, from the nearest project file above it.
/// Caches per directory: a tree of thousands of files reads each project file once.
/// Thread-safe: the CLI lints files in parallel.
///
/// The project file that decides is the nearest `Package.swift` or `*.xcodeproj` in the file's folder
/// or an ancestor (both at one level: their union). Only when neither exists anywhere up to `/` does the
/// nearest `Podfile` / `*.podspec` that names a platform decide. Otherwise `.all` (macOS assumed possible).
package final class ProjectPlatformResolver: @unchecked Sendable {
    /// What a directory's walk upward found.
    private enum Decision {
        /// A `Package.swift` or `.xcodeproj` in this directory or an ancestor.
        case project(PlatformSet)
        /// No such project up to `/`; the nearest CocoaPods file that names platforms, if any.
        case noProject(pods: PlatformSet?)

        var platforms: PlatformSet {
            switch self {
            case .project(let set): return set
            case .noProject(let pods): return pods ?? .all
            }
        }
    }

    /// The project-relevant entries of one directory.
    private struct Listing {
        var packageManifest = false
        var xcodeprojs: [String] = []
        var podfile = false
        var podspecs: [String] = []

        var hasProject: Bool { packageManifest || !xcodeprojs.isEmpty }
        var hasPods: Bool { podfile || !podspecs.isEmpty }
    }

    private let lock = NSLock()
    private var cache: [String: Decision] = [:]
    /// By a file's folder as the caller spelled it: the files of one folder are asked about one
    /// after another, and standardising every path costs more than the answer.
    private var byFolderAsGiven: [Substring: PlatformSet] = [:]
    private var reads = 0
    private let currentDirectory: String?

    package init() {
        currentDirectory = nil
    }

    /// Resolves relative paths against `currentDirectory` instead of the process's current directory.
    package init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
    }

    /// How many project files (manifests, `project.pbxproj`, Podfiles, podspecs) have been read so far.
    package var projectFileReads: Int {
        lock.lock(); defer { lock.unlock() }
        return reads
    }

    /// The platforms for the file at `path` (relative to the current directory or absolute).
    /// `.all` when no project file says.
    package func platforms(forFileAt path: String) -> PlatformSet {
        let folder = path.utf8.lastIndex(of: 0x2F).map { path[..<$0] } ?? ""
        lock.lock()
        let known = byFolderAsGiven[folder]
        lock.unlock()
        if let known { return known }
        let cwd = currentDirectory ?? FileManager.default.currentDirectoryPath
        let file = Self.standardise(path, relativeTo: cwd)
        let found = platforms(forDirectory: Self.parent(of: file))
        lock.lock()
        byFolderAsGiven[folder] = found
        lock.unlock()
        return found
    }

    private func platforms(forDirectory directory: String) -> PlatformSet {
        // Held across the file reads, so concurrent callers never read one project file twice.
        lock.lock(); defer { lock.unlock() }

        var chain: [(directory: String, listing: Listing)] = []
        var current = directory
        var base: Decision
        while true {
            if let cached = cache[current] {
                base = cached
                break
            }
            let listing = Self.list(current)
            if listing.hasProject {
                base = .project(readProject(in: current, listing))
                cache[current] = base
                break
            }
            chain.append((current, listing))
            if current == "/" {
                base = .noProject(pods: nil)
                break
            }
            current = Self.parent(of: current)
        }
        // Top down: a nearer CocoaPods file overrides a farther one, but only when no project was found.
        for (dir, listing) in chain.reversed() {
            if case .noProject(let farther) = base, listing.hasPods {
                base = .noProject(pods: readPods(in: dir, listing) ?? farther)
            }
            cache[dir] = base
        }
        return base.platforms
    }

    // MARK: Reading one level

    private func readProject(in directory: String, _ listing: Listing) -> PlatformSet {
        var contributions: [PlatformSet] = []
        if listing.packageManifest, let text = read(Self.join(directory, "Package.swift")) {
            contributions.append(Self.packagePlatforms(manifest: text))
        }
        for project in listing.xcodeprojs {
            if let text = read(Self.join(Self.join(directory, project), "project.pbxproj")) {
                contributions.append(Self.pbxprojPlatforms(text) ?? .all)
            }
        }
        // Unreadable project files are skipped; a level with nothing readable still decides, as `.all`.
        guard !contributions.isEmpty else { return .all }
        return contributions.reduce(PlatformSet()) { $0.union($1) }
    }

    private func readPods(in directory: String, _ listing: Listing) -> PlatformSet? {
        var found = PlatformSet()
        if listing.podfile, let text = read(Self.join(directory, "Podfile")) {
            found.formUnion(Self.podfilePlatforms(text))
        }
        for spec in listing.podspecs {
            guard let text = read(Self.join(directory, spec)) else { continue }
            if spec.hasSuffix(".json") {
                found.formUnion(Self.podspecJSONPlatforms(text))
            } else {
                found.formUnion(Self.podspecPlatforms(text))
            }
        }
        return found.isEmpty ? nil : found
    }

    private func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        reads += 1
        return String(decoding: data, as: UTF8.self)
    }

    private static func list(_ directory: String) -> Listing {
        var listing = Listing()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return listing }
        for name in names.sorted() {
            if name == "Package.swift" {
                listing.packageManifest = true
            } else if name.hasSuffix(".xcodeproj") {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: join(directory, name), isDirectory: &isDirectory), isDirectory.boolValue {
                    listing.xcodeprojs.append(name)
                }
            } else if name == "Podfile" {
                listing.podfile = true
            } else if name.hasSuffix(".podspec") || name.hasSuffix(".podspec.json") {
                listing.podspecs.append(name)
            }
        }
        return listing
    }

    // MARK: Paths

    /// An absolute path with `.`, `..` and repeated slashes removed. Pure string work: symlinks are not followed.
    package static func standardise(_ path: String, relativeTo directory: String) -> String {
        // Every linted file passes here: an ASCII path is split on its bytes, the same as on its
        // characters and without breaking it into grapheme clusters (or joining it to the directory).
        if isASCII(path) && isASCII(directory) {
            return standardisedASCII(path.utf8.first == UInt8(ascii: "/") ? [path] : [directory, path])
        }
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for component in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(component)
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }

    /// `standardise` for the ASCII path the pieces make joined by `/`, in one pass over their bytes.
    private static func standardisedASCII(_ pieces: [String]) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count + 1 })
        /// Where each kept component's `/` sits in `out`, so `..` can drop the last one.
        var starts: [Int] = []
        for piece in pieces {
            var piece = piece
            piece.withUTF8 { bytes in
                var i = 0
                while i < bytes.count {
                    if bytes[i] == slash {
                        i += 1
                        continue
                    }
                    var end = i
                    while end < bytes.count && bytes[end] != slash { end += 1 }
                    let length = end - i
                    if length == 1 && bytes[i] == dot {
                        // `.`: nothing
                    } else if length == 2 && bytes[i] == dot && bytes[i + 1] == dot {
                        if let start = starts.popLast() { out.removeSubrange(start...) }
                    } else {
                        starts.append(out.count)
                        out.append(slash)
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
                    }
                    i = end
                }
            }
        }
        return out.isEmpty ? "/" : String(decoding: out, as: UTF8.self)
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The parent of a standardised absolute path; `/` is its own parent.
    package static func parent(of path: String) -> String {
        // An ASCII path's last `/` is found on its bytes (the same index), without grapheme breaking.
        let last = isASCII(path) ? path.utf8.lastIndex(of: UInt8(ascii: "/")) : path.lastIndex(of: "/")
        guard let slash = last, path != "/" else { return "/" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    // MARK: Package.swift

    /// The platforms a `Package.swift` names in `platforms: [ … ]`; `.all` when it has no such list
    /// (or the list names no Apple platform). `.macCatalyst` counts as iOS.
    /// `platforms:` inside `.when(…)` (target conditions) does not count.
    package static func packagePlatforms(manifest text: String) -> PlatformSet {
        let code = blankCommentsAndStrings(Array(text.utf8))
        var found = PlatformSet()
        var openers: [(byte: UInt8, callee: String?)] = []
        var previousIdentifier: String?   // the identifier just before the current byte, whitespace aside
        var i = 0
        let n = code.count
        while i < n {
            let c = code[i]
            if isIdentifierByte(c), !(c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
                var j = i + 1
                while j < n, isIdentifierByte(code[j]) { j += 1 }
                let word = String(decoding: code[i..<j], as: UTF8.self)
                i = j
                if word == "platforms", openers.last?.callee != "when" {
                    var k = skipSpaces(code, i)
                    if k < n, code[k] == UInt8(ascii: ":") || (code[k] == UInt8(ascii: "=") && (k + 1 >= n || code[k + 1] != UInt8(ascii: "="))) {
                        k = skipSpaces(code, k + 1)
                        // `platforms: [ … ]`, or `let platforms: [SupportedPlatform] = [ … ]`.
                        while k < n, code[k] == UInt8(ascii: "[") {
                            let end = matchingBracket(code, k)
                            found.formUnion(platformEntries(code[(k + 1)..<end]))
                            k = skipSpaces(code, min(end + 1, n))
                            guard k < n, code[k] == UInt8(ascii: "="), k + 1 >= n || code[k + 1] != UInt8(ascii: "=") else { break }
                            k = skipSpaces(code, k + 1)
                        }
                        i = max(i, k)
                        previousIdentifier = nil
                        continue
                    }
                }
                previousIdentifier = word
                continue
            }
            switch c {
            case UInt8(ascii: "("):
                openers.append((c, previousIdentifier))
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                openers.append((c, nil))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if !openers.isEmpty { openers.removeLast() }
            default:
                break
            }
            if !isSpace(c) { previousIdentifier = nil }
            i += 1
        }
        return found.isEmpty ? .all : found
    }

    /// `.macOS`, `.iOS`, … entries (`.name` with a platform name) in the text of a `platforms:` list.
    private static func platformEntries(_ code: ArraySlice<UInt8>) -> PlatformSet {
        var found = PlatformSet()
        var i = code.startIndex
        while i < code.endIndex {
            guard code[i] == UInt8(ascii: ".") else { i += 1; continue }
            var j = i + 1
            while j < code.endIndex, isIdentifierByte(code[j]) { j += 1 }
            switch String(decoding: code[(i + 1)..<j], as: UTF8.self) {
            case "macOS": found.insert(.macOS)
            case "iOS", "macCatalyst": found.insert(.iOS)
            case "tvOS": found.insert(.tvOS)
            case "watchOS": found.insert(.watchOS)
            case "visionOS": found.insert(.visionOS)
            default: break
            }
            i = max(j, i + 1)
        }
        return found
    }

    /// Swift source with comments (nested block comments too) and string-literal contents replaced by spaces,
    /// so brackets and `//` inside strings do not confuse the scan. Quotes are kept.
    private static func blankCommentsAndStrings(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let n = bytes.count
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var i = 0
        func blank(_ range: Range<Int>) {
            for k in range where out[k] != 0x0A { out[k] = 0x20 }
        }
        while i < n {
            let c = bytes[i]
            if c == slash, i + 1 < n, bytes[i + 1] == slash {
                var j = i
                while j < n, bytes[j] != 0x0A { j += 1 }
                blank(i..<j); i = j
            } else if c == slash, i + 1 < n, bytes[i + 1] == star {
                var depth = 1
                var j = i + 2
                while j < n, depth > 0 {
                    if bytes[j] == slash, j + 1 < n, bytes[j + 1] == star { depth += 1; j += 2 }
                    else if bytes[j] == star, j + 1 < n, bytes[j + 1] == slash { depth -= 1; j += 2 }
                    else { j += 1 }
                }
                blank(i..<min(j, n)); i = j
            } else if c == quote {
                let multiline = i + 2 < n && bytes[i + 1] == quote && bytes[i + 2] == quote
                var j = i + (multiline ? 3 : 1)
                while j < n {
                    if bytes[j] == backslash { j += 2; continue }
                    if multiline {
                        if bytes[j] == quote, j + 2 < n, bytes[j + 1] == quote, bytes[j + 2] == quote { break }
                    } else if bytes[j] == quote || bytes[j] == 0x0A {
                        break
                    }
                    j += 1
                }
                let start = i + (multiline ? 3 : 1)
                let end = min(j, n)
                if start < end { blank(start..<end) }
                i = min(end + (multiline ? 3 : 1), n)
            } else {
                i += 1
            }
        }
        return out
    }

    /// The index of the `]` closing the `[` at `start`, or the end of `code`.
    private static func matchingBracket(_ code: [UInt8], _ start: Int) -> Int {
        var depth = 0
        var i = start
        while i < code.count {
            if code[i] == UInt8(ascii: "[") { depth += 1 }
            else if code[i] == UInt8(ascii: "]") { depth -= 1; if depth == 0 { return i } }
            i += 1
        }
        return code.count
    }

    // MARK: project.pbxproj

    /// The union of every `SDKROOT` and `SUPPORTED_PLATFORMS` value in a `project.pbxproj`;
    /// nil when it names no Apple platform. `SUPPORTS_MACCATALYST` is not read: it does not make code native macOS.
    package static func pbxprojPlatforms(_ text: String) -> PlatformSet? {
        let bytes = Array(text.utf8)
        var found = PlatformSet()
        for key in ["SDKROOT", "SUPPORTED_PLATFORMS"] {
            for value in settingValues(bytes, key: Array(key.utf8)) {
                for word in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                    if let platform = sdkPlatform(String(word)) { found.insert(PlatformSet(platform)) }
                }
            }
        }
        return found.isEmpty ? nil : found
    }

    /// The values of `KEY = value;` / `KEY = "v a l";` / `"KEY" = …;` (not `KEY[sdk=…]`).
    private static func settingValues(_ bytes: [UInt8], key: [UInt8]) -> [String] {
        var values: [String] = []
        let n = bytes.count
        var i = 0
        while i + key.count <= n {
            guard bytes[i] == key[0], bytes[i..<(i + key.count)].elementsEqual(key),
                  i == 0 || !isIdentifierByte(bytes[i - 1]) else { i += 1; continue }
            var k = i + key.count
            if k < n, isIdentifierByte(bytes[k]) { i = k; continue }
            if k < n, bytes[k] == UInt8(ascii: "\""), i > 0, bytes[i - 1] == UInt8(ascii: "\"") { k += 1 }
            k = skipSpaces(bytes, k)
            guard k < n, bytes[k] == UInt8(ascii: "=") else { i = k; continue }
            k = skipSpaces(bytes, k + 1)
            var end = k
            if k < n, bytes[k] == UInt8(ascii: "\"") {
                k += 1
                end = k
                while end < n, bytes[end] != UInt8(ascii: "\""), bytes[end] != 0x0A { end += 1 }
            } else {
                while end < n, bytes[end] != UInt8(ascii: ";"), !isSpace(bytes[end]) { end += 1 }
            }
            values.append(String(decoding: bytes[k..<end], as: UTF8.self))
            i = max(end, i + 1)
        }
        return values
    }

    /// `iphoneos`, `iphonesimulator`, `macosx`, `appletvos`, `watchos`, `xros`, … (a version suffix allowed).
    private static func sdkPlatform(_ word: String) -> Platform? {
        let w = word.lowercased()
        if w.hasPrefix("iphoneos") || w.hasPrefix("iphonesimulator") { return .iOS }
        if w.hasPrefix("macosx") { return .macOS }
        if w.hasPrefix("appletvos") || w.hasPrefix("appletvsimulator") { return .tvOS }
        if w.hasPrefix("watchos") || w.hasPrefix("watchsimulator") { return .watchOS }
        if w.hasPrefix("xros") || w.hasPrefix("xrsimulator") || w.hasPrefix("visionos") { return .visionOS }
        return nil
    }

    // MARK: CocoaPods

    /// The platforms of every `platform :name[, 'version']` line of a `Podfile` (empty when none).
    package static func podfilePlatforms(_ text: String) -> PlatformSet {
        var found = PlatformSet()
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = stripRubyComment(String(rawLine)).trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("platform") else { continue }
            let rest = line.dropFirst("platform".count)
            guard let first = rest.first, first == " " || first == "\t" || first == "(" else { continue }
            if let symbol = rubySymbols(String(rest)).first, let platform = podPlatform(symbol) {
                found.insert(PlatformSet(platform))
            }
        }
        return found
    }

    /// The platforms a Ruby podspec names: `s.platform = :ios, "12.0"`, `s.platforms = { :ios => "13.0", osx: "10.15" }`
    /// (a hash may span lines), and `s.ios.deployment_target = …` for each platform (empty when none).
    package static func podspecPlatforms(_ text: String) -> PlatformSet {
        var found = PlatformSet()
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { stripRubyComment(String($0)) }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            // `<var>.<platform>.deployment_target`
            var searchStart = line.startIndex
            while let range = line.range(of: ".deployment_target", range: searchStart..<line.endIndex) {
                let before = line[..<range.lowerBound]
                let word = before.reversed().prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                if before.dropLast(word.count).last == ".", let platform = podPlatform(String(word.reversed())) {
                    found.insert(PlatformSet(platform))
                }
                searchStart = range.upperBound
            }
            // `<var>.platform = …` / `<var>.platforms = …`
            guard let range = line.range(of: ".platform") else { continue }
            var rest = line[range.upperBound...]
            if rest.first == "s" { rest = rest.dropFirst() }
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
            guard rest.first == "=", rest.dropFirst().first != "=" else { continue }
            var value = String(rest.dropFirst())
            if value.contains("{") {
                while !value.contains("}"), index < lines.count {
                    value += " " + lines[index]
                    index += 1
                }
            }
            for word in platformWords(value) {
                if let platform = podPlatform(word) { found.insert(PlatformSet(platform)) }
            }
        }
        return found
    }

    /// The keys of a JSON podspec's `platforms` object.
    package static func podspecJSONPlatforms(_ text: String) -> PlatformSet {
        var found = PlatformSet()
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let platforms = object["platforms"] as? [String: Any] else { return found }
        for key in platforms.keys {
            if let platform = podPlatform(key) { found.insert(PlatformSet(platform)) }
        }
        return found
    }

    private static func podPlatform(_ name: String) -> Platform? {
        switch name.lowercased() {
        case "ios": return .iOS
        case "osx", "macos": return .macOS
        case "tvos": return .tvOS
        case "watchos": return .watchOS
        case "visionos", "xros": return .visionOS
        default: return nil
        }
    }

    /// `:name` symbols in order.
    private static func rubySymbols(_ text: String) -> [String] {
        var symbols: [String] = []
        var rest = Substring(text)
        while let colon = rest.firstIndex(of: ":") {
            let after = rest[rest.index(after: colon)...]
            let word = after.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
            if !word.isEmpty { symbols.append(String(word)) }
            rest = after
        }
        return symbols
    }

    /// Every bare word of a Ruby value (`:ios`, `ios:`, `'ios' =>` all give `ios`); versions are not words.
    private static func platformWords(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            .map(String.init)
            .filter { $0.first?.isLetter == true }
    }

    /// A Ruby line without its `#` comment (a `#` inside quotes stays).
    private static func stripRubyComment(_ line: String) -> String {
        var quote: Character?
        var escaped = false
        for index in line.indices {
            let c = line[index]
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" {
                return String(line[..<index])
            }
        }
        return line
    }

    // MARK: Bytes

    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    private static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    private static func skipSpaces(_ bytes: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        return i
    }
}
