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
        /// Whether each stream's reader reads by itself: if not, a stream fills and stalls until
        /// the test lets it drain.
        private let areRead: Bool

        init(areRead: Bool = true) { self.areRead = areRead }

        var buffers: [BoundBuffer] { made.get() }

        func upload(_ body: StreamedBody, replayLimit: Int = ReplayableSequence.defaultLimit) -> StreamedUpload {
            StreamedUpload(body: body, queue: queue, replayLimit: replayLimit) { [made, areRead] queue in
                let buffer = BoundBuffer(queue: queue, capacity: 4096, drainsByItself: areRead)
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

    private static func sequence(chunks: Int, size: Int) -> (StreamedBody, Data) {
        let pieces = (0..<chunks).map { Data(repeating: UInt8($0), count: size) }
        let stream = AsyncStream<Data> { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
        return (.sequence(stream, length: Int64(chunks * size)), pieces.reduce(into: Data()) { $0.append($1) })
    }

    /// A body that can be read again (a form) or whose start is kept (a sequence).
    enum Resendable: CaseIterable { case form, sequence }

    @Test(arguments: Resendable.allCases)
    func aBodyIsSentWholeAgainEachTimeTheSessionAsksAndTheEarlierStreamIsClosed(kind: Resendable) async throws {
        let directory = try TemporaryDirectory()
        let (body, whole) =
            switch kind {
            case .form: try await Self.form(directory: directory)
            case .sequence: Self.sequence(chunks: 3, size: 3000)
            }
        let streams = Streams(areRead: false)
        let upload = streams.upload(body)
        for asked in 0..<3 {
            #expect(upload.makeInputStream() != nil)
            if asked < 2 {
                try await waitUntil("stream \(asked) is full") { streams.buffers[asked].bufferedCount == 4096 }
            }
        }
        let (earlier, last) = (streams.buffers[0...1], streams.buffers[2])
        try await waitUntil("the earlier streams are closed") { earlier.allSatisfy(\.isClosed) }
        last.setDrainsByItself()
        try await waitUntil("the last stream ends") { last.isClosed }
        #expect(last.received == whole)
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
