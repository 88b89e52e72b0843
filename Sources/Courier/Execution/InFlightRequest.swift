public import Foundation

/// A network exchange a client has under way. Identical coalesced calls share one.
public struct InFlightRequest: Sendable, Hashable, Identifiable {
    /// A number unique to this exchange within its client.
    public var id: UInt64
    /// The operation identifier of the endpoint that started it.
    public var operationID: String?
    /// The request method.
    public var method: RequestMethod
    /// The request URL.
    public var url: URL
    /// When the exchange started.
    public var startedAt: Date
    /// How many calls are waiting for it (more than one when coalesced).
    public var waiters: Int
}
