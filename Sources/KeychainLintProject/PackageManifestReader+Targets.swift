import KeychainLintSyntax
import KeychainLintModel

extension PackageManifestReader {
    /// The folders of a `Package.swift`'s `.executableTarget(…)`s, relative to the package: the
    /// target's `path:` when given, else `Sources/NAME` (SwiftPM's default layout). A target whose
    /// name or path is not a plain string literal is left out: its folder is not known.
    package static func executableTargetFolders(manifest text: String) -> [String] {
        let code = CodeView(source: SourceFile(path: "Package.swift", text: text))
        var folders: [String] = []
        var i = 0
        while i < code.count {
            defer { i += 1 }
            guard code.kind(i) == .identifier, code.text(i) == "executableTarget", code.kind(i - 1) == .period,
                  code.kind(i + 1) == .leftParen else { continue }
            var name: String?, path: String?
            // The call's own labelled arguments, not those of calls nested in them.
            for argument in code.elements(of: i + 1) {
                let k = argument.lowerBound
                guard code.kind(k) == .identifier, code.kind(k + 1) == .colon, code.kind(k + 2) == .stringStart else { continue }
                switch code.text(k) {
                case "name": name = plainString(at: k + 2, in: code)
                case "path": path = plainString(at: k + 2, in: code)
                default: break
                }
            }
            if let folder = path ?? name.map({ "Sources/" + $0 }) { folders.append(folder) }
        }
        return folders
    }

    /// The text of a string literal with no interpolation (`"cli"`), or nil.
    private static func plainString(at start: Int, in code: CodeView) -> String? {
        let end = code.after(start) - 1
        guard code.kind(end) == .stringEnd else { return nil }
        if end == start + 1 { return "" }
        guard end == start + 2, code.kind(start + 1) == .stringSegment else { return nil }
        return StringEscapes.unescape(code.source.bytes[code.tokens[start + 1].range])
    }
}
