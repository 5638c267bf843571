import Foundation
import Security
import XCTest

/// Tests that read the factory's entries: no dictionary here reaches an operation.
final class SeedQueryFactoryTests: XCTestCase {
    private var subject: SeedQueryFactory!

    override func setUp() {
        super.setUp()
        subject = SeedQueryFactory()
    }

    // Right: the entries are only read.
    func testSaveQueryCarriesTheSecret() {
        let secret = Data([1, 2, 3])
        let result = subject.seedQuery(for: .save(name: "seed", secret: secret))
        XCTAssertEqual(result[kSecClass] as! CFString, kSecClassGenericPassword)
        XCTAssertEqual(result[kSecAttrAccount] as? String, "seed")
        XCTAssertEqual(result[kSecValueData] as? Data, secret)
    }

    // Wrong: the dictionary goes somewhere the linter cannot see, as an item with data and no
    // service; where it is added, the empty service collides with the next add.
    func testSaveQueryIsAccepted() {
        let result = subject.seedQuery(for: .save(name: "seed", secret: Data([1])))  // expect: generic-password-missing-primary-key@13
        XCTAssertTrue(FakeKeychain().accepts(result))
    }
}

/// A stand-in the tests hand dictionaries to.
final class FakeKeychain {
    func accepts(_ query: [CFString: Any]) -> Bool { !query.isEmpty }
}
