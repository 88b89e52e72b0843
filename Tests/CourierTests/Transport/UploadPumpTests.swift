import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// `UploadPump` feeds a body into a stream's writing half on Apple platforms (`StreamedUpload`);
/// here it writes into a bounded buffer that behaves as a bound pair's: it takes what fits, says
/// when it has room again, and its reader takes what was written.
@Suite struct UploadPumpTests {
    /// A body of `count` chunks of `size` bytes, which records how many chunks were asked for.
    private static func body(chunks count: Int, size: Int, length: Int64? = nil, pulled: Counter? = nil)
        -> (StreamedBody, Data)
    {
        let pieces = (0..<count).map { index in Data((0..<size).map { UInt8(truncatingIfNeeded: index * 31 + $0) }) }
        let chunks = AsyncStream<Data> { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
        let counted = CountingChunks(base: chunks, pulled: pulled ?? Counter())
        return (.sequence(counted, length: length), pieces.reduce(into: Data()) { $0.append($1) })
    }

    @Test(arguments: [(chunks: 40, size: 1000, capacity: 64), (1, 100_000, 4096), (300, 7, 5), (5, 1, 1)])
    func everyByteArrivesInOrderAndTheReaderSeesTheEnd(chunks: Int, size: Int, capacity: Int) async throws {
        let (body, whole) = Self.body(chunks: chunks, size: size, length: Int64(chunks * size))
        let harness = Harness(body: body, capacity: capacity, drainsByItself: true)
        harness.start()
        try await waitUntil("the reader sees the end") { harness.buffer.isClosed }
        #expect(harness.buffer.received == whole)
        #expect(harness.failures.isEmpty)
    }

    @Test func theBodyIsReadNoFurtherAheadThanOneChunkPastWhatTheReaderHasRoomFor() async throws {
        let pulled = Counter()
        let (body, whole) = Self.body(chunks: 10, size: 10, pulled: pulled)
        let harness = Harness(body: body, capacity: 16, drainsByItself: false)
        try await harness.startUntilTheBufferIsFull()
        // The first chunk fitted, six bytes of the second did: the pump waits for room with the
        // rest of the second chunk, and has not asked the body for a third.
        harness.queue.sync {}
        #expect(pulled.value == 2)
        harness.buffer.setDrainsByItself()
        try await waitUntil("the reader sees the end") { harness.buffer.isClosed }
        #expect(harness.buffer.received == whole)
        #expect(pulled.value == 10)
    }

    @Test func aFailingBodyIsReportedAndTheReaderNeverSeesAnEnd() async throws {
        struct Broken: Error {}
        let chunks = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data(repeating: 1, count: 100))
            continuation.finish(throwing: Broken())
        }
        let harness = Harness(body: .sequence(chunks), capacity: 1000, drainsByItself: true)
        #expect(try await harness.failureLeavingTheStreamOpen() is Broken)
        try await waitUntil("stopping closes the stream") { harness.buffer.isClosed }
        #expect(harness.failures.count == 1)
    }

    @Test(arguments: [(declared: 250 as Int64, message: "ended after 200 of the 250"), (150, "went past the 150")])
    func aBodyThatIsNotTheLengthItDeclaredFails(declared: Int64, message: String) async throws {
        let (body, _) = Self.body(chunks: 2, size: 100, length: declared)
        let harness = Harness(body: body, capacity: 1000, drainsByItself: true)
        let error = try #require(try await harness.failureLeavingTheStreamOpen() as? URLError)
        #expect(error.code == .requestBodyStreamExhausted)
        #expect(error.localizedDescription.contains(message))
    }

    @Test func aReaderThatGoesAwayStopsTheBodyWithoutAFailure() async throws {
        let pulled = Counter()
        let (body, _) = Self.body(chunks: 100, size: 10, pulled: pulled)
        let harness = Harness(body: body, capacity: 25, drainsByItself: false)
        try await harness.startUntilTheBufferIsFull()
        harness.buffer.readerLeaves()
        try await waitUntil("the stream is closed") { harness.buffer.isClosed }
        harness.queue.sync {}
        #expect(harness.failures.isEmpty)
        #expect(pulled.value < 5)
    }

    @Test func stoppingEndsABodyThatIsWaitingForItsSequenceAndFreesThePump() async throws {
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        continuation.yield(Data(repeating: 7, count: 10))
        let released = WeakPump()
        let buffer: BoundBuffer
        do {
            let harness = Harness(body: .sequence(chunks), capacity: 100, drainsByItself: true)
            harness.start()
            try await waitUntil("the first chunk is written") { harness.buffer.bufferedCount == 10 }
            released.pump = harness.pump
            buffer = harness.buffer
            harness.pump.stop()
        }
        try await waitUntil("the stream is closed") { buffer.isClosed }
        // The sequence's task is cancelled: nothing holds the pump any more.
        try await waitUntil("the pump is freed") { released.pump == nil }
        #expect(buffer.received.count == 10)
        continuation.finish()
    }
}

/// A pump writing into a ``BoundBuffer``, with the failures it reports.
private final class Harness: Sendable {
    let queue = DispatchQueue(label: "UploadPumpTests")
    let buffer: BoundBuffer
    let pump: UploadPump
    let capacity: Int
    private let reported = Locked<[any Error]>([])

    init(body: StreamedBody, capacity: Int, drainsByItself: Bool) {
        self.capacity = capacity
        buffer = BoundBuffer(queue: queue, capacity: capacity, drainsByItself: drainsByItself)
        let reported = reported
        pump = UploadPump(chunks: ChunkIterator(reading: body), length: body.length, sink: buffer, queue: queue) {
            error in reported.mutate { $0.append(error) }
        }
        buffer.deliverEvents(to: pump)
    }

    var failures: [any Error] { reported.get() }

    func start() { pump.start() }

    /// Starts the pump and waits until the buffer, which its reader does not drain, is full.
    func startUntilTheBufferIsFull() async throws {
        start()
        try await waitUntil("the buffer is full") { self.buffer.bufferedCount == self.capacity }
    }

    /// Starts the pump and waits for the body's failure, which must leave the stream open (closed,
    /// it would end a chunked body as if it were whole); then stops the pump, as its owner does.
    /// - Returns: The failure reported.
    func failureLeavingTheStreamOpen() async throws -> (any Error)? {
        start()
        try await waitUntil("the failure is reported") { !self.failures.isEmpty }
        queue.sync {}
        #expect(!buffer.isClosed)
        pump.stop()
        return failures.first
    }
}

/// A pump, not kept alive.
private final class WeakPump: @unchecked Sendable {
    // @unchecked: set once before it is read.
    weak var pump: UploadPump?
}

/// A count several tasks read and one adds to.
private final class Counter: Sendable {
    private let count = Locked(0)
    var value: Int { count.get() }
    func add() { count.mutate { $0 += 1 } }
}

/// Chunks from a sequence, counted as they are asked for.
private struct CountingChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == Data {
    let base: Base
    let pulled: Counter

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let pulled: Counter
        mutating func next() async throws -> Data? {
            guard let chunk = try await base.next() else { return nil }
            pulled.add()
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), pulled: pulled) }
}
