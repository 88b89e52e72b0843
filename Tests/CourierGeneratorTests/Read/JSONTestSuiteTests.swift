import Foundation
import Testing

@testable import CourierGenerator

/// nst/JSONTestSuite's parsing cases: `y_` files must be read, `n_` files rejected, and `i_`
/// files (left to the implementation) either read or rejected with an error, never a crash.
@Suite struct JSONTestSuiteTests {
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

    @Test(arguments: files)
    func conformance(_ file: String) {
        let bytes = ConformanceData.bytes(Self.folder.appendingPathComponent(file))
        let result = Result { () throws(ReadError) -> Node in try JSONReader.read(bytes, file: file) }
        if Self.deliberatelyRejected.contains(file) {
            if case .success = result { Issue.record("A duplicate key must be an error") }
            return
        }
        switch file.prefix(2) {
        case "y_":
            if case .failure(let error) = result { Issue.record("Rejected valid JSON: \(error)") }
        case "n_":
            if case .success(let node) = result { Issue.record("Accepted invalid JSON as \(PlainValue(node))") }
        default:
            break  // Either is right; reaching here means it neither crashed nor hung.
        }
    }
}
