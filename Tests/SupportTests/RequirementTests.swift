import XCTest
import KeychainLintTestSupport

/// The test helper behind every skip: a missing requirement skips a test locally and fails it under
/// CI=true; the clean-temporary-folder check finds a project file above a folder.
final class RequirementTests: XCTestCase {
    func testAMissingRequirementSkipsLocallyAndFailsUnderCI() throws {
        XCTAssertNoThrow(try skipUnlessAvailable(true, "there", environment: ["CI": "true"]))
        XCTAssertEqual(try availableOrSkip(7, "there", environment: ["CI": "true"]), 7)

        for local in [[:], ["CI": "false"], ["CI": ""]] as [[String: String]] {
            XCTAssertThrowsError(try skipUnlessAvailable(false, "patch is not installed", environment: local)) { error in
                XCTAssertTrue(error is XCTSkip, "\(local): \(error)")
            }
            XCTAssertThrowsError(try availableOrSkip(nil as Int?, "no value", environment: local)) { error in
                XCTAssertTrue(error is XCTSkip, "\(local): \(error)")
            }
        }
        XCTAssertThrowsError(try skipUnlessAvailable(false, "patch is not installed", environment: ["CI": "true"])) { error in
            XCTAssertFalse(error is XCTSkip, "under CI a missing requirement is a failure, not a skip")
            let missing = error as? Requirement.Missing
            XCTAssertNotNil(missing)
            XCTAssertTrue(missing?.description.hasSuffix("required under CI=true, missing: patch is not installed") == true,
                          String(describing: missing))
            XCTAssertTrue(missing?.description.contains("RequirementTests.swift:") == true, "it names the caller's line")
        }
        XCTAssertThrowsError(try availableOrSkip(nil as Int?, "no value", environment: ["CI": "true"])) { error in
            XCTAssertTrue(error is Requirement.Missing, "\(error)")
        }
    }

    func testAProjectFileAboveAFolderIsFound() throws {
        let folder = try ScratchFolder("requirement")
        let root = folder.root
        let outside = Requirement.projectFolder(above: root)
        // Nothing inside the scratch folder: what is found is what is above the scratch folder itself.
        XCTAssertEqual(Requirement.projectFolder(above: root + "/Plain/Deep/A.swift"), outside)
        let layouts = [("Pkg/Package.swift", "Pkg"), ("App/App.xcodeproj/project.pbxproj", "App"),
                       ("Pods/Podfile", "Pods"), ("Kit/Kit.podspec", "Kit"), ("Json/Kit.podspec.json", "Json")]
        for (file, project) in layouts {
            XCTAssertTrue(folder.write(file, ""))
            XCTAssertEqual(Requirement.projectFolder(above: root + "/\(project)/Sources/Deep/A.swift"), root + "/\(project)", file)
            XCTAssertEqual(Requirement.projectFolder(above: root + "/\(project)/A.swift"), root + "/\(project)", file)
        }
        XCTAssertTrue(folder.write("Other/ReadMe.md", ""))
        XCTAssertEqual(Requirement.projectFolder(above: root + "/Other/A.swift"), outside)
    }
}
