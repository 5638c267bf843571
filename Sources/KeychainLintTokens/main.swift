import Foundation
import KeychainLintSyntax

// `keychain-lint-tokens FILE…`: one JSON line per file with the byte ranges of its comments,
// string literals and regex literals, as the tokenizer sees them:
//
//   {"file":"A.swift","comments":[[0,12]],"strings":[[20,31]],"regexes":[]}
//
// A debug tool for Scripts/tokenizer-diff.py, which compares the ranges with tree-sitter-swift's.
// Mapping: a comment is one comment token (`//…` up to the line break, `/*…*/` with what it nests);
// a string is a whole outermost literal, delimiters, hashes and interpolations included (a string
// inside an interpolation is part of the outer one, a comment inside one is still listed); an
// unterminated single-line string ends at its line break, anything else unterminated at the end of file.

/// Open literals and interpolations, replayed from the token stream as the lexer keeps them.
private enum Open { case string(multiline: Bool), interpolation }

private func ranges(_ bytes: [UInt8]) -> (comments: [Range<Int>], strings: [Range<Int>], regexes: [Range<Int>]) {
    var comments: [Range<Int>] = [], strings: [Range<Int>] = [], regexes: [Range<Int>] = []
    var stack: [Open] = []
    var outerStart = 0
    func close(at end: Int) {
        stack.removeLast()
        if !stack.contains(where: { if case .string = $0 { return true } else { return false } }) {
            strings.append(outerStart..<end)
        }
    }
    func isSingleLineString(_ open: Open?) -> Bool {
        if case .string(let multiline)? = open { return !multiline }
        return false
    }
    for token in Tokenizer.tokenize(bytes) {
        switch token.kind {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment:
            comments.append(token.range)
        case .regexLiteral:
            regexes.append(token.range)
        case .stringStart:
            if !stack.contains(where: { if case .string = $0 { return true } else { return false } }) { outerStart = Int(token.start) }
            stack.append(.string(multiline: token.length >= 3 && bytes[Int(token.end) - 3] == UInt8(ascii: "\"")
                                 && bytes[Int(token.end) - 2] == UInt8(ascii: "\"")))
        case .interpolationStart:
            stack.append(.interpolation)
        case .interpolationEnd:
            if case .interpolation? = stack.last { stack.removeLast() }
        case .stringEnd:
            if case .string? = stack.last { close(at: Int(token.end)) }
        case .newline:
            // A line break ends an unterminated single-line string, with every interpolation it is in.
            if isSingleLineString(stack.last) { close(at: Int(token.start)) }
            while stack.count >= 2, case .interpolation = stack[stack.count - 1], isSingleLineString(stack[stack.count - 2]) {
                stack.removeLast()
                close(at: Int(token.start))
            }
        default:
            break
        }
    }
    if !stack.isEmpty { strings.append(outerStart..<bytes.count) }
    return (comments, strings, regexes)
}

private func json(_ list: [Range<Int>]) -> String {
    "[" + list.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",") + "]"
}

var failed = false
for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("keychain-lint-tokens: cannot read \(path)\n".utf8))
        failed = true
        continue
    }
    let r = ranges([UInt8](data))
    let name = String(decoding: try! JSONSerialization.data(withJSONObject: [path], options: [.fragmentsAllowed]), as: UTF8.self)
    print("{\"file\":\(name.dropFirst().dropLast()),\"comments\":\(json(r.comments)),\"strings\":\(json(r.strings)),\"regexes\":\(json(r.regexes))}")
}
exit(failed ? 1 : 0)
