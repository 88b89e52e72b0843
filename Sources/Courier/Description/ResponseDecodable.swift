public import Foundation

/// A response type decoded with the whole response at hand (its status and headers), not only
/// its body.
///
/// An operation whose successful statuses return different bodies, such as `200` with the
/// finished job and `202` with a ticket, has one response type with a case per status; the
/// generator writes it as an enum conforming to this protocol:
///
/// ```swift
/// enum JobOutcome: ResponseDecodable, Hashable {
///     case done(Job)
///     case queued(Ticket)
///
///     static func decode(from response: TransportResponse, decoder: JSONDecoder) throws -> JobOutcome {
///         let body = response.body.bufferedData ?? Data()  // read whole before this is called
///         switch response.status {
///         case 202: return .queued(try decoder.decode(Ticket.self, from: body))
///         default: return .done(try decoder.decode(Job.self, from: body))
///         }
///     }
/// }
/// ```
///
/// ``APIClient`` calls ``decode(from:decoder:)`` instead of decoding the body as JSON; a
/// `DecodingError` it throws becomes ``ServiceError/decoding(_:)`` with its coding path.
public protocol ResponseDecodable: Decodable, Sendable {
    /// Decodes a successful response.
    /// - Parameters:
    ///   - response: The whole response, with its status and headers.
    ///   - decoder: The client's JSON decoder.
    /// - Returns: The value.
    /// - Throws: When the response does not have this shape (a `DecodingError` for a body that
    ///   does not match, explaining which status or field did not).
    static func decode(from response: TransportResponse, decoder: JSONDecoder) throws -> Self
}
