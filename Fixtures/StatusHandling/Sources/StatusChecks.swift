import Foundation

/// Status checks kept apart from the keychain code (this file names no keychain constant):
/// `check(status:during:)` throws an error whose code is the status, so a caller in another file
/// hands its add's status to code that can tell a duplicate apart; `log(status:)` only prints it.
enum StatusChecks {
    static func check(status: OSStatus, during action: String) throws {
        guard status != errSecSuccess else { return }
        throw NSError(domain: NSOSStatusErrorDomain, code: Int(status), userInfo: [NSLocalizedDescriptionKey: action])
    }

    static func log(status: OSStatus) {
        print("keychain status \(status)")
    }
}
