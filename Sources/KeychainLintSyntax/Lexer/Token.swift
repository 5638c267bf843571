/// What a run of source bytes is. Kept to one byte so a token array stays dense.
///
/// `@usableFromInline package` with `@inlinable` accessors, like `Token`, `SourceFile` and
/// `CodeView`'s: the model and the rules compare these on every token from other modules, and a
/// call for each comparison is a visible share of a run. Swift inlines a package member into
/// another module only when its type is `@usableFromInline` too; so marked they cost what `public`
/// ones would (docs/PERFORMANCE.md) without being public API: nothing outside the package needs
/// tokens.
///
/// The tokenizer is lossless: every byte of the input belongs to exactly one token,
/// so trivia (whitespace, newlines, comments) are tokens too. Code that reads the
/// program skips them with `isTrivia`.
@usableFromInline package enum TokenKind: UInt8, Sendable, CaseIterable {
    /// Spaces, tabs, vertical tabs, form feeds and NUL bytes.
    case whitespace
    /// `\n`, `\r\n` or a lone `\r`: one token per line break.
    case newline
    /// `// …` up to (not including) the line break.
    case lineComment
    /// `/// …` up to (not including) the line break.
    case docLineComment
    /// `/* … */`, nesting like Swift; unterminated ones run to end of file.
    case blockComment
    /// `/** … */`.
    case docBlockComment
    /// A byte-order mark at offset 0.
    case byteOrderMark

    /// `foo`, `` `foo` ``, `$0`, `$foo`, `café`, contextual keywords (`get`, `set`, `willSet`, `some`, …).
    case identifier
    /// A reserved word: `let`, `var`, `func`, `as`, `is`, `true`, `false`, `nil`, `self`, `Self`, …
    case keyword
    case integerLiteral
    case floatLiteral

    /// The opening delimiter of a string literal with its hashes: `"`, `"""`, `#"`, `##"""`, ….
    case stringStart
    /// Literal text between delimiters and interpolations, escapes left as written.
    case stringSegment
    /// `\(` or, in a raw string, `\#(` with as many `#` as the delimiter.
    case interpolationStart
    /// The `)` that closes an interpolation.
    case interpolationEnd
    /// The closing delimiter, matching the opening one.
    case stringEnd

    /// A whole regex literal, delimiters included: `/…/`, `#/…/#`, extended `#/ … /#`.
    case regexLiteral
    /// `#if`, `#elseif`, `#else`, `#endif`: the condition follows as ordinary tokens on the same line.
    case poundDirective
    /// Any other `#name`: `#available`, `#selector`, `#file`, `#warning`, macro expansions.
    case poundKeyword

    /// A run of operator characters (`=`, `==`, `&&`, `->`, `...`, `?`, `!`, `&`).
    case `operator`
    case leftParen, rightParen
    case leftBracket, rightBracket
    case leftBrace, rightBrace
    case comma, colon, semicolon, period, at, backslash
    /// Bytes that start no Swift token: invalid UTF-8, stray `#` or backtick, control characters.
    case unknown

    /// Compared by raw value, and inlinable, so the model and rules modules compare kinds inline
    /// instead of calling the synthesized conformance through a protocol witness on every token.
    @inlinable @inline(__always)
    package static func == (a: TokenKind, b: TokenKind) -> Bool { a.rawValue == b.rawValue }

    /// Whitespace, line breaks, comments and the BOM: everything the program never reads.
    @inlinable @inline(__always)
    package var isTrivia: Bool {
        rawValue <= TokenKind.byteOrderMark.rawValue
    }

    @inlinable @inline(__always)
    package var isComment: Bool {
        self == .lineComment || self == .docLineComment || self == .blockComment || self == .docBlockComment
    }
}

/// A token is a kind and a half-open byte range `start..<end` into the file's bytes.
/// 32-bit offsets keep the array small; files over 2 GiB are refused before tokenizing.
@usableFromInline package struct Token: Equatable, Sendable {
    @usableFromInline package var kind: TokenKind
    @usableFromInline package var start: Int32
    @usableFromInline package var end: Int32

    @inlinable @inline(__always)
    package init(kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
    }

    @inlinable package var range: Range<Int> { Int(start)..<Int(end) }
    @inlinable package var length: Int { Int(end - start) }
}
