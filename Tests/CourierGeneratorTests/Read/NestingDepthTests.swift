import CourierTestSupport
import Foundation
import Testing

@testable import CourierGenerator

/// Documents nested deeper than a reader allows fail with an error that says so, never a crash;
/// nesting up to the limit reads on any thread, even one with as small a stack as Apple platforms
/// give threads other than the main one (512 KB), in a debug build too.
@Suite(.onComputeThreads) struct NestingDepthTests {
    /// Runs `body` on a thread of its own with the given stack size, and returns what it returns.
    func onThread<Value: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    /// The error reading the document throws, or `nil` when it reads.
    static func readError(_ text: String, format: DocumentReader.Format) -> String? {
        do {
            _ = try DocumentReader.read(Array(text.utf8), file: "deep", format: format)
            return nil
        } catch {
            return error.message
        }
    }

    static let deepDocuments: [(String, DocumentReader.Format)] = [
        ("a:\n" + (1..<600).map { String(repeating: "  ", count: $0) + "a:\n" }.joined(), .yaml),
        ((0..<600).map { String(repeating: " ", count: $0) + "-\n" }.joined(), .yaml),
        ("a: " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600), .yaml),
        (String(repeating: "{a: ", count: 600) + String(repeating: "}", count: 600), .yaml),
        (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), .json),
        (String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600), .json),
    ]

    /// The test's own thread, and a thread with a stack as small as Apple platforms give
    /// threads other than the main one.
    static let stackSizes: [Int?] = [nil, 512 << 10]

    /// The error reading the document throws on a thread with that stack size, or `nil`.
    func readError(_ text: String, format: DocumentReader.Format, stackSize: Int?) async -> String? {
        guard let stackSize else { return Self.readError(text, format: format) }
        return await onThread(stackSize: stackSize) { Self.readError(text, format: format) }
    }

    @Test(arguments: deepDocuments, stackSizes)
    func nestingPastTheLimitIsAnError(document: (String, DocumentReader.Format), stackSize: Int?) async throws {
        let message = await readError(document.0, format: document.1, stackSize: stackSize)
        #expect(message?.contains("nests deeper than 512 levels") == true, "\(message ?? "read")")
    }

    /// Real descriptions nest up to some 25 levels (Stripe's 23); far deeper ones read too, on any
    /// thread.
    @Test(arguments: [DocumentReader.Format.yaml, .json], stackSizes)
    func deepNestingReadsOnAnyThread(format: DocumentReader.Format, stackSize: Int?) async {
        let depth = 500
        let text =
            switch format {
            case .json: String(repeating: #"{"a":"#, count: depth) + "[1]" + String(repeating: "}", count: depth)
            default:
                (0..<depth).map { String(repeating: " ", count: $0) + "a:\n" }.joined()
                    + String(repeating: " ", count: depth) + "- 1\n"
            }
        #expect(await readError(text, format: format, stackSize: stackSize) == nil)
    }

    /// A chain of schemas each extending the next (`allOf: [$ref: next, …]`) is flattened with a
    /// stack of the converter's own, not by recursion, however long it is.
    @Test func aLongChainOfAllOfsGeneratesOnASmallStack() async throws {
        let links = 300
        var schemas = (0..<links).map { index in
            "    S\(index):\n      allOf:\n      - $ref: '#/components/schemas/S\(index + 1)'\n"
                + "      - {type: object, required: [z]}\n"
        }
        schemas.append("    S\(links):\n      type: object\n      properties: {z: {type: string}}\n")
        let spec = """
            openapi: 3.0.0
            info: {title: Chain, version: '1'}
            paths:
              /x:
                get:
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {$ref: '#/components/schemas/S0'}}}
            components:
              schemas:

            """ + schemas.joined()
        let result = await onThread(stackSize: 512 << 10) { () -> Result<Int, GenerationError> in
            Result { () throws(GenerationError) in
                try Generator(moduleName: "Chain").generate(text: spec).files.count
            }
        }
        #expect(try result.get() > links)
    }
}
