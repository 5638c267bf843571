import Foundation

/// The relative links of a Markdown page and the anchors GitHub gives its headings, read the way
/// GitHub renders the page: nothing inside a fenced code block or an inline code span is a link or
/// a heading, so a shell comment (`# build`) or `dict[key](x)` in code is not mistaken for one.
enum MarkdownLinks {
    struct Link: Equatable {
        var line: Int
        var target: String
    }

    /// The lines outside fenced code blocks, numbered from 1, as written (`raw`) and with inline
    /// code spans blanked (`prose`).
    private static func proseLines(of text: String) -> [(number: Int, raw: String, prose: String)] {
        var inFence = false, lines: [(Int, String, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            lines.append((index + 1, String(line), line.replacingOccurrences(of: #"`[^`]*`"#, with: "code", options: .regularExpression)))
        }
        return lines
    }

    /// Every inline link and image `[text](target)` in the page's prose.
    static func links(in text: String) -> [Link] {
        let regex = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        return proseLines(of: text).flatMap { number, _, line in
            regex.matches(in: line, range: NSRange(line.startIndex..., in: line)).map {
                Link(line: number, target: String(line[Range($0.range(at: 1), in: line)!]))
            }
        }
    }

    /// The anchors of the page's headings as GitHub makes them: backticks dropped, lower case,
    /// punctuation other than `-` and `_` dropped, spaces as `-`, and `-1`, `-2`, … after a heading
    /// text seen before.
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        return proseLines(of: text).compactMap { _, line, _ -> String? in
            guard let heading = line.range(of: #"^#{1,6} "#, options: .regularExpression) else { return nil }
            let words = line[heading.upperBound...].replacingOccurrences(of: "`", with: "")
            let slug = String(words.lowercased().unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
            }.map(Character.init)).replacingOccurrences(of: " ", with: "-")
            defer { seen[slug, default: 0] += 1 }
            return seen[slug].map { "\(slug)-\($0)" } ?? slug
        }
    }

    /// A link's file as a path from the repository root, or nil for a link with a scheme
    /// (`https:`, `mailto:`). An empty path (`#part`) is the page itself.
    static func resolve(_ target: String, from page: String) -> String? {
        if target.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil { return nil }
        let path = String(target.prefix { $0 != "#" })
        if path.isEmpty { return page }
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/") {
            if part == ".." { if parts.popLast() == nil { return "../" + path } } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    /// What is wrong with each relative link of `page` (a path under `root`): a file that does not
    /// exist, or an anchor no heading of the linked page makes. Links to the web are not followed.
    static func brokenLinks(in page: String, root: String) -> [String] {
        guard let text = try? String(contentsOfFile: root + "/" + page, encoding: .utf8) else { return ["\(page): cannot be read"] }
        return links(in: text).compactMap { link -> String? in
            guard let file = resolve(link.target, from: page) else { return nil }
            guard FileManager.default.fileExists(atPath: root + "/" + file) else { return "\(page):\(link.line): \(file) does not exist" }
            guard let hash = link.target.firstIndex(of: "#"), file.hasSuffix(".md") else { return nil }
            let anchor = String(link.target[link.target.index(after: hash)...])
            let linked = (try? String(contentsOfFile: root + "/" + file, encoding: .utf8)) ?? ""
            return anchors(in: linked).contains(anchor) ? nil : "\(page):\(link.line): \(file) has no heading #\(anchor)"
        }
    }

    /// The body of the first fenced block in `language` after the line `heading`.
    static func firstCodeBlock(_ language: String, after heading: String, in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(heading)),
              let open = lines[start...].firstIndex(of: Substring("```" + language)),
              let close = lines[(open + 1)...].firstIndex(of: "```") else { return nil }
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }
}
