import Foundation

/// Three-valued truth: a compile-time condition over a platform may be decided or not
/// (`DEBUG`, `arch(arm64)`, `swift(>=5.9)` are unknown).
package enum TriState: Sendable, Equatable {
    case `true`, `false`, unknown

    /// Kleene negation: `!unknown` is `unknown`.
    package var negated: TriState {
        switch self {
        case .true: return .false
        case .false: return .true
        case .unknown: return .unknown
        }
    }

    /// Kleene conjunction: `false && unknown` is `false`.
    package func and(_ other: TriState) -> TriState {
        if self == .false || other == .false { return .false }
        if self == .true && other == .true { return .true }
        return .unknown
    }

    /// Kleene disjunction: `true || unknown` is `true`.
    package func or(_ other: TriState) -> TriState {
        if self == .true || other == .true { return .true }
        if self == .false && other == .false { return .false }
        return .unknown
    }
}

/// A parsed `#if`/`#elseif` condition.
package indirect enum Condition: Sendable, Equatable {
    case always
    case never
    case os(String)
    case canImport(String)
    case targetEnvironment(String)
    /// Anything the platform does not decide: `DEBUG`, `arch(…)`, `swift(…)`, `compiler(…)`, `hasFeature(…)`, unparseable text.
    case unknown
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)

    /// Parentheses nested deeper than this make the whole condition `.unknown`.
    package static let maxNesting = 200
    /// A parsed tree taller than this makes the whole condition `.unknown`
    /// (chains of `&&`/`||` are built balanced, so only pathological input gets near it).
    package static let maxHeight = 400

    /// Parses the text after `#if`/`#elseif` (comments already removed). Never fails: what it cannot read is `.unknown`.
    package static func parse(_ text: String) -> Condition {
        guard let tokens = ConditionLexer.tokens(Array(text.utf8)) else { return .unknown }
        var parser = ConditionParser(tokens: tokens)
        return parser.parseAll() ?? .unknown
    }

    /// Evaluates on native code for one platform.
    /// Iterative, so a deep tree built by a caller (long `#elseif` chains) cannot exhaust the stack.
    package func evaluate(on platform: Platform) -> TriState {
        // Post-order walk with an explicit stack.
        enum Step { case visit(Condition), not, and, or }
        var work: [Step] = [.visit(self)]
        var values: [TriState] = []
        while let step = work.popLast() {
            switch step {
            case .visit(let c):
                switch c {
                case .not(let a):
                    work.append(.not); work.append(.visit(a))
                case .and(let a, let b):
                    work.append(.and); work.append(.visit(b)); work.append(.visit(a))
                case .or(let a, let b):
                    work.append(.or); work.append(.visit(b)); work.append(.visit(a))
                default:
                    values.append(c.evaluateLeaf(on: platform))
                }
            case .not:
                values.append(values.removeLast().negated)
            case .and:
                let b = values.removeLast(), a = values.removeLast()
                values.append(a.and(b))
            case .or:
                let b = values.removeLast(), a = values.removeLast()
                values.append(a.or(b))
            }
        }
        return values.last ?? .unknown
    }

    /// The platforms of `set` on which code under this condition may be compiled (true or unknown).
    package func mayHold(in set: PlatformSet) -> PlatformSet {
        PlatformSet(platforms: set.platforms.filter { evaluate(on: $0) != .false })
    }

    package var isCompound: Bool {
        switch self {
        case .not, .and, .or: return true
        default: return false
        }
    }

    private func evaluateLeaf(on platform: Platform) -> TriState {
        switch self {
        case .always: return .true
        case .never: return .false
        case .unknown: return .unknown
        case .os(let name):
            return name == platform.conditionOSName ? .true : .false
        case .canImport(let module):
            return Condition.canImport(module, on: platform)
        case .targetEnvironment(let environment):
            switch environment {
            case "macCatalyst":
                // Catalyst code is iOS code; inside it is never native macOS (nor tvOS/watchOS/visionOS).
                return platform == .iOS ? .unknown : .false
            case "simulator":
                return platform == .macOS ? .false : .unknown
            default:
                return .unknown
            }
        case .not, .and, .or:
            return evaluate(on: platform)
        }
    }

    private static func canImport(_ module: String, on platform: Platform) -> TriState {
        switch module {
        case "UIKit":
            switch platform {
            case .iOS, .tvOS, .visionOS: return .true
            case .watchOS, .macOS: return .false
            }
        case "AppKit", "Cocoa":
            return platform == .macOS ? .true : .false
        case "WatchKit":
            return platform == .watchOS ? .true : .false
        case "Security", "Foundation", "Darwin", "SwiftUI", "CryptoKit", "LocalAuthentication":
            return .true
        default:
            return .unknown
        }
    }

    /// The normalised name `os(…)` stores: `macOS`, `iOS`, `tvOS`, `watchOS`, `visionOS`
    /// (aliases `OSX`, `xrOS`, and any capitalisation, map to these); other names are kept as written.
    package static func normalisedOSName(_ name: String) -> String {
        switch name.lowercased() {
        case "macos", "osx": return "macOS"
        case "ios": return "iOS"
        case "tvos": return "tvOS"
        case "watchos": return "watchOS"
        case "visionos", "xros": return "visionOS"
        default: return name
        }
    }
}

