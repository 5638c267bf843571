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
}
