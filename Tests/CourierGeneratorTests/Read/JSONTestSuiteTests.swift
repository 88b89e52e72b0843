import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// nst/JSONTestSuite's parsing cases: `y_` files must be read, `n_` files rejected, and `i_`
/// files (left to the implementation) either read or rejected with an error, never a crash.
@Suite(.onComputeThreads) struct JSONTestSuiteTests {
    static let folder = ConformanceData.root.appendingPathComponent("JSONTestSuite/test_parsing")

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
        .sorted()

    /// Valid JSON that Courier rejects on purpose: an object with a key twice is ambiguous in an
    /// API description, and keeping one of the values would lose the other silently.
    static let deliberatelyRejected: Set<String> = [
        "y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json",
    ]

    @Test func theSuiteIsThere() {
        #expect(Self.files.count == 318)
    }

    /// Each file is read or rejected as its prefix says. One test for the 318 files keeps
    /// `swift test`'s output to a line; each issue names its file.
    @Test func everyFileIsReadOrRejectedAsItsNameSays() {
        for file in Self.files {
            if let problem = Self.problem(file) { Issue.record("\(file): \(problem)") }
        }
    }

    /// What is wrong with how Courier reads `file`, if anything.
    static func problem(_ file: String) -> String? {
        let bytes = ConformanceData.bytes(folder.appendingPathComponent(file))
        let result = Result { () throws(ReadError) -> Node in try JSONReader.read(bytes, file: file) }
        if deliberatelyRejected.contains(file) {
            if case .success = result { return "A duplicate key must be an error" }
            return nil
        }
        switch (file.prefix(2), result) {
        case ("y_", .failure(let error)): return "Rejected valid JSON: \(error)"
        case ("n_", .success(let node)): return "Accepted invalid JSON as \(PlainValue(node))"
        default: return nil  // `i_` files may go either way; reaching here means no crash or hang.
        }
    }
}
