import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// yaml-test-suite: every case reads to the JSON the suite expects, or is rejected when the suite
/// says it is invalid. The cases that still fail are listed, with why, in `knownFailures`; a
/// listed case that starts passing fails the test, so that the list is kept true.
@Suite(.onComputeThreads) struct YAMLTestSuiteTests {
    static let folder = ConformanceData.root.appendingPathComponent("yaml-test-suite")

    /// One case: its id (`229Q`, or `DK95/05` for one of several), name and expectation.
    struct Case: Sendable, CustomTestStringConvertible {
        enum Expectation: Sendable {
            /// The input must be rejected.
            case error
            /// The input must read to this value (the suite's `in.json`).
            case value(PlainValueBox)
            /// A stream of several documents; the reader reads the first or says it reads one.
            case stream
            /// Valid YAML with no JSON form: it must read without an error.
            case reads
        }

        var id: String
        var name: String
        var yaml: [UInt8]
        var expectation: Expectation
        var testDescription: String { "\(id) \(name)" }
    }

    /// A ``PlainValue`` in a `Sendable` box.
    struct PlainValueBox: @unchecked Sendable {
        // @unchecked: never mutated after creation.
        let value: PlainValue
    }

    static let cases: [Case] = {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: folder.path) else { return [] }
        var cases: [Case] = []
        for case let path as String in enumerator where path.hasSuffix("in.yaml") {
            let id = String(path.dropLast("/in.yaml".count))
            let directory = folder.appendingPathComponent(id)
            let caseName =
                (try? String(contentsOf: directory.appendingPathComponent("==="), encoding: .utf8))
                ?? (try? String(
                    contentsOf: directory.deletingLastPathComponent().appendingPathComponent("==="), encoding: .utf8))
                ?? ""
            let expectation: Case.Expectation
            if manager.fileExists(atPath: directory.appendingPathComponent("error").path) {
                expectation = .error
            } else if manager.fileExists(atPath: directory.appendingPathComponent("in.json").path) {
                let json = ConformanceData.bytes(directory.appendingPathComponent("in.json"))
                if let node = try? JSONReader.read(json, file: "in.json") {
                    expectation = .value(PlainValueBox(value: PlainValue(node)))
                } else {
                    expectation = .stream
                }
            } else {
                expectation = .reads
            }
            cases.append(
                Case(
                    id: id, name: caseName.trimmingCharacters(in: .whitespacesAndNewlines),
                    yaml: ConformanceData.bytes(directory.appendingPathComponent("in.yaml")),
                    expectation: expectation))
        }
        return cases.sorted { $0.id < $1.id }
    }()

    @Test func theSuiteIsThere() {
        #expect(Self.cases.count == 402)
    }

    /// Each case reads as the suite says. A case in ``knownFailures`` must still deviate, in the
    /// way its reason gives: it records nothing (so that the test output shows only real
    /// failures), and fails once it passes, so that its line is removed. One test for the 402
    /// cases keeps `swift test`'s output to a line; each issue names its case.
    @Test func everyCaseReadsAsTheSuiteSays() {
        for testCase in Self.cases {
            let deviation = Self.deviation(testCase)
            if let reason = Self.knownFailures[testCase.id] {
                if deviation == nil {
                    Issue.record("\(testCase.testDescription) passes now: remove it from knownFailures (\(reason))")
                }
            } else if let deviation {
                Issue.record("\(testCase.testDescription): \(deviation)")
            }
        }
    }

    /// The cases refused because they use complex keys, which descriptions never need: each is
    /// refused with an error that names the unsupported key, not a misleading one.
    @Test(arguments: cases.filter { complexKeyCases.contains($0.id) })
    func complexKeysAreRefusedWithAnErrorThatSaysSo(_ testCase: Case) {
        do {
            let node = try YAMLReader.read(testCase.yaml, file: "in.yaml")
            Issue.record("Read \(PlainValue(node))")
        } catch {
            #expect(error.message.contains("key"), "\(error)")
            #expect(error.message.contains("not supported"), "\(error)")
        }
    }

    /// How reading a case differs from what the suite expects, if it does.
    static func deviation(_ testCase: Case) -> String? {
        let result = Result { () throws(ReadError) -> Node in try YAMLReader.read(testCase.yaml, file: "in.yaml") }
        switch (testCase.expectation, result) {
        case (.error, .success(let node)):
            return "Accepted invalid YAML as \(PlainValue(node))"
        case (.value(let expected), .success(let node)):
            let value = PlainValue(node)
            return value != expected.value ? "Read \(value), expected \(expected.value)" : nil
        case (.value, .failure(let error)), (.reads, .failure(let error)):
            return "Rejected valid YAML: \(error)"
        case (.stream, .failure(let error)):
            return error.message.contains("document") ? nil : "Rejected a stream without saying so: \(error)"
        case (.error, .failure), (.reads, .success), (.stream, .success):
            return nil
        }
    }

    /// The valid cases that use a collection as a mapping key.
    static let complexKeyCases: Set<String> = [
        "4FJ6", "6BFJ", "6PBE", "9MMW", "KK5P", "LX3P", "M2N8/00", "M2N8/01",
        "M5DY", "Q9WF", "RZP5", "SBG9", "V9D5", "X38W", "XW4D",
    ]

    /// The cases that still fail, each with why. Remove a line when its case passes.
    static let knownFailures: [String: String] = {
        var failures: [String: String] = [:]
        func fail(_ reason: String, _ ids: [String]) { for id in ids { failures[id] = reason } }
        // 15 cases.
        fail(
            "Complex keys are refused with an error that says so: a collection (flow or block) as a mapping key, after `?` or before `:`. Description keys are text.",
            Array(complexKeyCases))
        // 2 cases.
        fail(
            "Read differently on purpose: two empty keys are one duplicate key (2JQS), and a stream of several documents is refused (NKF9).",
            ["2JQS", "NKF9"])
        return failures
    }()
}
