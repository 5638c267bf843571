import XCTest
import KeychainLintProject

/// Path standardisation reads ASCII paths on their bytes and others on their characters: both
/// must agree with the component rules (`.` dropped, `..` drops the last kept, slashes collapsed).
final class ProjectPathTests: XCTestCase {
    /// The rules, spelled out on characters.
    private func reference(_ path: String, _ directory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for component in absolute.split(separator: "/") {
            if component == "." { continue }
            if component == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(component)
        }
        return "/" + parts.joined(separator: "/")
    }

    func testEveryShortPathAgreesWithTheRules() {
        // Every path of up to five pieces, from pieces that exercise each rule.
        let pieces = ["/", "a", ".", "..", "...", ".a", "b.", "//"]
        var paths = [""]
        for _ in 0..<5 { paths = paths.flatMap { p in pieces.map { p + $0 } } }
        for path in paths {
            for directory in ["/", "/r", "/r/s/", "/r/.."] {
                XCTAssertEqual(Paths.absolute(path, base: directory), reference(path, directory),
                               "\(path) in \(directory)")
            }
        }
    }

    func testNonASCIIPathsKeepTheirCharacters() {
        XCTAssertEqual(Paths.absolute("caf\u{E9}/./x/../y.swift", base: "/r"), "/r/caf\u{E9}/y.swift")
        // A combining mark after a slash makes one character with it: no component boundary there.
        let joined = "a/\u{301}b"
        XCTAssertEqual(Paths.absolute(joined, base: "/r"), reference(joined, "/r"))
        XCTAssertEqual(Paths.parent("/r/caf\u{E9}/y"), "/r/caf\u{E9}")
    }

    func testParents() {
        XCTAssertEqual(Paths.parent("/r/s/t.swift"), "/r/s")
        XCTAssertEqual(Paths.parent("/r"), "/")
        XCTAssertEqual(Paths.parent("/"), "/")
    }

    /// Discovery's path order is the order of the paths' UTF-8 bytes, for ASCII, non-ASCII and
    /// prefixes, whether the strings are native or not.
    func testPathOrderIsTheOrderOfTheBytes() {
        let pieces = ["a", "b", "/", ".", "é", "Z", "ab", "", "-", "€"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let b = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let expected = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
            XCTAssertEqual(FileDiscovery.bytesPrecede(a, b), expected, "\(a) < \(b)")
            XCTAssertEqual(FileDiscovery.bytesOrder(a, b) == 0, Array(a.utf8) == Array(b.utf8), "\(a) = \(b)")
        }
    }
}
