import Foundation
import XCTest

/// The low-level pieces written once in `KeychainLintSupport` stay written once: no other source
/// file imports the C library itself or calls `memchr` (the byte search is `ByteSearch`).
/// A module that needs either imports KeychainLintSupport.
final class OneOfEachTests: XCTestCase {
    private let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every `.swift` file under Sources/ outside the Support module, with its text.
    private func sourceFiles() throws -> [(path: String, text: String)] {
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        return try files.sorted()
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("KeychainLintSupport/") }
            .map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    func testOnlySupportImportsTheCLibraryOrCallsMemchr() throws {
        let files = try sourceFiles()
        XCTAssertGreaterThan(files.count, 50, "the sources were not found")
        let importsCLibrary = try NSRegularExpression(pattern: #"^\s*import (Glibc|Darwin|Musl)\s*$"#, options: .anchorsMatchLines)
        for (path, text) in files {
            let range = NSRange(text.startIndex..., in: text)
            XCTAssertTrue(importsCLibrary.firstMatch(in: text, range: range) == nil, "\(path) imports the C library: import KeychainLintSupport")
            XCTAssertFalse(text.contains("memchr("), "\(path) calls memchr: use ByteSearch")
        }
    }
}
