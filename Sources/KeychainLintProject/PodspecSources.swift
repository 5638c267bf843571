import KeychainLintSyntax
import Foundation

/// The files one podspec builds, from its `source_files` and `exclude_files` (in subspecs and test
/// specs too), read as CocoaPods reads them: relative to the podspec's folder, braces expanded,
/// `**/` for any depth, case ignored, a folder meaning the source files directly in it. A folder
/// with several podspecs gives each file the platforms of the podspecs that build it.
package struct PodspecSources: Equatable {
    /// One `source_files` pattern; `s.ios.source_files` builds its files on iOS only.
    package struct Pattern: Equatable {
        package var text: String
        package var platform: Platform?

        package init(_ text: String, platform: Platform? = nil) {
            self.text = text
            self.platform = platform
        }
    }

    package var patterns: [Pattern] = []
    package var excluded: [String] = []
    /// A value the reader cannot follow (`"#{name}/**/*.swift"`, a variable): whether a file belongs
    /// to the podspec is then unknown, and it is taken to belong.
    package var isOpaque = false

    package init(patterns: [Pattern] = [], excluded: [String] = [], isOpaque: Bool = false) {
        self.patterns = patterns
        self.excluded = excluded
        self.isOpaque = isOpaque
    }

    // MARK: Reading

    /// `s.source_files = 'A/**/*.swift'`, `= 'A', 'B'`, `= ['A', 'B']` or `%w[A B]` (over several
    /// lines while a bracket is open or a line ends with `,`), `ss.osx.source_files = …`, and the
    /// same forms of `exclude_files`.
    package static func read(podspec text: String) -> PodspecSources {
        var sources = PodspecSources()
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { CocoaPodsReader.stripRubyComment(String($0)) }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard let (attribute, platform, valueStart) = assignment(in: line) else { continue }
            var value = String(line[valueStart...])
            while index < lines.count, continuesValue(value) {
                value += " " + lines[index]
                index += 1
            }
            guard let strings = rubyStrings(value) else {
                sources.isOpaque = true
                continue
            }
            if attribute == "source_files" {
                sources.patterns += strings.map { Pattern($0, platform: platform) }
            } else {
                sources.excluded += strings
            }
        }
        return sources
    }

    /// A JSON podspec's `source_files` and `exclude_files`, at the top, under a platform key
    /// (`"ios": {…}`), and in `subspecs`, `testspecs` and `appspecs`.
    package static func read(podspecJSON text: String) -> PodspecSources {
        var sources = PodspecSources()
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return sources }
        var pending: [(object: [String: Any], platform: Platform?)] = [(object, nil)]
        while let (spec, platform) = pending.popLast() {
            for (key, value) in spec {
                switch key {
                case "source_files", "exclude_files":
                    guard let strings = (value as? String).map({ [$0] }) ?? value as? [String] else {
                        sources.isOpaque = true
                        continue
                    }
                    if key == "source_files" { sources.patterns += strings.map { Pattern($0, platform: platform) } }
                    else { sources.excluded += strings }
                case "subspecs", "testspecs", "appspecs":
                    for child in value as? [[String: Any]] ?? [] { pending.append((child, platform)) }
                default:
                    if let keyed = CocoaPodsReader.podPlatform(key), let child = value as? [String: Any] { pending.append((child, keyed)) }
                }
            }
        }
        return sources
    }

    /// `<var>.source_files =` or `<var>.<platform>.source_files =` (also `exclude_files`): the
    /// attribute, its platform and where the value starts.
    private static func assignment(in line: String) -> (String, Platform?, String.Index)? {
        for attribute in ["source_files", "exclude_files"] {
            guard let range = line.range(of: "." + attribute) else { continue }
            let rest = line[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" })
            guard rest.first == "=", rest.dropFirst().first != "=" else { continue }
            // `s.ios.source_files`: the word before the attribute names a platform.
            let before = line[..<range.lowerBound]
            let word = String(before.reversed().prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }).reversed())
            let platform = before.dropLast(word.count).last == "." ? CocoaPodsReader.podPlatform(word) : nil
            return (attribute, platform, rest.index(after: rest.startIndex))
        }
        return nil
    }

    /// Whether a value goes on to the next line: a bracket left open, or a trailing `,` or `\`.
    private static func continuesValue(_ value: String) -> Bool {
        var depth = 0
        var quote: Character?
        for c in value {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "[" || c == "(" {
                depth += 1
            } else if c == "]" || c == ")" {
                depth -= 1
            }
        }
        let last = value.trimmingCharacters(in: .whitespaces).last
        return depth > 0 || last == "," || last == "\\"
    }

    /// The string literals of a Ruby value (`'a'`, `"b"`, `%w[c d]`, in any of `[` `(` `{`), or nil when
    /// the value is something else or interpolates (`"#{…}"`). `[]` is no strings.
    private static let percentCloser: [Character: Character] = ["[": "]", "(": ")", "{": "}", "<": ">"]

    private static func rubyStrings(_ value: String) -> [String]? {
        var strings: [String] = []
        var chars = Array(value)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            switch c {
            case "'", "\"":
                guard let end = chars.firstIndex(of: c) else { return nil }
                let literal = String(chars[..<end])
                if c == "\"" && literal.contains("#{") { return nil }
                strings.append(literal)
                chars = chars[(end + 1)...]
            case "%":
                guard chars.first == "w" || chars.first == "W", let open = chars.dropFirst().first,
                      let close = percentCloser[open], let end = chars.dropFirst(2).firstIndex(of: close) else { return nil }
                let words = String(chars[(chars.startIndex + 2)..<end])
                if chars.first == "W" && words.contains("#{") { return nil }
                for word in words.split(whereSeparator: { $0 == " " || $0 == "\t" }) { strings.append(String(word)) }
                chars = chars[(end + 1)...]
            case " ", "\t", ",", "[", "]", "(", ")":
                continue
            default:
                return nil
            }
        }
        return strings
    }
}
