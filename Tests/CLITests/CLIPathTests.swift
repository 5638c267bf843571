import Foundation
import XCTest
import KeychainLintCLI
import KeychainLintProject

/// How paths are written in findings and how folders are walked.
final class CLIPathTests: CLITestCase {
    // MARK: paths

    func testOutputPathsKeepTheArgumentAsWritten() {
        write("Sources/App/A.swift", "kSecBad\n")
        XCTAssertEqual(paths(run(["Sources"])), ["Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["./Sources"])), ["./Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["Sources/"])), ["Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["Sources//"])), ["Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["Sources/App/A.swift"])), ["Sources/App/A.swift"])
        XCTAssertEqual(paths(run(["./Sources/../Sources/App"])), ["./Sources/../Sources/App/A.swift"])
        XCTAssertEqual(paths(run([root + "/Sources"])), [root + "/Sources/App/A.swift"])
        XCTAssertEqual(paths(run([root + "/Sources/"])), [root + "/Sources/App/A.swift"])
        XCTAssertEqual(paths(run([])), ["./Sources/App/A.swift"], "default path is .")
    }

    func testFileSystemRootDoesNotDoubleSlash() {
        XCTAssertEqual(FileDiscovery.trimmingTrailingSlashes("/"), "/")
        XCTAssertEqual(FileDiscovery.trimmingTrailingSlashes("//"), "/")
        XCTAssertEqual(FileDiscovery.trimmingTrailingSlashes("a/"), "a")
        XCTAssertEqual(FileDiscovery.trimmingTrailingSlashes("."), ".")
    }

    func testAProcessRelativeRunWithoutWorkingDirectory() {
        // With no working directory injected, relative paths are the process's; absolute ones work as is.
        write("Abs/A.swift", "kSecBad\n")
        let out = BufferSink(), err = BufferSink()
        let code = CommandLineTool.run(arguments: [root + "/Abs"], rules: CLITestCase.testRules, stdout: out, stderr: err)
        XCTAssertEqual(code, 1)
        XCTAssertEqual(out.text, "\(root)/Abs/A.swift:1:1: error: bad thing [test-bad]\n")
    }

    func testDuplicateArgumentsLintAFileOnce() {
        write("Sources/App/A.swift", "kSecBad\n")
        let r = run(["Sources", "Sources/App/A.swift", "Sources/App", "Sources/"])
        XCTAssertEqual(paths(r), ["Sources/App/A.swift"])
        XCTAssertTrue(r.err.hasPrefix("Linted 1 file:"), r.err)
    }

    // MARK: discovery

    func testSkippedFoldersAreNotEntered() {
        write("App/A.swift", "kSecBad\n")
        for skipped in [".build", "DerivedData", "Pods", "Carthage", ".swiftpm", ".git", ".hidden", "App/.cache"] {
            write("\(skipped)/X.swift", "kSecBad\n")
            write("\(skipped)/deep/Y.swift", "kSecBad\n")
        }
        write("NotSwift.txt", "kSecBad\n")
        write("App/B.swift.orig", "kSecBad\n")
        let r = run(["."])
        XCTAssertEqual(paths(r), ["./App/A.swift"])
        XCTAssertTrue(r.err.hasPrefix("Linted 1 file: 1 error"), r.err)
    }

    func testSkippedFolderNamedAsArgumentIsWalked() {
        write("Pods/Lib/X.swift", "kSecBad\n")
        write("Pods/.build/Y.swift", "kSecBad\n")
        XCTAssertEqual(paths(run(["Pods"])), ["Pods/Lib/X.swift"])
    }

    func testExplicitFileIsAlwaysLinted() {
        write(".build/checkouts/Gen.swift", "kSecBad\n")
        write("Pods/script.txt", "kSecWarn\n")
        let r = run([".build/checkouts/Gen.swift", "Pods/script.txt", "."])
        XCTAssertEqual(r.out, """
        .build/checkouts/Gen.swift:1:1: error: bad thing [test-bad]
        Pods/script.txt:1:1: warning: warn thing [test-warn]

        """)
    }

    func testDirectoryNamedLikeASwiftFileIsADirectory() {
        write("x.swift/Inner.swift", "kSecBad\n")
        write("x.swift/notes.md", "kSecBad\n")
        let r = run(["."])
        XCTAssertEqual(paths(r), ["./x.swift/Inner.swift"])
        XCTAssertFalse(r.err.contains("keychain-lint: warning"), r.err)
        XCTAssertEqual(paths(run(["x.swift"])), ["x.swift/Inner.swift"])
    }

    func testSymlinkLoopTerminatesAndFileLinksAreLinted() {
        write("a/A.swift", "kSecBad\n")
        symlink("a/loop", to: "..")            // a/loop → the root: a cycle if followed
        symlink("a/self", to: ".")              // a/self → a
        symlink("a/abs", to: root)              // absolute link to the root
        write("outside/Target.swift", "kSecWarn\n")
        symlink("a/Linked.swift", to: "../outside/Target.swift")
        symlink("a/Dangling.swift", to: "nowhere.swift")
        let r = run(["a"])
        XCTAssertEqual(paths(r), ["a/A.swift", "a/Linked.swift"])
        XCTAssertFalse(r.err.contains("keychain-lint: warning"), r.err)
        // From the root, the folder is walked once and the linked file is linted once, under its own name.
        XCTAssertEqual(paths(run(["."])), ["./a/A.swift", "./outside/Target.swift"])
    }

    func testSeveralLinksToOneFileLintItOnceAndExplicitLinksAlways() {
        write("outside/Target.swift", "kSecWarn\n")
        mkdir("a")
        symlink("a/Two.swift", to: "../outside/Target.swift")
        symlink("a/One.swift", to: "../outside/Target.swift")
        XCTAssertEqual(paths(run(["a"])), ["a/One.swift"], "the first link in path order")
        XCTAssertEqual(paths(run(["a", "a/Two.swift"])), ["a/Two.swift"],
                       "a file argument is linted as named, and the walk's link to the same file is not linted again")
    }

    func testSymlinkArgumentToFolderIsFollowed() {
        write("real/A.swift", "kSecBad\n")
        symlink("link", to: "real")
        XCTAssertEqual(paths(run(["link"])), ["link/A.swift"])
    }

    func testDiscoveredFilesAreSorted() {
        for name in ["b", "a", "C", "a0", "a_"] { write("d/\(name).swift", "") }
        write("d/a/z.swift", "")
        let (targets, problems) = FileDiscovery(workingDirectory: root).discover(["d"])
        XCTAssertEqual(problems, [])
        XCTAssertEqual(targets.map(\.path), ["d/C.swift", "d/a.swift", "d/a/z.swift", "d/a0.swift", "d/a_.swift", "d/b.swift"])
    }
}
