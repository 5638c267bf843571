// Raw strings that start with three quotes but close on their own line are one-line strings:
// `#"""#` holds one quote. Read as multi-line openings, each would swallow the code after it.
let quote = #"""#
let afterQuote = 1 // a comment the string must not swallow
let empty = #""#
let twoHashes = ##"""##
let doubled = #"""a"""#
let twoQuotes = #""""#
let hashInside = ##"""#"##
let interpolated = #"""\#(quote)"#
let joined = [#"""#, ##"""##].joined(separator: "-") // two one-quote strings
let multi = #"""
    a multi-line raw string: its opening line ends after the quotes
    """#
let last = "tail" // still code
