import Foundation
import KeychainLint

/// `textDocument/codeAction`: for each finding the requested range touches, the rule's quick fix
/// where it has one, and "Disable RULE for this line", which puts a
/// `// keychain-lint:disable:next RULE` comment above the line at its indentation (or adds the
/// rule to such a comment already there).
extension LanguageServer {
    static let quickFixKind = "quickfix"

    /// The actions, or `nil` when the parameters are not a code action request.
    func codeActions(_ params: JSONObject) -> [JSONObject]? {
        guard let uri = (params["textDocument"] as? JSONObject)?["uri"] as? String,
              let range = TextRange(json: params["range"]) else { return nil }
        let context = params["context"] as? JSONObject
        // `only` filters by kind; a kind matches itself and its parents (`""` is every kind).
        if let only = context?["only"] as? [String], !only.contains(where: { $0.isEmpty || $0 == Self.quickFixKind }) {
            return []
        }
        guard documents[uri] != nil else { return [] }
        // The findings must be those of the text the client sees now.
        lintIfChanged()
        guard let document = documents[uri], let entry = linted[uri], entry.version == document.version else { return [] }
        var fixes: [JSONObject] = []
        var disables: [JSONObject] = []
        var disabled: Set<String> = []
        for finding in entry.findings where Diagnostics.range(of: finding, in: document).touches(range) {
            let diagnostic = Diagnostics.diagnostic(finding, in: document)
            if let fix = quickFix(for: finding, diagnostic: diagnostic, in: document) { fixes.append(fix) }
            let isSwift = LanguageServer.lintablePath(of: document).map { !$0.hasSuffix(".entitlements") } ?? false
            if isSwift, disabled.insert("\(finding.ruleID) \(finding.line)").inserted {
                disables.append(disableAction(for: finding, diagnostic: diagnostic, in: document))
            }
        }
        return fixes + disables
    }

    /// The rule's own fix, when the fix engine has one for this finding: the same edits `--fix`
    /// (or, for an unsafe one, `--fix --unsafe-fixes`) makes. Their byte ranges are offsets into the text that was linted, which is the buffer
    /// (the caller checked the versions match), so they convert to positions in it exactly.
    func quickFix(for finding: Finding, diagnostic: JSONObject, in document: TextDocument) -> JSONObject? {
        guard let fix = finding.fix, !fix.edits.isEmpty,
              fix.edits.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= document.bytes.count }) else { return nil }
        let edits: [JSONObject] = fix.edits.map { edit in
            ["range": TextRange(start: document.position(ofByte: edit.range.lowerBound),
                                end: document.position(ofByte: edit.range.upperBound)).json,
             "newText": edit.replacement]
        }
        // An unsafe fix is offered with what it changes in its title, and never as the preferred
        // action an editor applies on "fix all" or save.
        return [
            "title": fix.title,
            "kind": Self.quickFixKind,
            "diagnostics": [diagnostic],
            "isPreferred": fix.applicability == .safe,
            "edit": workspaceEdit(document, edits: edits),
        ]
    }

    func disableAction(for finding: Finding, diagnostic: JSONObject, in document: TextDocument) -> JSONObject {
        [
            "title": "Disable \(finding.ruleID) for this line",
            "kind": Self.quickFixKind,
            "diagnostics": [diagnostic],
            "edit": workspaceEdit(document, edits: [DisableComment.edit(rule: finding.ruleID, line: finding.line - 1, in: document)]),
        ]
    }

    /// Edits of one document, as the client takes them: versioned `documentChanges` (the client
    /// refuses them if the document changed since) or plain `changes`.
    func workspaceEdit(_ document: TextDocument, edits: [JSONObject]) -> JSONObject {
        if clientTakesDocumentChanges {
            return ["documentChanges": [["textDocument": ["uri": document.uri, "version": document.version] as JSONObject,
                                         "edits": edits] as JSONObject]]
        }
        return ["changes": [document.uri: edits]]
    }
}

/// The `// keychain-lint:disable:next RULE` comment (see `Suppressions` for the syntax) as a
/// text edit.
package enum DisableComment {
    static let prefix = "// keychain-lint:disable:next "

    /// The edit that hides `rule` on `line` (0-based): the rule added to a `disable:next` comment
    /// alone on the line above, else a new comment line above with the line's indentation and
    /// line break.
    package static func edit(rule: String, line: Int, in document: TextDocument) -> JSONObject {
        let text = document.lineBytes(line)
        if line > 0, let edit = addition(of: rule, toCommentOn: line - 1, in: document) { return edit }
        let indentation = text.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let lineEnd = text.endIndex + 1 < document.bytes.count && document.bytes[text.endIndex] == 0x0D
            && document.bytes[text.endIndex + 1] == 0x0A ? "\r\n" : "\n"
        let start = Position(line: line, character: 0)
        return ["range": TextRange(start: start, end: start).json,
                "newText": String(decoding: indentation, as: UTF8.self) + prefix + rule + lineEnd]
    }

    /// `, RULE` at the end of the rule list of a `disable:next` comment that is all of `line`
    /// (before its ` - reason`), or `nil` when the line is something else or names the rule.
    static func addition(of rule: String, toCommentOn line: Int, in document: TextDocument) -> JSONObject? {
        let text = String(decoding: document.lineBytes(line), as: UTF8.self)
        let code = text.drop { $0 == " " || $0 == "\t" }
        guard code.hasPrefix(prefix) else { return nil }
        let body = code.dropFirst(prefix.count)
        let list = body.range(of: " - ").map { body[..<$0.lowerBound] } ?? body
        let rules = list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        guard !rules.isEmpty, !rules.contains(where: { $0 == rule || $0 == "all" }) else { return nil }
        let trimmed = list.reversed().drop { $0 == " " || $0 == "\t" }.count
        let end = list.startIndex.utf16Offset(in: text) + list.prefix(trimmed).utf16.count
        let position = Position(line: line, character: end)
        return ["range": TextRange(start: position, end: position).json, "newText": ", " + rule]
    }
}
