import Courier
import Foundation

extension HTTPArchiveTransport {
    /// The exchanges recorded so far, written to the file each time one ends.
    final class Recording: @unchecked Sendable {
        // @unchecked: `slots` and `next` are touched only under `lock`.
        private let file: URL
        private let lock = NSLock()
        private var next = 0
        /// Started exchanges by the order they started; an entry once it has ended.
        private var slots: [Int: (request: HTTPArchive.Request, started: Date, entry: HTTPArchive.Entry?)] = [:]

        init(file: URL) { self.file = file }

        /// Notes a request that has started, keeping its place in the file.
        func begin(request: HTTPArchive.Request, started: Date) -> Int {
            lock.withLock {
                defer { next += 1 }
                slots[next] = (request, started, nil)
                return next
            }
        }

        /// Forgets an exchange its caller cancelled: nothing was answered.
        func abandon(_ slot: Int) {
            lock.withLock { _ = slots.removeValue(forKey: slot) }
        }

        /// Records an exchange's end and writes the file (every exchange ended so far, so a write
        /// that failed is made good by the next).
        /// - Throws: When the file cannot be written.
        func finish(_ slot: Int, response: HTTPArchive.Response, since start: ContinuousClock.Instant) throws {
            let elapsed = start.duration(to: .now)
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            let archive: HTTPArchive? = lock.withLock {
                guard let started = slots[slot] else { return nil }
                slots[slot]?.entry = HTTPArchive.Entry(
                    startedDateTime: HTTPArchive.timestamp(started.started), time: milliseconds,
                    request: started.request, response: response, timings: .init(wait: milliseconds))
                let entries = slots.keys.sorted().compactMap { slots[$0]?.entry }
                return HTTPArchive(log: .init(entries: entries))
            }
            guard let archive else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(archive)
            try lock.withLock {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
            }
        }
    }

    /// A streamed body's chunks as the reader takes them; recorded when the body ends or the
    /// reader leaves it.
    final class StreamCapture: @unchecked Sendable {
        // @unchecked: `chunks` and `ended` are touched only under `lock`.
        private let lock = NSLock()
        private var chunks: [Data] = []
        private var ended = false
        private let record: @Sendable ([Data], _ complete: Bool) throws -> Void

        init(_ record: @escaping @Sendable ([Data], Bool) throws -> Void) { self.record = record }

        func append(_ chunk: Data) { lock.withLock { chunks.append(chunk) } }

        /// Records the body once, complete or as far as it had arrived.
        /// - Throws: When the file cannot be written.
        func end(complete: Bool) throws {
            let taken: [Data]? = lock.withLock {
                guard !ended else { return nil }
                ended = true
                return chunks
            }
            if let taken { try record(taken, complete) }
        }

        // The reader left: nobody is left to tell of a failed write, which the next exchange's
        // write makes good.
        deinit { try? end(complete: false) }
    }

    /// A live streamed body, read through a capture.
    struct CapturedChunks: AsyncSequence, Sendable {
        typealias Element = Data
        let body: ResponseBody
        let capture: StreamCapture

        func makeAsyncIterator() -> Iterator { Iterator(chunks: body.makeAsyncIterator(), capture: capture) }

        struct Iterator: AsyncIteratorProtocol {
            var chunks: ResponseBody.Iterator
            let capture: StreamCapture

            mutating func next() async throws -> Data? {
                do {
                    guard let chunk = try await chunks.next() else {
                        try capture.end(complete: true)
                        return nil
                    }
                    capture.append(chunk)
                    return chunk
                } catch {
                    try capture.end(complete: false)
                    throw error
                }
            }
        }
    }
}
