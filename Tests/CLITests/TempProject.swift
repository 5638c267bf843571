import Foundation
import XCTest
import KeychainLint
import KeychainLintCLI

/// A scratch folder and an in-process `keychain-lint` run inside it, with the real rules.
final class TempProject {
    let root: String

    init(_ name: String) throws {
        root = NSTemporaryDirectory() + "kl-\(name)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ rel: String, _ text: String) {
        let path = root + "/" + rel
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func read(_ rel: String) -> String? { try? String(contentsOfFile: root + "/" + rel, encoding: .utf8) }

    struct Run {
        var code: Int32
        var out: String
        var err: String
        /// `path:line rule-id` per finding of the xcode format.
        var findings: [String] {
            out.split(separator: "\n").compactMap { line in
                let parts = line.split(separator: ":", maxSplits: 4)
                guard parts.count == 5, let id = line.split(separator: "[").last?.dropLast() else { return nil }
                return "\(parts[0]):\(parts[1]) \(id)"
            }
        }
    }

    /// Runs with `cwd` (relative to the root) as the working directory and `stdin` as its input.
    func run(_ arguments: [String], in cwd: String = "", rules: [ActiveRule] = Linter.defaultRules,
             stdin: any InputSource = BufferInput()) -> Run {
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: arguments, rules: rules, workingDirectory: cwd.isEmpty ? root : root + "/" + cwd,
                                       stdin: stdin, stdout: out, stderr: err)
        return Run(code: code, out: out.text, err: err.text)
    }
}

/// Keychain code with one finding each, for tests that need real findings.
enum Mistake {
    /// `identity-add` (error) at column 20 of its line, and nothing else.
    static func identityAdd(_ name: String = "identity") -> String {
        "    if SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: \(name), kSecUseDataProtectionKeychain: true] as CFDictionary, nil) == errSecDuplicateItem {}"
    }

    /// A file whose body lines are `lines`, inside one function.
    static func file(_ lines: [String]) -> String {
        "func f(_ identity: SecIdentity, _ other: SecIdentity) {\n" + lines.joined(separator: "\n") + "\n}\n"
    }
}
