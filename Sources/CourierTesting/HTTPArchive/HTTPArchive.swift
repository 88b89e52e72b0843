import Courier
import Foundation

/// The HAR 1.2 format (http://www.softwareishard.com/blog/har-12-spec/), as browsers' developer
/// tools read and write it: the parts ``HTTPArchiveTransport`` records and replays.
///
/// HAR has no place for a streamed body's chunks, a transport error or a request body that is
/// not text; those go in fields whose names begin with an underscore, which the format reserves
/// for such additions (`_chunks`, `_error`, `_encoding`).
struct HTTPArchive: Codable, Sendable {
    var log: Log

    struct Log: Codable, Sendable {
        var version = "1.2"
        var creator = Creator(name: "Courier", version: CourierInfo.version)
        var entries: [Entry]
    }

    struct Creator: Codable, Sendable {
        var name: String
        var version: String
    }

    struct Entry: Codable, Sendable {
        var startedDateTime: String
        /// Milliseconds from the request to the end of the response.
        var time: Double
        var request: Request
        var response: Response
        var cache = Cache()
        var timings: Timings
    }

    struct Request: Codable, Sendable {
        var method: String
        var url: String
        var httpVersion = "HTTP/1.1"
        var cookies: [Cookie] = []
        var headers: [NameValue]
        var queryString: [NameValue]
        var postData: PostData?
        var headersSize = -1
        var bodySize: Int
    }

    struct Response: Codable, Sendable {
        var status: Int
        var statusText: String
        var httpVersion = "HTTP/1.1"
        var cookies: [Cookie] = []
        var headers: [NameValue]
        var content: Content
        var redirectURL = ""
        var headersSize = -1
        var bodySize: Int
        /// A transport error instead of a response (`status` is then 0, as browsers record it).
        var _error: TransportError?
    }

    struct NameValue: Codable, Sendable, Hashable {
        var name: String
        var value: String
    }

    struct Cookie: Codable, Sendable {
        var name: String
        var value: String
    }

    struct PostData: Codable, Sendable {
        var mimeType: String
        var text: String
        /// `base64` when `text` holds a body that is not UTF-8 text.
        var _encoding: String?
    }

    struct Content: Codable, Sendable {
        var size: Int
        var mimeType: String
        var text: String?
        /// `base64` when `text` holds bytes that are not UTF-8 text.
        var encoding: String?
        /// The sizes of a streamed body's chunks, in order, so that a replay hands out the same
        /// chunks.
        var _chunks: [Int]?
        /// The reader left the body before its end: `text` holds what had arrived by then.
        var _incomplete: Bool?
    }

    struct TransportError: Codable, Sendable {
        /// The `URLError` code, or nil for an error of another kind.
        var urlErrorCode: Int?
        var description: String
    }

    struct Cache: Codable, Sendable {}

    struct Timings: Codable, Sendable {
        var send: Double = 0
        var wait: Double
        var receive: Double = 0
    }
}

extension HTTPArchive {
    /// A body as HAR text: UTF-8 text as is, other bytes as base64.
    /// - Parameter data: The body.
    /// - Returns: The text, and `base64` when it is encoded.
    static func text(of data: Data) -> (text: String, encoding: String?) {
        if let text = String(data: data, encoding: .utf8), !text.contains("\0") { return (text, nil) }
        return (data.base64EncodedString(), "base64")
    }

    /// A body from HAR text.
    /// - Parameters:
    ///   - text: The text.
    ///   - encoding: `base64`, or nil for UTF-8 text.
    /// - Returns: The bytes, or nil when base64 text does not decode.
    static func data(of text: String, encoding: String?) -> Data? {
        guard let encoding else { return Data(text.utf8) }
        guard encoding == "base64" else { return nil }
        return Data(base64Encoded: text)
    }

    /// The query of a URL in HAR's list form, decoded.
    static func queryString(of url: URL) -> [NameValue] {
        (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
            NameValue(name: $0.name, value: $0.value ?? "")
        }
    }

    /// The date format HAR uses (ISO 8601 with milliseconds).
    static func timestamp(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
