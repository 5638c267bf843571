/// Byte-level checks for the project-wide pass, as cheap as the rules' prefilter.
package enum SymbolPrefilter {
    /// Text a file must contain to declare an alias, a function reference or a helper:
    /// `kSec…` constants or the Security functions themselves.
    static let declarationNeedles = Prefilter(literals: ["kSec", "SecItem", "SecKeyCreate", "SecPKCS12Import"])

    package static func mayDeclareSymbols(_ bytes: [UInt8]) -> Bool {
        declarationNeedles.matches(bytes)
    }

    /// Whether the bytes contain one of `names` as a whole identifier (`Class`, not `Classes`):
    /// a file the rules' prefilter dropped must still be read when it uses another file's alias.
    package static func mentionsIdentifier(in bytes: [UInt8], _ names: [[UInt8]]) -> Bool {
        bytes.withUnsafeBufferPointer { hay in
            names.contains { Prefilter.containsIdentifier($0, in: hay) }
        }
    }
}
