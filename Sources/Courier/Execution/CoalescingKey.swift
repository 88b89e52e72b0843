/// What makes two calls the same call, so that they may share one exchange.
///
/// Everything that could change the exchange or what is reported about it counts: the whole
/// request (method, URL, header fields in order, timeout, cache policy), the operation ID (which
/// middleware and ``InFlightRequest`` report), the options (``RequestOption/retryable``,
/// ``RequestOption/skipsAuthentication`` …) and the total timeout. Only body-less GET and HEAD
/// requests are shared.
struct CoalescingKey: Hashable, Sendable {
    private var request: TransportRequest
    private var operationID: String?
    private var options: Set<RequestOption>
    private var totalTimeout: Duration?

    /// The key of a call, or `nil` when the call must have an exchange of its own.
    init?(_ request: TransportRequest, context: RequestContext, totalTimeout: Duration?) {
        guard request.method == .get || request.method == .head, request.body == nil, !context.streamsResponseBody,
            !context.options.contains(.notCoalesced)
        else { return nil }
        self.request = request
        self.operationID = context.operationID
        self.options = context.options
        self.totalTimeout = totalTimeout
    }
}
