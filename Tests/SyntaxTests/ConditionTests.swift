import XCTest
import KeychainLintSyntax

final class ConditionTests: XCTestCase {
    private typealias T = TriState

    /// `(text, [macOS, iOS, tvOS, watchOS, visionOS])`
    private let table: [(String, [TriState], UInt)] = [
        ("os(macOS)", [.true, .false, .false, .false, .false], #line),
        ("os(OSX)", [.true, .false, .false, .false, .false], #line),
        ("os(iOS)", [.false, .true, .false, .false, .false], #line),
        ("os(tvOS)", [.false, .false, .true, .false, .false], #line),
        ("os(watchOS)", [.false, .false, .false, .true, .false], #line),
        ("os(visionOS)", [.false, .false, .false, .false, .true], #line),
        ("os(xrOS)", [.false, .false, .false, .false, .true], #line),
        ("os(Linux)", [.false, .false, .false, .false, .false], #line),
        ("os(Windows)", [.false, .false, .false, .false, .false], #line),
        ("os(Android)", [.false, .false, .false, .false, .false], #line),
        ("os( iOS )", [.false, .true, .false, .false, .false], #line),
        ("os(iOS) || os(tvOS)", [.false, .true, .true, .false, .false], #line),
        ("!os(macOS)", [.false, .true, .true, .true, .true], #line),
        ("!(os(macOS))", [.false, .true, .true, .true, .true], #line),
        ("!!os(macOS)", [.true, .false, .false, .false, .false], #line),
        ("canImport(UIKit)", [.false, .true, .true, .false, .true], #line),
        ("canImport(AppKit)", [.true, .false, .false, .false, .false], #line),
        ("canImport(Cocoa)", [.true, .false, .false, .false, .false], #line),
        ("canImport(WatchKit)", [.false, .false, .false, .true, .false], #line),
        ("canImport(Security)", [.true, .true, .true, .true, .true], #line),
        ("canImport(Foundation)", [.true, .true, .true, .true, .true], #line),
        ("canImport(Darwin)", [.true, .true, .true, .true, .true], #line),
        ("canImport(SwiftUI)", [.true, .true, .true, .true, .true], #line),
        ("canImport(CryptoKit)", [.true, .true, .true, .true, .true], #line),
        ("canImport(LocalAuthentication)", [.true, .true, .true, .true, .true], #line),
        ("canImport(Foo)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("canImport(Foo, _version: 2)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("canImport(UIKit, _version: 14.0)", [.false, .unknown, .unknown, .false, .unknown], #line),
        ("targetEnvironment(macCatalyst)", [.false, .unknown, .false, .false, .false], #line),
        ("targetEnvironment(simulator)", [.false, .unknown, .unknown, .unknown, .unknown], #line),
        ("os(iOS) && !targetEnvironment(simulator)", [.false, .unknown, .false, .false, .false], #line),
        ("os(iOS) && !targetEnvironment(macCatalyst)", [.false, .unknown, .false, .false, .false], #line),
        ("os(macOS) || targetEnvironment(macCatalyst)", [.true, .unknown, .false, .false, .false], #line),
        ("DEBUG", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("swift(>=5.9)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("compiler(>=6.0)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("arch(arm64)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("hasFeature(StrictConcurrency)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("hasAttribute(retroactive)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("true", [.true, .true, .true, .true, .true], #line),
        ("false", [.false, .false, .false, .false, .false], #line),
        ("!true", [.false, .false, .false, .false, .false], #line),
        // Sloppy spacing.
        ("os(iOS)&&!DEBUG", [.false, .unknown, .false, .false, .false], #line),
        ("  os(iOS)||os(macOS)  ", [.true, .true, .false, .false, .false], #line),
        ("os (iOS)", [.false, .true, .false, .false, .false], #line),
        ("\tos(iOS)\n|| os(tvOS)", [.false, .true, .true, .false, .false], #line),
        // Kleene logic.
        ("DEBUG && os(macOS)", [.unknown, .false, .false, .false, .false], #line),
        ("DEBUG || os(macOS)", [.true, .unknown, .unknown, .unknown, .unknown], #line),
        ("!DEBUG", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("false && DEBUG", [.false, .false, .false, .false, .false], #line),
        ("true || DEBUG", [.true, .true, .true, .true, .true], #line),
        // Precedence: `!` > `&&` > `||`.
        ("os(macOS) || os(iOS) && false", [.true, .false, .false, .false, .false], #line),
        ("(os(macOS) || os(iOS)) && false", [.false, .false, .false, .false, .false], #line),
        ("!os(macOS) && os(iOS)", [.false, .true, .false, .false, .false], #line),
        ("!(os(macOS) || os(iOS))", [.false, .false, .true, .true, .true], #line),
        ("((os(iOS)))", [.false, .true, .false, .false, .false], #line),
        ("os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)", [.false, .true, .true, .true, .true], #line),
        ("os(iOS) && canImport(UIKit) && !os(macOS) && true", [.false, .true, .false, .false, .false], #line),
        // Unparseable: unknown everywhere.
        ("", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("os(iOS) &&", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("(os(iOS)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("os(iOS))", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("os(iOS) os(macOS)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("os(iOS) & os(macOS)", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("os(iOS", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("os()", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("1", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
        ("@", [.unknown, .unknown, .unknown, .unknown, .unknown], #line),
    ]

    func testTable() {
        let platforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS]
        for (text, expected, line) in table {
            let condition = Condition.parse(text)
            for (platform, want) in zip(platforms, expected) {
                XCTAssertEqual(condition.evaluate(on: platform), want, "\(text) on \(platform): \(condition)", line: line)
            }
            let mayHold = PlatformSet(platforms: zip(platforms, expected).filter { $0.1 != .false }.map(\.0))
            XCTAssertEqual(condition.mayHold(in: .all), mayHold, text, line: line)
        }
    }

    func testParsedShapes() {
        XCTAssertEqual(Condition.parse("os(iOS)"), .os("iOS"))
        XCTAssertEqual(Condition.parse("os(OSX)"), .os("macOS"))
        XCTAssertEqual(Condition.parse("os(xrOS)"), .os("visionOS"))
        XCTAssertEqual(Condition.parse("os(Linux)"), .os("Linux"))
        XCTAssertEqual(Condition.parse("!os(macOS)"), .not(.os("macOS")))
        XCTAssertEqual(Condition.parse("canImport(Foo, _version: 2)"), .and(.canImport("Foo"), .unknown))
        XCTAssertEqual(Condition.parse("canImport(Foo.Bar)"), .canImport("Foo.Bar"))
        XCTAssertEqual(Condition.parse("targetEnvironment(macCatalyst)"), .targetEnvironment("macCatalyst"))
        XCTAssertEqual(Condition.parse("DEBUG"), .unknown)
        XCTAssertEqual(Condition.parse("swift(>=5.9)"), .unknown)
        XCTAssertEqual(Condition.parse("true"), .always)
        XCTAssertEqual(Condition.parse("false"), .never)
        XCTAssertEqual(Condition.parse("os(iOS) || os(tvOS)"), .or(.os("iOS"), .os("tvOS")))
        XCTAssertEqual(Condition.parse("os(iOS) && !targetEnvironment(simulator)"),
                       .and(.os("iOS"), .not(.targetEnvironment("simulator"))))
        XCTAssertEqual(Condition.parse("os(macOS) || os(iOS) && DEBUG"), .or(.os("macOS"), .and(.os("iOS"), .unknown)))
        XCTAssertEqual(Condition.parse("garbage &&"), .unknown)
    }

    /// `#elseif b` after `#if a` is `!a && b`; `#else` is `!a && !b`.
    func testElseifCombination() {
        let first = Condition.parse("os(iOS) || os(tvOS)")
        let second = Condition.parse("os(macOS)")
        let elseif = Condition.and(.not(first), second)
        XCTAssertEqual(elseif.mayHold(in: .all), .macOS)
        let elseBranch = Condition.and(.not(first), .not(second))
        XCTAssertEqual(elseBranch.mayHold(in: .all), [.watchOS, .visionOS])

        // `#if DEBUG … #elseif os(macOS)`: the elseif may hold on macOS only.
        let debugElseif = Condition.and(.not(Condition.parse("DEBUG")), Condition.parse("os(macOS)"))
        XCTAssertEqual(debugElseif.evaluate(on: .macOS), .unknown)
        XCTAssertEqual(debugElseif.evaluate(on: .iOS), .false)
        XCTAssertEqual(debugElseif.mayHold(in: .all), .macOS)

        // `#if canImport(UIKit) … #else`: the else branch is macOS/watchOS code.
        let notUIKit = Condition.not(Condition.parse("canImport(UIKit)"))
        XCTAssertEqual(notUIKit.mayHold(in: .all), [.macOS, .watchOS])
        XCTAssertEqual(notUIKit.mayHold(in: [.iOS, .tvOS]), [])
    }

    func testMayHoldRestrictsToSet() {
        XCTAssertEqual(Condition.parse("os(macOS)").mayHold(in: .iOS), [])
        XCTAssertEqual(Condition.parse("DEBUG").mayHold(in: [.iOS, .macOS]), [.iOS, .macOS])
        XCTAssertEqual(Condition.parse("targetEnvironment(macCatalyst)").mayHold(in: .all), .iOS)
    }

    func testKleeneOperators() {
        let values: [TriState] = [.true, .false, .unknown]
        for a in values {
            XCTAssertEqual(a.negated.negated, a)
            for b in values {
                XCTAssertEqual(a.and(b), b.and(a))
                XCTAssertEqual(a.or(b), b.or(a))
                XCTAssertEqual(a.and(b).negated, a.negated.or(b.negated))
            }
        }
        XCTAssertEqual(T.false.and(.unknown), .false)
        XCTAssertEqual(T.true.and(.unknown), .unknown)
        XCTAssertEqual(T.true.or(.unknown), .true)
        XCTAssertEqual(T.false.or(.unknown), .unknown)
        XCTAssertEqual(T.unknown.negated, .unknown)
    }

    func testHostileInputDoesNotCrash() {
        let opens = String(repeating: "(", count: 100_000)
        XCTAssertEqual(Condition.parse(opens), .unknown)
        XCTAssertEqual(Condition.parse(opens + "os(iOS)" + String(repeating: ")", count: 100_000)), .unknown)
        XCTAssertEqual(Condition.parse("os" + opens), .unknown)
        XCTAssertEqual(Condition.parse("os(" + opens + String(repeating: ")", count: 100_001)), .unknown)

        // Nesting within the cap still parses.
        let fine = String(repeating: "(", count: 150) + "os(iOS)" + String(repeating: ")", count: 150)
        XCTAssertEqual(Condition.parse(fine), .os("iOS"))

        // 100k negations and long chains: a value or unknown, no crash, and evaluation is fine.
        let nots = Condition.parse(String(repeating: "!", count: 100_000) + "os(iOS)")
        XCTAssertEqual(nots, .os("iOS"))
        let chain = Condition.parse(Array(repeating: "os(iOS)", count: 50_000).joined(separator: " || "))
        XCTAssertEqual(chain.evaluate(on: .iOS), .true)
        XCTAssertEqual(chain.evaluate(on: .macOS), .false)
        let mixed = Condition.parse(Array(repeating: "!(DEBUG && os(tvOS))", count: 20_000).joined(separator: "&&"))
        XCTAssertEqual(mixed.evaluate(on: .tvOS), .unknown)
        XCTAssertEqual(mixed.evaluate(on: .macOS), .true)
        XCTAssertEqual(Condition.parse(String(repeating: "(!", count: 100_000)), .unknown)
        XCTAssertEqual(Condition.parse(String(repeating: ")", count: 100_000)), .unknown)
        XCTAssertEqual(Condition.parse(String(repeating: "&&||", count: 50_000)), .unknown)
    }

    /// A caller-built deep tree (a long `#elseif` chain) evaluates without recursion.
    func testDeepCallerBuiltTreeEvaluates() {
        var condition = Condition.os("iOS")
        for _ in 0..<5_000 { condition = .and(.not(.os("tvOS")), condition) }
        XCTAssertEqual(condition.evaluate(on: .iOS), .true)
        XCTAssertEqual(condition.mayHold(in: .all), .iOS)
    }
}
