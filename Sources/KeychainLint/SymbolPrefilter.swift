import KeychainLintRules
import KeychainLintSupport
/// Byte-level checks for the project-wide pass, as cheap as the rules' prefilter.
package enum SymbolPrefilter {
    /// Text a file must contain to declare an alias, a function reference or a helper:
    /// `kSec…` constants or the Security functions themselves; or a status handler, which takes
    /// an `OSStatus` (`StatusHandling`); or a function that forwards a dictionary it is passed to
    /// another file's keychain function, which converts it for the Security API on the way
    /// (`Vault.fetch(query as CFDictionary, &r)`). Ten files of the 74-repository tree name
    /// `CFDictionary` and none of the others.
    static let declarationLiterals = ["kSec", "SecItem", "SecKeyCreate", "SecPKCS12Import", "OSStatus", "CFDictionary"]

    /// The test whether a file may declare symbols, for bytes known to hold none of `absent` (a file
    /// the rules' prefilter dropped): a literal that contains one of them cannot occur either, so it
    /// is not searched for.
    static func declarationNeedles(absent: [String]) -> Prefilter {
        let absentBytes = absent.filter { !$0.isEmpty }.map { Array($0.utf8) }
        return Prefilter(literals: declarationLiterals.filter { literal in
            Array(literal.utf8).withUnsafeBufferPointer { bytes in !absentBytes.contains { ByteSearch.contains($0, in: bytes) } }
        })
    }

    /// Whether the bytes declare a `typealias` of a dictionary type (`typealias Query = [String:
    /// Any]`, `= Dictionary<…>`, `= NSDictionary`; `= CFDictionary` is a declaration literal
    /// already), which other files' signatures may name (`FileSymbols.dictionaryTypeAliases`).
    /// Asked of the bytes: 2,060 of the 20,285 files of the 74-repository tree say `typealias`,
    /// and 92 alias a bracketed type.
    package static func declaresDictionaryTypeAlias(_ bytes: [UInt8]) -> Bool {
        var from = 0
        // Anchored on its `y`: `t` is among the commonest bytes of source text (measured in docs/PERFORMANCE.md).
        while let found = ByteSearch.firstOffset(of: typealiasBytes, anchor: 1, in: bytes, from: from) {
            from = found + typealiasBytes.count
            var j = from
            func skipSpaces() { while j < bytes.count && (bytes[j] == 0x20 || bytes[j] == 0x09) { j += 1 } }
            skipSpaces()
            while j < bytes.count && (bytes[j] == 0x5F || bytes[j] >= 0x80 || (bytes[j] | 0x20 >= 0x61 && bytes[j] | 0x20 <= 0x7A)
                                      || (bytes[j] >= 0x30 && bytes[j] <= 0x39)) { j += 1 }
            skipSpaces()
            guard j < bytes.count, bytes[j] == 0x3D else { continue }  // `=`
            j += 1
            skipSpaces()
            guard j < bytes.count else { return false }
            if bytes[j] == 0x5B {  // `[K: V]`: a colon at the first bracket's depth, on the line
                var depth = 0
                while j < bytes.count && bytes[j] != 0x0A {
                    switch bytes[j] {
                    case 0x5B: depth += 1
                    case 0x5D: depth -= 1
                    case 0x3A where depth == 1: return true
                    default: break
                    }
                    if depth == 0 { break }
                    j += 1
                }
            } else if dictionaryTypeNames.contains(where: { bytes[j...].starts(with: $0) }) {
                return true
            }
        }
        return false
    }

    private static let typealiasBytes = Array("typealias".utf8)
    private static let dictionaryTypeNames = ["Dictionary<", "NSDictionary", "NSMutableDictionary"].map { Array($0.utf8) }
}
