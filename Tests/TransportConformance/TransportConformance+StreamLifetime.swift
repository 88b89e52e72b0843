import Courier
import CourierTestSupport
import Foundation
import Testing

/// A streamed body lives as long as its reader: however the reading loop is left, the transfer
/// stops, even while the response value is still in scope (as it is in real code), and the call
/// leaves ``APIClient/inFlightRequests``. Cancelling one streamed call leaves its caller alone.
extension TransportConformance {
    /// How a reading loop is left after its first megabyte.
    enum LoopExit: String, CaseIterable {
        case breakStatement = "break"
        case thrownError = "a thrown error"
        case returnStatement = "return"
        case droppedIterator = "dropping the iterator"
    }

    struct Progress: Decodable, Sendable {
        var written: Int
        var closed: Bool?
    }

    struct LeftLoop: Error {}

    static let streamLifetimeCases: [TransportConformance] =
        LoopExit.allCases.map { exit in
            TransportConformance(
                "leaving the loop by \(exit.rawValue) after 1 MB of an endless body stops the transfer"
            ) {
                environment in
                try await LargeTransfers.oneAtATime {
                    try await expectTransferStops(environment, exit: exit)
                }
            }
        } + [
            TransportConformance("cancelling a streamed call by id ends its body and leaves the caller running") {
                environment in
                let client = environment.client()
                let gate = UUID().uuidString
                let streaming = try await client.stream(
                    Endpoint<EmptyResponse>.get("/stream/chunks").query("count", 3).query("size", 100)
                        .query("gate", gate))
                var chunks = streaming.body.makeAsyncIterator()
                #expect(try await chunks.next()?.count == 100)
                let id = try #require(client.inFlightRequests.first?.id)
                #expect(client.cancelRequest(id: id))
                await #expect {
                    while try await chunks.next() != nil {}
                } throws: { error in
                    guard case .cancelled = error as? ServiceError else { return false }
                    return true
                }
                #expect(try await environment.server.connectionClosedWhileHeld(gate))
                #expect(!Task.isCancelled)
                #expect(client.inFlightRequests.isEmpty)
            }
        ]

    /// Reads 1 MB of a body that does not end (a terabyte sent at 32 MB/s), leaves the loop as
    /// `exit` says with the response still in scope, and expects the server to see the
    /// connection close, having written less than 64 MB (two seconds) more after the reader
    /// left, and the call to be off the in-flight list at once. The body cannot end before the
    /// reader leaves, however long a loaded run of the suite holds the reader up (over
    /// `URLSession` on Linux, which cannot hold the server back, what the server sends ahead of
    /// the reader meanwhile is spilled to disk, and not counted).
    private static func expectTransferStops(_ environment: Environment, exit: LoopExit) async throws {
        let client = environment.client()
        let ident = UUID().uuidString
        let streaming = try await client.stream(
            Endpoint<EmptyResponse>.get("/stream/bytes").query("bytes", 1 << 40).query("id", ident)
                .query("rate", 32 << 20))
        /// Reads about a megabyte, then leaves as asked.
        func readOneMegabyte() async throws {
            var read = 0
            switch exit {
            case .breakStatement:
                for try await chunk in streaming.body {
                    read += chunk.count
                    if read >= 1 << 20 { break }
                }
            case .thrownError:
                do {
                    for try await chunk in streaming.body {
                        read += chunk.count
                        if read >= 1 << 20 { throw LeftLoop() }
                    }
                } catch is LeftLoop {}
            case .returnStatement:
                for try await chunk in streaming.body {
                    read += chunk.count
                    if read >= 1 << 20 { return }
                }
            case .droppedIterator:
                var iterator: ResponseBody.Iterator? = streaming.body.makeAsyncIterator()
                while read < 1 << 20, let chunk = try await iterator?.next() { read += chunk.count }
                iterator = nil
            }
        }
        try await readOneMegabyte()
        #expect(client.inFlightRequests.isEmpty, "The call stays listed after its reader left")
        let progress = Endpoint<Progress>.get("/stream/progress").query("id", ident).option(.notCoalesced)
        let atExit = try await client.send(progress)
        let atEnd = try await client.send(progress.query("closed", 1))
        #expect(atEnd.closed == true, "The server never saw the connection close")
        #expect(
            atEnd.written - atExit.written < 64 << 20,
            "The server wrote \(atEnd.written - atExit.written) bytes after the reader left")
        withExtendedLifetime(streaming) {}
    }
}