extension Platform {
    /// The name `os(…)` uses for this platform, as `Condition.normalisedOSName` returns it.
    package var conditionOSName: String {
        switch self {
        case .macOS: return "macOS"
        case .iOS: return "iOS"
        case .tvOS: return "tvOS"
        case .watchOS: return "watchOS"
        case .visionOS: return "visionOS"
        }
    }
}

// MARK: - Lexer

private enum ConditionToken: Equatable {
    case identifier(String)
    /// `name(arguments)`: the raw argument text between the outer parentheses.
    case call(String, String)
    case leftParen, rightParen, not, and, or
}

private enum ConditionLexer {
    /// The tokens of `bytes`, or nil when something cannot be a condition token. Linear, no recursion.
    package static func tokens(_ bytes: [UInt8]) -> [ConditionToken]? {
        var tokens: [ConditionToken] = []
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                i += 1
            case UInt8(ascii: "("):
                tokens.append(.leftParen); i += 1
            case UInt8(ascii: ")"):
                tokens.append(.rightParen); i += 1
            case UInt8(ascii: "!"):
                if i + 1 < n, bytes[i + 1] == UInt8(ascii: "=") { return nil }
                tokens.append(.not); i += 1
            case UInt8(ascii: "&"):
                guard i + 1 < n, bytes[i + 1] == UInt8(ascii: "&") else { return nil }
                tokens.append(.and); i += 2
            case UInt8(ascii: "|"):
                guard i + 1 < n, bytes[i + 1] == UInt8(ascii: "|") else { return nil }
                tokens.append(.or); i += 2
            case UInt8(ascii: "/"):
                // Defensive: comments should already be gone.
                guard i + 1 < n else { return nil }
                if bytes[i + 1] == UInt8(ascii: "/") {
                    i = n
                } else if bytes[i + 1] == UInt8(ascii: "*") {
                    var j = i + 2
                    while j + 1 < n, !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) { j += 1 }
                    guard j + 1 < n else { return nil }
                    i = j + 2
                } else {
                    return nil
                }
            default:
                guard isIdentifierStart(c) else { return nil }
                var j = i + 1
                while j < n, isIdentifierContinue(bytes[j]) { j += 1 }
                let name = String(decoding: bytes[i..<j], as: UTF8.self)
                var k = j
                while k < n, isSpace(bytes[k]) { k += 1 }
                if k < n, bytes[k] == UInt8(ascii: "(") {
                    // A call: take the raw text up to the matching `)`.
                    var depth = 1
                    var m = k + 1
                    while m < n {
                        if bytes[m] == UInt8(ascii: "(") { depth += 1 }
                        else if bytes[m] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                        m += 1
                    }
                    guard m < n else { return nil }
                    tokens.append(.call(name, String(decoding: bytes[(k + 1)..<m], as: UTF8.self)))
                    i = m + 1
                } else {
                    tokens.append(.identifier(name))
                    i = j
                }
            }
        }
        return tokens
    }

    package static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C
    }

    package static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_") || c >= 0x80
    }

    package static func isIdentifierContinue(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }
}

// MARK: - Parser

