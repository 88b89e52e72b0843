public import Foundation

/// A request body as a transport sends it: bytes in memory, a file, an asynchronous sequence of
/// chunks, or a multipart form with file parts, read in chunks as it goes out.
///
/// ``APIClient`` builds one from an endpoint's ``RequestBody``; ``TransportRequest/body`` carries
/// it to the transport. A transport you write iterates it (`for try await chunk in body`), which
/// also reports upload progress to the call being made, or takes ``bufferedData`` whole when the
/// body is in memory. A body from a sequence can be iterated once (``isReplayable``).
public struct StreamedBody: AsyncSequence, Sendable, Hashable {
    /// A chunk of the body.
    public typealias Element = Data

    /// The body's length in bytes, when known in advance (a file's size, a form's total).
    public let length: Int64?
    let source: Source

    enum Source: Sendable, Hashable {
        /// Pieces read in order: bytes in memory and files read from disk.
        case segments([Segment])
        /// Chunks from a sequence, which can be read once.
        case sequence(SequenceSource)
    }

    enum Segment: Sendable, Hashable {
        case data(Data)
        case file(URL, length: Int64)
    }

    /// The chunks of a sequence; equal only to itself.
    final class SequenceSource: Sendable, Hashable {
        let makeIterator: @Sendable () -> ChunkIterator
        init(_ makeIterator: @escaping @Sendable () -> ChunkIterator) { self.makeIterator = makeIterator }
        static func == (lhs: SequenceSource, rhs: SequenceSource) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// Bytes in memory.
    /// - Parameter data: The bytes.
    /// - Returns: The body, with the bytes' count as its length.
    public static func data(_ data: Data) -> StreamedBody {
        StreamedBody(length: Int64(data.count), source: .segments([.data(data)]))
    }

    /// The whole body, when it is bytes in memory (a JSON or form body, a form without files);
    /// `nil` for a file or a sequence, which must be read.
    public var bufferedData: Data? {
        guard case .segments(let segments) = source else { return nil }
        switch segments.count {
        case 0: return Data()
        case 1: if case .data(let data) = segments[0] { return data } else { return nil }
        default: return nil
        }
    }

    /// A file's content, read from disk as it is sent.
    /// - Parameter url: A file URL.
    /// - Returns: The body, with the file's size as its length.
    /// - Throws: The file system's error when the file cannot be read.
    public static func file(_ url: URL) throws -> StreamedBody {
        let length = try fileLength(url)
        return StreamedBody(length: length, source: .segments([.file(url, length: length)]))
    }

    /// Chunks from an asynchronous sequence, read once: a retry or a redirect that would send
    /// it again fails instead.
    /// - Parameters:
    ///   - chunks: The chunks, in order.
    ///   - length: The total length, when known.
    /// - Returns: The body.
    public static func sequence<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, length: Int64? = nil)
        -> StreamedBody where Chunks.Element == Data
    {
        StreamedBody(
            length: length,
            source: .sequence(
                SequenceSource {
                    var iterator = chunks.makeAsyncIterator()
                    return ChunkIterator { try await iterator.next() }
                }))
    }

    init(length: Int64?, source: Source) {
        self.length = length
        self.source = source
    }

    /// Pieces read in order, such as an encoded multipart form.
    init(segments: [Segment]) {
        var length: Int64 = 0
        for segment in segments {
            switch segment {
            case .data(let data): length += Int64(data.count)
            case .file(_, let fileLength): length += fileLength
            }
        }
        self.init(length: length, source: .segments(segments))
    }

    /// Whether the body can be sent again (for a retry or a 307 redirect): files and forms can,
    /// a sequence cannot.
    public var isReplayable: Bool {
        if case .sequence = source { false } else { true }
    }

    /// The file, when the body is exactly one whole file (transports may hand it to an upload
    /// API of their own).
    public var fileURL: URL? {
        if case .segments(let segments) = source, segments.count == 1, case .file(let url, _) = segments[0] {
            url
        } else {
            nil
        }
    }

    static func fileLength(_ url: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw CocoaError(.fileReadInvalidFileName, userInfo: [NSFilePathErrorKey: url.path])
        }
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Creates an iterator over the body's chunks, for a transport to send. Reading them reports
    /// upload progress to the handler of the call being made, if it has one.
    /// - Returns: An iterator over the chunks, in order.
    public func makeAsyncIterator() -> Iterator {
        makeAsyncIterator(progress: UploadProgress.handler)
    }

    /// An iterator that reports the bytes it has read to `progress`.
    func makeAsyncIterator(progress: TransferProgressHandler?) -> Iterator {
        Iterator(reader: SegmentReader(self), length: length, progress: progress)
    }

    /// Iterates the chunks of a ``StreamedBody``, counting them for upload progress.
    ///
    /// A transport may make it in the task that sends the request, where the call's progress
    /// handler is known, and read it in another, one task at a time.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let reader: SegmentReader
        let length: Int64?
        let progress: TransferProgressHandler?
        var sent: Int64 = 0

        /// The next chunk, or `nil` at the end.
        /// - Returns: The chunk.
        /// - Throws: A file system error, or the sequence's error.
        public mutating func next() async throws -> Data? {
            guard let chunk = try await reader.next() else { return nil }
            sent += Int64(chunk.count)
            progress?(TransferProgress(completedBytes: sent, totalBytes: length))
            return chunk
        }
    }
}

extension ChunkIterator {
    /// The chunks of `body` from its start, read without reporting progress (a transport that
    /// writes them into a stream the network reads, which reports progress itself).
    convenience init(reading body: StreamedBody) {
        let reader = SegmentReader(body)
        self.init { try await reader.next() }
    }
}

/// Reads a ``StreamedBody`` chunk by chunk: files from disk in 256 KB pieces, sequences as they
/// produce.
final class SegmentReader: @unchecked Sendable {
    // @unchecked: used by one reading task or thread at a time.
    static let chunkSize = 256 * 1024
    private var segments: ArraySlice<StreamedBody.Segment> = []
    private var sequence: ChunkIterator?
    private var file: (handle: FileHandle, url: URL, remaining: Int64)?

    init(_ body: StreamedBody) {
        switch body.source {
        case .segments(let segments): self.segments = segments[...]
        case .sequence(let source): sequence = source.makeIterator()
        }
    }

    deinit { try? file?.handle.close() }

    func next() async throws -> Data? {
        if let sequence { return try await sequence.next() }
        return try nextSegmentChunk()
    }

    /// The next chunk of a body made of segments, read synchronously.
    func nextSegmentChunk() throws -> Data? {
        while true {
            if let (handle, url, remaining) = file {
                guard remaining > 0 else {
                    try? handle.close()
                    file = nil
                    continue
                }
                let chunk = try handle.read(upToCount: Int(min(Int64(Self.chunkSize), remaining))) ?? Data()
                guard !chunk.isEmpty else {
                    throw CocoaError(
                        .fileReadUnknown,
                        userInfo: [
                            NSFilePathErrorKey: url.path,
                            NSLocalizedDescriptionKey:
                                "\(url.lastPathComponent) became shorter while it was being sent.",
                        ])
                }
                file = (handle, url, remaining - Int64(chunk.count))
                return chunk
            }
            guard let segment = segments.popFirst() else { return nil }
            switch segment {
            case .data(let data):
                if !data.isEmpty { return data }
            case .file(let url, let length):
                file = (try FileHandle(forReadingFrom: url), url, length)
            }
        }
    }
}
