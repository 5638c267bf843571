import KeychainLint

/// JUnit XML, the test report most CI systems show (GitLab's test report, Jenkins, Azure, CircleCI):
/// one test case per linted file, passed when clean, with one `<failure>` per finding. A
/// finding's failure holds its line in the default output form, so it reads like the terminal.
package struct JUnitReporter: Reporter {
    package static let name = "junit"
    package static let summary = "JUnit XML: a test case per file, a failure per finding"

    package init() {}

    package func report(_ result: LintResult) -> String {
        var byPath: [String: [Finding]] = [:]
        for f in result.findings { byPath[f.path, default: []].append(f) }
        // Files with findings are linted files too; a result made without the list still lists them.
        let paths = Set(result.lintedPaths).union(byPath.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let failed = byPath.count
        let counts = "tests=\"\(paths.count)\" failures=\"\(failed)\" errors=\"0\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"keychain-lint\" \(counts)>\n"
        out += "<testsuite name=\"keychain-lint\" \(counts) skipped=\"0\">\n"
        for path in paths {
            let name = XMLText.escaped(path)
            guard let findings = byPath[path] else {
                out += "<testcase classname=\"keychain-lint\" name=\"\(name)\" file=\"\(name)\"/>\n"
                continue
            }
            out += "<testcase classname=\"keychain-lint\" name=\"\(name)\" file=\"\(name)\">\n"
            for f in findings {
                let line = "\(f.path):\(f.line):\(f.column): \(f.severity.rawValue): \(f.message) [\(f.ruleID)]"
                out += "<failure type=\"\(f.severity.rawValue)\" message=\"\(XMLText.escaped("\(f.ruleID): \(f.message)"))\">"
                out += XMLText.escaped(line) + "</failure>\n"
            }
            out += "</testcase>\n"
        }
        return out + "</testsuite>\n</testsuites>\n"
    }
}