/// Recursive descent with a nesting cap: `!` binds tighter than `&&`, which binds tighter than `||`.
private struct ConditionParser {
    package struct Node {
        var condition: Condition
        var height: Int
    }

    package let tokens: [ConditionToken]
    package var position = 0

    package init(tokens: [ConditionToken]) { self.tokens = tokens }

    package mutating func parseAll() -> Condition? {
        guard !tokens.isEmpty, let node = parseOr(nesting: 0), position == tokens.count else { return nil }
        return node.condition
    }

    private var current: ConditionToken? { position < tokens.count ? tokens[position] : nil }

    private mutating func parseOr(nesting: Int) -> Node? {
        guard let first = parseAnd(nesting: nesting) else { return nil }
        var operands = [first]
        while current == .or {
            position += 1
            guard let next = parseAnd(nesting: nesting) else { return nil }
            operands.append(next)
        }
        return Self.balanced(operands[...], Condition.or)
    }

    private mutating func parseAnd(nesting: Int) -> Node? {
        guard let first = parseUnary(nesting: nesting) else { return nil }
        var operands = [first]
        while current == .and {
            position += 1
            guard let next = parseUnary(nesting: nesting) else { return nil }
            operands.append(next)
        }
        return Self.balanced(operands[...], Condition.and)
    }

    private mutating func parseUnary(nesting: Int) -> Node? {
        var negations = 0
        while current == .not {
            negations += 1
            position += 1
        }
        guard let operand = parsePrimary(nesting: nesting) else { return nil }
        // `!!x` is `x` in Kleene logic too.
        if negations % 2 == 1 {
            return Self.make(.not(operand.condition), height: operand.height + 1)
        }
        return operand
    }

    private mutating func parsePrimary(nesting: Int) -> Node? {
        guard let token = current else { return nil }
        position += 1
        switch token {
        case .leftParen:
            guard nesting < Condition.maxNesting, let inner = parseOr(nesting: nesting + 1),
                  current == .rightParen else { return nil }
            position += 1
            return inner
        case .identifier(let name):
            switch name {
            case "true": return Node(condition: .always, height: 1)
            case "false": return Node(condition: .never, height: 1)
            default: return Node(condition: .unknown, height: 1)
            }
        case .call(let name, let arguments):
            let condition = Self.call(name, arguments)
            return Node(condition: condition, height: condition.isCompound ? 2 : 1)
        case .rightParen, .not, .and, .or:
            return nil
        }
    }

    private static func call(_ name: String, _ arguments: String) -> Condition {
        let first = arguments.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        switch name {
        case "os":
            guard isIdentifier(first), !arguments.contains(",") else { return .unknown }
            return .os(Condition.normalisedOSName(first))
        case "canImport":
            guard isModuleName(first) else { return .unknown }
            // `canImport(M, _version: v)` needs a new enough M: where M exists it is unknown, elsewhere still false.
            return arguments.contains(",") ? .and(.canImport(first), .unknown) : .canImport(first)
        case "targetEnvironment":
            guard isIdentifier(first), !arguments.contains(",") else { return .unknown }
            switch first.lowercased() {
            case "maccatalyst": return .targetEnvironment("macCatalyst")
            case "simulator": return .targetEnvironment("simulator")
            default: return .targetEnvironment(first)
            }
        default:
            // arch, swift, compiler, hasFeature, hasAttribute, _endian, _pointerBitWidth, …
            return .unknown
        }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let head = bytes.first, ConditionLexer.isIdentifierStart(head) else { return false }
        return bytes.dropFirst().allSatisfy(ConditionLexer.isIdentifierContinue)
    }

    private static func isModuleName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) }
    }

    private static func make(_ condition: Condition, height: Int) -> Node? {
        height > Condition.maxHeight ? nil : Node(condition: condition, height: height)
    }

    /// Folds an associative chain into a balanced tree, so `a || b || …` stays shallow.
    private static func balanced(_ items: ArraySlice<Node>, _ combine: (Condition, Condition) -> Condition) -> Node? {
        if items.count == 1 { return items.first }
        let middle = items.startIndex + items.count / 2
        guard let left = balanced(items[items.startIndex..<middle], combine),
              let right = balanced(items[middle...], combine) else { return nil }
        return make(combine(left.condition, right.condition), height: max(left.height, right.height) + 1)
    }
}
