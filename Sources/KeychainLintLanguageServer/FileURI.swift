import Foundation
import KeychainLintProject

/// `file://` URIs and the paths they name. Clients spell URIs differently (VS Code escapes `:`
/// as `%3A`, Neovim does not), so the server keeps each open document's URI exactly as the
/// client sent it and uses paths only to match documents with the linter's files.
package enum FileURI {
    /// The absolute, standardised path a `file:` URI names; `nil` for other schemes (`untitled:`)
    /// and for a URI that is not one.
    package static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.path
        guard path.hasPrefix("/") else { return nil }
        return Paths.normalised(path)
    }

    /// A `file://` URI for an absolute path, percent-encoded as RFC 3986 asks.
    package static func uri(of path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
