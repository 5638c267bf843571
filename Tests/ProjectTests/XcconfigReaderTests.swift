import XCTest
import KeychainLintProject
import KeychainLintSyntax

/// `.xcconfig` lines and `project.pbxproj` build-settings blocks, read into assignments.
final class XcconfigReaderTests: XCTestCase {
    private func lines(_ text: String) -> [XcconfigReader.Line] { XcconfigReader.lines(Array(text.utf8)) }

    func testAssignmentsConditionsAndComments() {
        XCTAssertEqual(lines("""
        // a comment
        CFG_TEAM_ID = DTDYD63ZX9
          CFG_GROUP[sdk=iphoneos*] [config=Debug]=group.a // trailing comment
        URL = https://example.com
        EMPTY =
        WITH_SEMICOLON = value ;\r
        """), [
            .assignment(name: "CFG_TEAM_ID", condition: "", value: "DTDYD63ZX9", line: 2),
            .assignment(name: "CFG_GROUP", condition: "[sdk=iphoneos*][config=Debug]", value: "group.a", line: 3),
            .assignment(name: "URL", condition: "", value: "https:", line: 4),
            .assignment(name: "EMPTY", condition: "", value: "", line: 5),
            .assignment(name: "WITH_SEMICOLON", condition: "", value: "value", line: 6),
        ])
    }

    func testIncludes() {
        XCTAssertEqual(lines("#include \"Base.xcconfig\"\n#include? \"Secret.xcconfig\"\n#include \"\"\n#import \"x\""), [
            .include(path: "Base.xcconfig", optional: false, line: 1),
            .include(path: "Secret.xcconfig", optional: true, line: 2),
        ])
    }

    func testLinesThatAreNotSettingsAreIgnored() {
        let junk = "= value\n9NAME = x\nNAME value\nNAME[sdk=ios = x\n#include \"unclosed\n\u{FEFF}\0\0\n[x] = y\nNÄME = z"
        XCTAssertEqual(lines(junk), [])
        XCTAssertEqual(XcconfigReader.lines([0xEF, 0xBB, 0xBF] + Array("A = b".utf8)),
                       [.assignment(name: "A", condition: "", value: "b", line: 1)])
    }

    func testRandomBytesNeverCrash() {
        var generator = XorShift(seed: 0x5EED)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in
                [UInt8(ascii: "$"), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "="), 0x0A, UInt8(ascii: "#"),
                 UInt8(ascii: "/"), UInt8(ascii: "A"), UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: "\\"), 0xFF].randomElement(using: &generator)!
            }
            _ = XcconfigReader.lines(bytes)
            _ = XcodeProjectReader.buildSettings(pbxproj: bytes)
        }
    }

    func testPbxprojBuildSettingsBlocks() {
        let pbxproj = """
        // !$*UTF8*$!
        {
            objects = {
                1 /* Debug */ = {
                    isa = XCBuildConfiguration;
                    baseConfigurationReference = 2 /* Config.xcconfig */;
                    buildSettings = {
                        CODE_SIGN_ENTITLEMENTS = "App/App.entitlements";
                        "CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Developer";
                        OTHER_LDFLAGS = (
                            "-ObjC",
                            "$(inherited)",
                        );
                        PRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)";
                        QUOTED = "say \\"hi\\"";
                    };
                    name = Debug;
                };
                3 = { isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; };
            };
        }
        """
        let blocks = XcodeProjectReader.buildSettings(pbxproj: Array(pbxproj.utf8))
        XCTAssertEqual(blocks.map { $0.map { "\($0.line): \($0.key) = \($0.value)" } }, [
            ["8: CODE_SIGN_ENTITLEMENTS = App/App.entitlements",
             "9: CODE_SIGN_IDENTITY[sdk=iphoneos*] = iPhone Developer",
             "14: PRODUCT_BUNDLE_IDENTIFIER = com.example.$(PRODUCT_NAME:rfc1034identifier)",
             "15: QUOTED = say \"hi\""],
            ["19: SDKROOT = iphoneos"],
        ])
        XCTAssertEqual(XcodeProjectReader.platforms(pbxproj: pbxproj), .iOS)
    }

    /// A block cut off or broken keeps what was read before the break; the next block is read.
    func testBrokenBlocksKeepWhatWasRead() {
        let text = "buildSettings = { A = 1; B = ( \"x\"; C = 3; }; buildSettings = { D = 4; E = }; buildSettings = {"
        XCTAssertEqual(XcodeProjectReader.buildSettings(pbxproj: Array(text.utf8)).map { $0.map(\.key) }, [["A"], ["D"], []])
        let second = "buildSettings = { A = 1; B }; buildSettings = { D = \"4\"; E = \"unclosed"
        XCTAssertEqual(XcodeProjectReader.buildSettings(pbxproj: Array(second.utf8)).map { $0.map(\.key) }, [["A"], ["D"]])
    }
}

/// A seeded generator, so a failing input can be found again.
struct XorShift: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
