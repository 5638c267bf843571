import KeychainLintReporters
// STUB for helper C
package enum CommandLineTool {
    package static func run(arguments: [String]) -> Int32 { 0 }
}
