public import Courier
public import Foundation

extension HTTPArchiveTransport {
    /// A request that no recorded exchange answers.
    public struct UnrecordedRequest: Error, CustomStringConvertible {
        /// The request, as the replay received it.
        public var request: TransportRequest
        /// The recorded requests closest to it, most alike first, as `METHOD URL` with what differs.
        public var closest: [String]
        /// The file replayed.
        public var file: URL

        /// Names the request, the closest recorded ones, and how to record it.
        public var description: String {
            var text =
                "\(file.lastPathComponent) has no recorded exchange left for \(request.method) \(request.url.absoluteString)."
            if closest.isEmpty {
                text += " It records no request of that method and path."
            } else {
                text +=
                    " Closest recorded:" + closest.enumerated().map { "\n  \($0.offset + 1). \($0.element)" }.joined()
            }
            return text + "\nRecord the session again if the requests have changed."
        }
    }

    /// The recorded exchanges and which of them have answered.
    final class Replay: @unchecked Sendable {
        // @unchecked: `used` is touched only under `lock`.
        private let entries: [HTTPArchive.Entry]
        /// Each entry's request as it is compared, read once.
        private let requests: [RecordedRequest]
        private let file: URL
        private let strict: Bool
        private let lock = NSLock()
        private var used: [Bool]

        init(entries: [HTTPArchive.Entry], file: URL, strict: Bool) {
            self.entries = entries
            requests = entries.map { RecordedRequest($0.request) }
            self.file = file
            self.strict = strict
            used = Array(repeating: false, count: entries.count)
        }

        /// The recorded answer to a request.
        func answer(
            _ request: TransportRequest, body: Data?, redaction: Redaction, streamed: Bool
        ) throws -> TransportResponse {
            let probe = Probe(request, body: body, redaction: redaction)
            let entry = try lock.withLock { () throws -> HTTPArchive.Entry in
                let matching = requests.indices.filter { probe.matches(requests[$0], strict: strict) }
                if let index = matching.first(where: { !used[$0] }) {
                    used[index] = true
                    return entries[index]
                }
                if !strict, let last = matching.last { return entries[last] }
                throw UnrecordedRequest(request: request, closest: closest(to: probe), file: file)
            }
            return try Self.response(entry.response, url: request.url, streamed: streamed, file: file)
        }

        /// The three recorded requests most like the probe, with what differs.
        private func closest(to probe: Probe) -> [String] {
            let ranked = requests.enumerated().compactMap { index, recorded -> (score: Int, text: String)? in
                var differences: [String] = []
                var score = 0
                if recorded.method == probe.method { score += 8 } else { differences.append("method") }
                guard let url = recorded.parsedURL else { return nil }
                if url.path == probe.url.path { score += 4 } else { differences.append("path") }
                guard score > 0 else { return nil }
                if url.query == probe.url.query { score += 2 } else { differences.append("query") }
                if probe.hasBody(of: recorded) { score += 1 } else { differences.append("body") }
                if differences.isEmpty { differences.append("already replayed") }
                return (
                    score,
                    "\(recorded.method) \(recorded.url) (\(differences.joined(separator: ", ")); entry \(index + 1))"
                )
            }
            return ranked.sorted { $0.score > $1.score }.prefix(3).map(\.text)
        }

        private static func response(
            _ recorded: HTTPArchive.Response, url: URL, streamed: Bool, file: URL
        ) throws -> TransportResponse {
            if let failure = recorded._error {
                let info: [String: Any] = [
                    NSLocalizedDescriptionKey: failure.description, NSURLErrorFailingURLErrorKey: url,
                ]
                // As an `NSError` in the URL error domain: a `URLError` as the client classifies it.
                throw NSError(
                    domain: NSURLErrorDomain, code: failure.urlErrorCode ?? URLError.Code.unknown.rawValue,
                    userInfo: info)
            }
            var body = Data()
            if let text = recorded.content.text {
                guard let data = HTTPArchive.data(of: text, encoding: recorded.content.encoding) else {
                    throw InvalidArchive(
                        file: file, reason: "a response body to \(url.absoluteString) is not valid base64")
                }
                body = data
            }
            let headers = HeaderFields(recorded.headers.map { HeaderFields.Field(name: $0.name, value: $0.value) })
            guard streamed, let sizes = recorded.content._chunks else {
                return TransportResponse(status: recorded.status, headers: headers, body: body, url: url)
            }
            var chunks: [Data] = []
            var offset = 0
            for size in sizes where offset + size <= body.count {
                chunks.append(body.subdata(in: offset..<offset + size))
                offset += size
            }
            if offset < body.count { chunks.append(body.subdata(in: offset..<body.count)) }
            return TransportResponse(
                status: recorded.status, headers: headers, body: ResponseBody(chunks: RecordedChunks(chunks: chunks)),
                url: url)
        }
    }

    /// A live request in the form it is compared with recorded ones.
    struct Probe {
        var method: String
        var url: URL
        var body: Data?
        var contentType: String?

        init(_ request: TransportRequest, body: Data?, redaction: Redaction) {
            method = request.method.rawValue
            url = redaction.archiveRedacting(request.url)
            self.body = body.flatMap { $0.isEmpty ? nil : $0 }
            contentType = request.headers["Content-Type"]
        }

        func matches(_ recorded: RecordedRequest, strict: Bool) -> Bool {
            guard recorded.method == method else { return false }
            guard strict else { return recorded.parsedURL?.path == url.path }
            return recorded.url == url.absoluteString && hasBody(of: recorded)
        }

        /// Whether the body is the recorded one, as ``RecordedBodyMatching`` compares them.
        func hasBody(of recorded: RecordedRequest) -> Bool {
            RecordedBodyMatching.same(body, contentType, recorded.body, recorded.contentType)
        }
    }

    /// A recorded request in the form a probe is compared with: its URL parsed and its body
    /// decoded once, when the file is loaded.
    struct RecordedRequest {
        var method: String
        var url: String
        var parsedURL: URL?
        var body: Data?
        var contentType: String?

        init(_ request: HTTPArchive.Request) {
            method = request.method
            url = request.url
            parsedURL = URL(string: request.url)
            if let post = request.postData, !post.text.isEmpty {
                body = HTTPArchive.data(of: post.text, encoding: post._encoding)
                contentType = post.mimeType
            }
        }
    }

    /// A recorded streamed body's chunks.
    struct RecordedChunks: AsyncSequence, Sendable {
        typealias Element = Data
        let chunks: [Data]

        func makeAsyncIterator() -> Iterator { Iterator(remaining: chunks[...]) }

        struct Iterator: AsyncIteratorProtocol {
            var remaining: ArraySlice<Data>
            mutating func next() async throws -> Data? {
                try Task.checkCancellation()
                return remaining.popFirst()
            }
        }
    }
}
