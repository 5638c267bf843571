// Valid Swift whose comments and literals are easy to get wrong; compared with tree-sitter in .ci/run.
let a = #"a "quoted" \(not interpolated) \#(1 + 2)"#
let b = ##"one # and "# inside"##
let c = """
    multi-line with "quotes" and \(a.count) and \"""
    """
let d = #"""
    raw multi-line with """ inside and \#(b)
    """#
let e = "nested \("inner \("deepest") inner") outer"
let f = "a /* not a comment */ b // nor this"
let g = "\u{1F600} \t \\ \" \0"
/* block /* nested /* twice */ */ still comment */
let h = 1 /* inline */ + 2 // trailing "string" in a comment
/// doc comment with `code` and "quotes"
/** doc block */
let i = "" + "" + #""#
let j = """
\(e)\(f)
"""
