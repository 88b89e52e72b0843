public import Foundation

/// Something that happened to one call: it started, succeeded or failed.
public enum RequestEvent: Sendable {
    /// The call's request was built and is about to be sent.
    case started(RequestEventInfo)
    /// The call succeeded with a decoded value; for a streamed call, the value is its response
    /// without the body, which is the caller's to read.
    case succeeded(RequestEventInfo, value: any Sendable, response: TransportResponse)
    /// The call failed.
    case failed(RequestEventInfo, ServiceError)

    /// Which call the event is about.
    public var info: RequestEventInfo {
        switch self {
        case .started(let info), .succeeded(let info, _, _), .failed(let info, _): info
        }
    }

    /// The decoded value of a success, as a concrete type.
    /// - Parameter type: The endpoint's response type.
    /// - Returns: The value, or `nil` for other events and types.
    public func value<Value>(as type: Value.Type) -> Value? {
        if case .succeeded(_, let value, _) = self { value as? Value } else { nil }
    }

    /// The error of a failure.
    public var error: ServiceError? {
        if case .failed(_, let error) = self { error } else { nil }
    }
}

/// Identifies the call an event is about.
public struct RequestEventInfo: Sendable, Hashable {
    /// A number unique to this call within its client.
    public var callID: UInt64
    /// The endpoint's operation identifier.
    public var operationID: String?
    /// The request method.
    public var method: RequestMethod
    /// The request URL.
    public var url: URL
}
