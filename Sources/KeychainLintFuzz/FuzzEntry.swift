import KeychainLintFuzzChecks

// Built two ways (see .ci/fuzz):
// - with `--sanitize=fuzzer -Xswiftc -DKEYCHAIN_LINT_LIBFUZZER`: libFuzzer supplies `main` and calls
//   `LLVMFuzzerTestOneInput` for every input it generates;
// - in the normal build: a `main` that replays the files it is given through the same checks, so a
//   saved crash reproduces without the sanitizers, and `swift build` links without libFuzzer.

/// libFuzzer's entry point: any violated invariant traps, so libFuzzer saves the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    let problems = PipelineInvariants.violations(bytes)
    if !problems.isEmpty {
        fatalError("invariant violated: " + problems.joined(separator: "; "))
    }
    return 0
}

#if !KEYCHAIN_LINT_LIBFUZZER
import Foundation

/// `keychain-lint-fuzz FILE…`: replays saved inputs; exit status 1 when one violates an invariant.
@main
enum Replay {
    static func main() {
        var failed = false
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                failed = true
                continue
            }
            let problems = PipelineInvariants.violations([UInt8](data))
            for problem in problems { FileHandle.standardError.write(Data("\(path): \(problem)\n".utf8)) }
            failed = failed || !problems.isEmpty
        }
        exit(failed ? 1 : 0)
    }
}
#endif
