import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// `ReplayableSequence` lets URLSession on Apple platforms be given a sequence body again from
/// its start (`StreamedUpload`): the sequence is read once, its start kept up to a limit.
@Suite struct ReplayableSequenceTests {
    /// A sequence the test feeds, which records how often it was asked for a chunk and whether
    /// it was cancelled.
    private final class Feed: Sendable {
        let body: StreamedBody
        let continuation: AsyncThrowingStream<Data, any Error>.Continuation
        private let asked = Locked(0)
        private let cancelled = Locked(false)

        init() {
            let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            self.continuation = continuation
            let (asked, cancelled) = (asked, cancelled)
            continuation.onTermination = { termination in
                if case .cancelled = termination { cancelled.mutate { $0 = true } }
            }
            body = .sequence(AskedChunks(base: chunks) { asked.mutate { $0 += 1 } })
        }

        var timesAsked: Int { asked.get() }
        var wasCancelled: Bool { cancelled.get() }

        /// Chunks of `size` bytes, the first of them `first`.
        func yield(_ count: Int, size: Int = 100, first: UInt8 = 0) {
            for index in 0..<count { continuation.yield(Data(repeating: first + UInt8(index), count: size)) }
        }
    }

    private static func read(_ reader: ChunkIterator, chunks count: Int) async throws -> [UInt8] {
        var firstBytes: [UInt8] = []
        for _ in 0..<count {
            let chunk = try #require(try await reader.next())
            firstBytes.append(chunk[chunk.startIndex])
        }
        return firstBytes
    }

    @Test(arguments: [0, 1, 3, 6])
    func aNewReaderGetsTheKeptChunksThenTheRestAndTheSequenceIsReadOnce(readBeforeTheSecond: Int) async throws {
        let feed = Feed()
        feed.yield(6)
        feed.continuation.finish()
        let replay = ReplayableSequence(feed.body, limit: 1000)
        let first = try #require(replay.makeReader())
        #expect(try await Self.read(first, chunks: readBeforeTheSecond) == Array(0..<UInt8(readBeforeTheSecond)))
        let second = try #require(replay.makeReader())
        #expect(try await Self.read(second, chunks: 6) == [0, 1, 2, 3, 4, 5])
        #expect(try await second.next() == nil)
        await #expect(throws: CancellationError.self) { try await first.next() }
        #expect(feed.timesAsked == 7)  // Six chunks and the end, each asked for once.
    }

    @Test func pastTheLimitNoNewReaderIsMadeAndWhatTheReaderPassedIsLetGo() async throws {
        let feed = Feed()
        feed.yield(5)
        feed.continuation.finish()
        let replay = ReplayableSequence(feed.body, limit: 250)
        let first = try #require(replay.makeReader())
        #expect(try await Self.read(first, chunks: 2) == [0, 1])
        #expect(replay.keptByteCount == 200)
        let second = try #require(replay.makeReader())
        #expect(try await Self.read(second, chunks: 3) == [0, 1, 2])
        #expect(replay.keptByteCount == 0)
        #expect(replay.makeReader() == nil)
        // The reader there is goes on to the end.
        #expect(try await Self.read(second, chunks: 2) == [3, 4])
        #expect(try await second.next() == nil)
    }

    @Test func aReaderMadeWhileTheChunkThatPassesTheLimitIsReadStillGetsTheWholeStart() async throws {
        let feed = Feed()
        feed.yield(2)
        let replay = ReplayableSequence(feed.body, limit: 250)
        let first = try #require(replay.makeReader())
        #expect(try await Self.read(first, chunks: 2) == [0, 1])
        let waiting = Task { try await first.next() }
        try await waitUntil("the sequence is asked for a third chunk") { feed.timesAsked == 3 }
        let second = try #require(replay.makeReader())
        await #expect(throws: CancellationError.self) { try await waiting.value }
        feed.yield(1, first: 2)
        feed.continuation.finish()
        #expect(try await Self.read(second, chunks: 3) == [0, 1, 2])
        #expect(try await second.next() == nil)
        #expect(replay.makeReader() == nil)
        #expect(replay.keptByteCount == 0)
    }

    /// How a reader waiting for the sequence stops waiting.
    enum Interruption: CaseIterable { case replacedByANewReader, itsTaskIsCancelled }

    @Test(arguments: Interruption.allCases)
    func aWaitingReaderEndsAndTheChunkItWaitedForGoesToTheNextWithoutCancellingTheSequence(
        interruption: Interruption
    ) async throws {
        let feed = Feed()
        let replay = ReplayableSequence(feed.body)
        let first = try #require(replay.makeReader())
        let waiting = Task { try await first.next() }
        try await waitUntil("the sequence is asked for a chunk") { feed.timesAsked == 1 }
        var next: ChunkIterator?
        switch interruption {
        case .replacedByANewReader: next = replay.makeReader()
        case .itsTaskIsCancelled: waiting.cancel()
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(!feed.wasCancelled)
        feed.yield(1, first: 9)
        let second = try #require(next ?? replay.makeReader())
        #expect(try await Self.read(second, chunks: 1) == [9])
        #expect(feed.timesAsked == 1)
        feed.continuation.finish()
        #expect(try await second.next() == nil)
    }

    @Test func stoppingCancelsTheSequenceEndsAWaitingReaderAndLetsTheChunksGo() async throws {
        let feed = Feed()
        feed.yield(1)
        let replay = ReplayableSequence(feed.body)
        let reader = try #require(replay.makeReader())
        #expect(try await Self.read(reader, chunks: 1) == [0])
        let waiting = Task { try await reader.next() }
        try await waitUntil("the sequence is asked for a chunk") { feed.timesAsked == 2 }
        replay.stop()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        try await waitUntil("the sequence is cancelled") { feed.wasCancelled }
        #expect(replay.keptByteCount == 0)
        #expect(replay.makeReader() == nil)
    }

    @Test func theSequencesFailureReachesTheReaderAndEveryNewOneAfterItsKeptChunks() async throws {
        struct Broken: Error {}
        let feed = Feed()
        feed.yield(2)
        feed.continuation.finish(throwing: Broken())
        let replay = ReplayableSequence(feed.body)
        for _ in 0..<2 {
            let reader = try #require(replay.makeReader())
            #expect(try await Self.read(reader, chunks: 2) == [0, 1])
            await #expect(throws: Broken.self) { try await reader.next() }
        }
        #expect(feed.timesAsked == 3)
    }
}

/// Chunks from a sequence, with a call each time one is asked for.
private struct AskedChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == Data {
    let base: Base
    let asked: @Sendable () -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let asked: @Sendable () -> Void
        mutating func next() async throws -> Data? {
            asked()
            return try await base.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), asked: asked) }
}
