import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// `StreamedUpload` hands URLSession on Apple platforms a stream of a body each time it asks
/// (`needNewBodyStream`). Here its streams write into ``BoundBuffer``s instead of bound pairs,
/// which Linux's Foundation lacks: what is checked is which streams it hands out, what each
/// carries, and how the upload ends.
@Suite struct StreamedUploadTests {
    /// An upload whose streams are buffers the test can read.
    private final class Streams: Sendable {
        let queue = DispatchQueue(label: "StreamedUploadTests")
        private let made = Locked<[BoundBuffer]>([])
        /// Whether the first stream's reader reads: if not, the stream fills and stalls.
        private let firstIsRead: Bool

        init(firstIsRead: Bool = true) { self.firstIsRead = firstIsRead }

        var buffers: [BoundBuffer] { made.get() }

        func upload(_ body: StreamedBody, replayLimit: Int = ReplayableSequence.defaultLimit) -> StreamedUpload {
            StreamedUpload(body: body, queue: queue, replayLimit: replayLimit) { [made, firstIsRead] queue in
                let drains = firstIsRead || !made.get().isEmpty
                let buffer = BoundBuffer(queue: queue, capacity: 4096, drainsByItself: drains)
                made.mutate { $0.append(buffer) }
                return (InputStream(data: Data()), buffer)
            }
        }
    }

    private static func form(directory: TemporaryDirectory) async throws -> (StreamedBody, Data) {
        let file = try await directory.makeFile("clip.bin", bytes: 100_000)
        var form = MultipartForm()
        form.append("purpose", "test")
        form.append("file", file: file, contentType: "application/octet-stream")
        let body = try form.encoded(with: JSONEncoder()).body
        #expect(body.isReplayable && body.bufferedData == nil && body.fileURL == nil)
        var whole = Data()
        for try await chunk in body { whole.append(chunk) }
        return (body, whole)
    }

    @Test func aFormIsSentWholeAgainEachTimeTheSessionAsksAndTheEarlierStreamIsClosed() async throws {
        let directory = try TemporaryDirectory()
        let (body, whole) = try await Self.form(directory: directory)
        let streams = Streams(firstIsRead: false)
        let upload = streams.upload(body)
        #expect(upload.makeInputStream() != nil)
        try await waitUntil("the first stream is full") { streams.buffers[0].bufferedCount == 4096 }
        #expect(upload.makeInputStream() != nil)
        let (first, second) = (streams.buffers[0], streams.buffers[1])
        try await waitUntil("the first stream is closed") { first.isClosed }
        try await waitUntil("the second stream ends") { second.isClosed }
        #expect(second.received == whole)
        #expect(upload.stop() == nil)
    }

    private static func sequence(chunks: Int, size: Int) -> (StreamedBody, Data) {
        let pieces = (0..<chunks).map { Data(repeating: UInt8($0), count: size) }
        let stream = AsyncStream<Data> { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
        return (.sequence(stream, length: Int64(chunks * size)), pieces.reduce(into: Data()) { $0.append($1) })
    }

    @Test func aSequenceIsSentWholeAgainWhileItsStartIsKeptAndTheEarlierStreamIsClosed() async throws {
        let (body, whole) = Self.sequence(chunks: 3, size: 3000)
        let streams = Streams(firstIsRead: false)
        let upload = streams.upload(body)
        #expect(upload.makeInputStream() != nil)
        try await waitUntil("the first stream is full") { streams.buffers[0].bufferedCount == 4096 }
        #expect(upload.makeInputStream() != nil)
        let (first, second) = (streams.buffers[0], streams.buffers[1])
        try await waitUntil("the first stream is closed") { first.isClosed }
        try await waitUntil("the second stream ends") { second.isClosed }
        #expect(second.received == whole)
        #expect(upload.stop() == nil)
    }

    @Test func askedAgainPastItsKeptStartASequenceFailsTheUploadSayingWhy() async throws {
        let (body, whole) = Self.sequence(chunks: 3, size: 3000)
        let streams = Streams()
        let upload = streams.upload(body, replayLimit: 5000)
        let cancelled = Locked(0)
        upload.onFailure { cancelled.mutate { $0 += 1 } }
        #expect(upload.makeInputStream() != nil)
        try await waitUntil("the stream ends") { streams.buffers[0].isClosed }
        #expect(streams.buffers[0].received == whole)
        // Sent again, the body would start with chunks the session has already sent.
        #expect(upload.makeInputStream() == nil)
        #expect(cancelled.get() == 1)
        let error = try #require(upload.stop() as? URLError)
        #expect(error.code == .requestBodyStreamExhausted)
        #expect(error.localizedDescription.contains("only its first 5000 bytes are kept"))
        #expect(streams.buffers.count == 1)
    }

    @Test func aFailingBodyEndsTheExchangeOnceAndIsTheError() async throws {
        struct Broken: Error {}
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let streams = Streams()
        let upload = streams.upload(.sequence(chunks))
        let cancelled = Locked(0)
        upload.onFailure { cancelled.mutate { $0 += 1 } }
        #expect(upload.makeInputStream() != nil)
        continuation.yield(Data(repeating: 1, count: 100))
        continuation.finish(throwing: Broken())
        try await waitUntil("the exchange is told to end") { cancelled.get() == 1 }
        #expect(upload.stop() is Broken)
        // The failure never ended the stream as if the body were whole; stopping closes it.
        try await waitUntil("stopping closes the stream") { streams.buffers[0].isClosed }
        #expect(streams.buffers[0].received.count == 100)
        #expect(upload.makeInputStream() == nil)
        #expect(cancelled.get() == 1)
    }

    @Test func aStoppedUploadHandsOutNothingAndStopsItsStream() async throws {
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        let streams = Streams()
        let upload = streams.upload(.sequence(chunks))
        #expect(upload.makeInputStream() != nil)
        upload.stop()
        try await waitUntil("the stream is closed") { streams.buffers[0].isClosed }
        #expect(upload.makeInputStream() == nil)
        #expect(streams.buffers.count == 1)
        continuation.finish()
    }
}
