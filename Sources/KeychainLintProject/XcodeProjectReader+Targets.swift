import KeychainLintSupport

extension XcodeProjectReader {
    /// The product type of a plain command-line tool target.
    static let toolProductType = "com.apple.product-type.tool"

    /// Whether every target of a `project.pbxproj` is a command-line tool and none is signed with
    /// an entitlements file (`CODE_SIGN_ENTITLEMENTS`): then whatever Swift file the project
    /// builds goes into such a tool. A project with any other target (an app, a framework, a test
    /// bundle) says nothing of the kind, as which target builds a file is not read.
    package static func buildsOnlyCommandLineTools(pbxproj text: String) -> Bool {
        let bytes = Array(text.utf8)
        let types = values(bytes, key: "productType")
        guard !types.isEmpty, types.allSatisfy({ $0 == toolProductType }) else { return false }
        // A conditional setting (`CODE_SIGN_ENTITLEMENTS[sdk=macosx*]`) has no plain value: it counts.
        return values(bytes, key: "CODE_SIGN_ENTITLEMENTS").allSatisfy { $0 == "" }
    }

    /// Every value assigned to `key` in the file; nil for an occurrence whose value is not read
    /// (the key with a condition, or no `=` after it).
    private static func values(_ bytes: [UInt8], key: String) -> [String?] {
        let key = Array(key.utf8)
        var found: [String?] = []
        var i = 0
        while let at = ByteSearch.firstOffset(of: key, in: bytes, from: i) {
            i = at + key.count
            guard at == 0 || !ASCIIText.isIdentifierByte(bytes[at - 1]), i >= bytes.count || !ASCIIText.isIdentifierByte(bytes[i]) else { continue }
            var k = i
            if k < bytes.count, bytes[k] == UInt8(ascii: "\""), at > 0, bytes[at - 1] == UInt8(ascii: "\"") { k += 1 }
            guard let value = assignedValue(bytes, afterKey: k) else {
                found.append(nil)
                continue
            }
            found.append(String(decoding: bytes[value.text], as: UTF8.self))
            i = max(value.end, i)
        }
        return found
    }
}
