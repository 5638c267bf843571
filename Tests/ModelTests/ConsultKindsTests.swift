import XCTest
import KeychainLintModel

/// A name a file looked up only as a function, an alias or a helper matters only when the project
/// declares it as that: the project rounds skip the file otherwise, so each answer is tested both ways.
final class ConsultKindsTests: XCTestCase {
    private let forKeyOptions = FunctionSignature(parameters: [.init(label: "forKey", mayBeOmitted: false),
                                                               .init(label: "options", mayBeOmitted: true)])

    private func summaries(_ name: String, _ signature: FunctionSignature) -> ProjectSymbols {
        var summary = FunctionSummary(signature: signature, route: "Store.\(name)(forKey:options:)")
        summary.sinks = [ParameterSink(parameter: 1, operation: .copyMatching, role: .query, added: [], removed: [],
                                       status: .handledInside, route: [], operationOffset: 3)]
        return ProjectSymbols(summaries: [name: [summary]])
    }

    func testACallDependsOnASummaryOnlyWhenItsLabelsBind() {
        let project = summaries("string", forKeyOptions)
        // `string(forKey: k)` and `string(forKey: k, options: q)` bind; `string(_:)`, `string(key:)`,
        // `string()` and `string(options: q)` (the required label missing) do not.
        for labels in [["forKey"], ["forKey", "options"]] {
            XCTAssertTrue(ConsultKinds(callLabels: [labels]).depends(on: "string", in: project), "\(labels)")
        }
        for labels in [["_"], ["key"], [], ["options"], ["options", "forKey"]] {
            XCTAssertFalse(ConsultKinds(callLabels: [labels]).depends(on: "string", in: project), "\(labels)")
        }
        // One binding call among several is enough.
        XCTAssertTrue(ConsultKinds(callLabels: [["_"], ["forKey"]]).depends(on: "string", in: project))
        // Another name's summaries say nothing about this one.
        XCTAssertFalse(ConsultKinds(callLabels: [["forKey"]]).depends(on: "object", in: project))
    }

    func testAnAliasOrAHelperLookupDependsOnlyOnThatKindOfSymbol() {
        let aliases = ProjectSymbols(functionAliases: ["remove": .delete])
        let helpers = ProjectSymbols(helpers: ["baseQuery": []])
        XCTAssertTrue(ConsultKinds(alias: true).depends(on: "remove", in: aliases))
        XCTAssertFalse(ConsultKinds(helper: true).depends(on: "remove", in: aliases))
        XCTAssertFalse(ConsultKinds(callLabels: [["_"]]).depends(on: "remove", in: aliases))
        XCTAssertTrue(ConsultKinds(helper: true).depends(on: "baseQuery", in: helpers))
        XCTAssertFalse(ConsultKinds(alias: true).depends(on: "baseQuery", in: helpers))
        // A call's summary lookup and an alias lookup of the same name: either kind is enough.
        XCTAssertTrue(ConsultKinds(callLabels: [["_"]], alias: true).depends(on: "remove", in: aliases))
        XCTAssertTrue(ConsultKinds(callLabels: [["forKey"]], alias: true).depends(on: "string", in: summaries("string", forKeyOptions)))
    }

    func testAPassThroughFunctionAlwaysCounts() {
        let project = ProjectSymbols(passThroughFunctions: ["asQuery"])
        XCTAssertTrue(ConsultKinds(callLabels: [["key"]]).depends(on: "asQuery", in: project))
    }
}
