public import Foundation

extension APIClient {
    /// Everything that is shared by all calls to one server.
    public struct Configuration: Sendable {
        /// The server's base URL; a path prefix (`https://host/api/v1`) is kept, so `/friends`
        /// goes to `https://host/api/v1/friends`.
        public var baseURL: URL
        /// Headers sent with every request; an endpoint's headers of the same name win. By default
        /// `Accept: application/json` and a `User-Agent` naming Courier and the platform.
        public var headers: HeaderFields
        /// The options JSON request bodies are encoded with. By default dates are RFC 3339.
        ///
        /// Courier's own encoder writes the bodies with these options, as `JSONEncoder` would
        /// but for a whole `Double` or `Float`, which keeps its fraction (`2.0`, not `2`); a
        /// subclass, key conversion, ISO 8601 or formatter dates, or pretty printing make
        /// `JSONEncoder` write them itself.
        public var encoder: JSONEncoder
        /// Decodes JSON responses and error bodies. By default dates are RFC 3339, with or
        /// without fractional seconds.
        ///
        /// Courier decodes with a JSON decoder of its own that reads this one's options (date,
        /// data and non-conforming float strategies, `userInfo`) and decodes the same values to
        /// the same results. It hands the work to this decoder itself when it is a subclass or
        /// uses an option Courier does not mirror: key conversion, JSON5, a top-level dictionary
        /// assumed, ISO 8601 or formatter dates.
        public var decoder: JSONDecoder
        /// The API's error body type, decoded from responses whose status an endpoint does not
        /// accept. By default ``CommonErrorBody``, which understands the usual shapes.
        public var errorBodyType: any ServerErrorBody.Type
        /// For APIs that report failures inside 2xx bodies: when a successful body decodes into
        /// this type, the call throws ``ServiceError/server(_:)``. Choose a type that decodes
        /// only when the failure marker is present, such as ``ErrorEnvelope``. `nil` (the
        /// default) disables the check.
        public var successfulErrorBodyType: (any ServerErrorBody.Type)?
        /// The default limit on each attempt of a call (see ``Endpoint/timeout``); `nil` leaves
        /// it to the transport.
        public var timeout: Duration?
        /// The default limit on each whole call, retries and token refreshes included (see
        /// ``Endpoint/totalTimeout``); `nil` (the default) sets none.
        public var totalTimeout: Duration?
        /// The middleware chain, in order: the first sees each request first.
        public var middlewares: [any Middleware]
        /// What performs the HTTP exchange. By default a ``URLSessionTransport``.
        public var transport: any Transport
        /// Whether identical concurrent GET and HEAD calls share one exchange. Identical means
        /// the whole request (URL, headers, timeout, cache policy) and the call's options,
        /// operation ID and total timeout. On by default; an endpoint opts out with
        /// ``RequestOption/notCoalesced``.
        public var coalescesRequests: Bool
        /// Whether calls are listed in ``APIClient/inFlightRequests`` and can be cancelled by
        /// id (``APIClient/cancelRequest(id:)``). On by default.
        ///
        /// To be cancelled by id without cancelling the task that made it, a listed call runs
        /// its exchange in a task of its own, which costs a thread hop as it ends (about a tenth
        /// of the throughput at 32 concurrent requests over AsyncHTTPClient). Over Courier's
        /// AsyncHTTPClient transport, which cancels one request by itself, a call that reads its
        /// body whole runs its exchange in the calling task instead, unless a middleware that
        /// waits on its own (``RetryMiddleware``, ``AuthenticationMiddleware`` or one of yours)
        /// is in the chain. A server that never cancels one call by id can turn listing off:
        /// each call then runs its exchange in the calling task, `inFlightRequests` stays
        /// empty, and cancelling the task still cancels the request.
        public var listsInFlightRequests: Bool

        /// Creates a configuration with Courier's defaults.
        /// - Parameters:
        ///   - baseURL: The server's base URL.
        ///   - transport: The transport; by default a new ``URLSessionTransport``.
        public init(baseURL: URL, transport: any Transport = URLSessionTransport()) {
            self.baseURL = baseURL
            self.headers = ["Accept": "application/json", "User-Agent": Self.defaultUserAgent]
            self.encoder = JSONEncoder()
            self.encoder.dateEncodingStrategy = .rfc3339
            self.decoder = JSONDecoder()
            self.decoder.dateDecodingStrategy = .rfc3339
            self.errorBodyType = CommonErrorBody.self
            self.successfulErrorBodyType = nil
            self.timeout = nil
            self.totalTimeout = nil
            self.middlewares = []
            self.transport = transport
            self.coalescesRequests = true
            self.listsInFlightRequests = true
        }

        /// `Courier/<version> (<platform>)`.
        public static let defaultUserAgent: String = {
            #if os(iOS)
                let platform = "iOS"
            #elseif os(macOS)
                let platform = "macOS"
            #elseif os(tvOS)
                let platform = "tvOS"
            #elseif os(watchOS)
                let platform = "watchOS"
            #elseif os(visionOS)
                let platform = "visionOS"
            #elseif os(Linux)
                let platform = "Linux"
            #else
                let platform = "unknown"
            #endif
            return "Courier/\(CourierInfo.version) (\(platform))"
        }()
    }
}
