import KeychainLintCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
