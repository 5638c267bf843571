import KeychainLintSyntax
import Foundation

/// The platforms CocoaPods files name: a `Podfile`'s `platform` lines, a Ruby podspec's
/// `platform(s)` and `deployment_target` settings, a JSON podspec's `platforms` object. Read on
/// their text, line by line: enough for the forms CocoaPods documents, without a Ruby parser.
package enum CocoaPodsReader {
    /// The platforms of every `platform :name[, 'version']` line of a `Podfile` (empty when none).
    package static func platforms(podfile text: String) -> PlatformSet {
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
    package static func platforms(podspec text: String) -> PlatformSet {
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
    package static func platforms(podspecJSON text: String) -> PlatformSet {
        var found = PlatformSet()
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let platforms = object["platforms"] as? [String: Any] else { return found }
        for key in platforms.keys {
            if let platform = podPlatform(key) { found.insert(PlatformSet(platform)) }
        }
        return found
    }

    static func podPlatform(_ name: String) -> Platform? {
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
    static func stripRubyComment(_ line: String) -> String {
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
}
