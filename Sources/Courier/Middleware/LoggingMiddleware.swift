import Foundation

#if canImport(os)
    import os
#endif

/// Logs each request and its outcome, with secrets redacted and bodies cut short.
///
/// ```swift
/// let logging = LoggingMiddleware(level: .headers, redaction: Redaction(queryItems: ["api_key"]))
/// let client = APIClient(baseURL: url) { $0.middlewares = [logging] }
/// ```
///
/// Messages go to the closure you give; by default to `os.Logger` on Apple platforms and to
/// standard error elsewhere. Put it last in the chain to log what is actually sent, including
/// retries and refreshed tokens.
public struct LoggingMiddleware: Middleware {
    /// How much to log.
    public enum Level: Int, Sendable, Comparable {
        /// Nothing.
        case off = 0
        /// Failures only: errors and 4xx/5xx responses.
        case errors
        /// One line per request and per response, with the status and duration.
        case summary
        /// Also the headers.
        case headers
        /// Also the bodies, cut at ``LoggingMiddleware/bodyLimit`` bytes.
        case bodies

        /// Compares levels by how much they log.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Writes one log message.
    public typealias Sink = @Sendable (_ level: Level, _ message: String) -> Void

    /// How much is logged.
    public var level: Level
    /// What is hidden.
    public var redaction: Redaction
    /// The most body bytes logged.
    public var bodyLimit: Int
    private let sink: Sink

    /// Creates the middleware.
    /// - Parameters:
    ///   - level: How much to log.
    ///   - redaction: What to hide; by default the credential headers.
    ///   - bodyLimit: The most body bytes to log.
    ///   - sink: Where messages go; by default `os.Logger` on Apple platforms, standard error elsewhere.
    public init(
        level: Level = .summary, redaction: Redaction = Redaction(), bodyLimit: Int = 1024,
        sink: @escaping Sink = LoggingMiddleware.defaultSink
    ) {
        self.level = level
        self.redaction = redaction
        self.bodyLimit = bodyLimit
        self.sink = sink
    }

    /// The platform's default destination.
    public static let defaultSink: Sink = { level, message in
        #if canImport(os)
            let logger = Logger(subsystem: "Courier", category: "HTTP")
            if level == .errors {
                logger.error("\(message, privacy: .public)")
            } else {
                logger.debug("\(message, privacy: .public)")
            }
        #else
            FileHandle.standardError.write(Data((message + "\n").utf8))
        #endif
    }

    /// Logs the request, passes it on, and logs the response or error.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: Its context.
    ///   - next: The rest of the chain.
    /// - Returns: The response, unchanged.
    /// - Throws: The chain's error, unchanged.
    public func intercept(_ request: TransportRequest, context: RequestContext, next: Next) async throws(ServiceError)
        -> TransportResponse
    {
        guard level > .off else { return try await next(request) }
        let target = "\(request.method) \(redaction.text(of: request.url))"
        if level >= .summary {
            sink(
                .summary,
                "→ " + target
                    + details(
                        request.headers, request.body?.bufferedData,
                        streamed: request.body.map { $0.bufferedData == nil } ?? false))
        }
        let start = ContinuousClock.now
        do throws(ServiceError) {
            let response = try await next(request)
            let elapsed = ContinuousClock.now - start
            let line = "← \(response.status) \(target) (\(Self.milliseconds(elapsed)) ms)"
            if level >= .summary {
                sink(
                    .summary,
                    line + details(response.headers, response.body.bufferedData, streamed: response.body.isStreaming))
            } else if response.status >= 400 {
                sink(.errors, line)
            }
            return response
        } catch {
            sink(.errors, "✕ \(target) (\(Self.milliseconds(ContinuousClock.now - start)) ms): \(error)")
            throw error
        }
    }

    /// The headers and body excerpt, as the level asks; a streamed body is never read here.
    private func details(_ headers: HeaderFields, _ body: Data?, streamed: Bool) -> String {
        var text = ""
        if level >= .headers {
            for field in headers { text += "\n  \(field.name): \(redaction.value(of: field))" }
        }
        if level >= .bodies, streamed {
            text += "\n  (body streamed, not logged)"
        } else if level >= .bodies, let body, !body.isEmpty {
            text += "\n  " + BodyExcerpt.make(body, limit: bodyLimit)
        }
        return text
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.seconds * 1000)
    }
}
