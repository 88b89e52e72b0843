import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

extension AsyncHTTPClientTransport {
    /// The `URLError` that `URLSession` would have thrown for an AsyncHTTPClient or SwiftNIO
    /// error, so that the client classifies both transports' failures alike. The original error
    /// is kept under `NSUnderlyingErrorKey`; an error with no counterpart is returned as it is.
    static func classify(_ error: any Error, request: TransportRequest) -> any Error {
        guard let code = urlErrorCode(for: error) else { return error }
        return URLError(
            code,
            userInfo: [
                NSUnderlyingErrorKey: error as NSError,
                NSLocalizedDescriptionKey: "\(error)",
                NSURLErrorFailingURLErrorKey: request.url,
            ])
    }

    private static func urlErrorCode(for error: any Error) -> URLError.Code? {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout,
                .tlsHandshakeTimeout, .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
                return .timedOut
            case .remoteConnectionClosed: return .networkConnectionLost
            case .cancelled: return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme: return .badURL
            // Only a client of the caller's that follows redirects itself ends so.
            case .redirectLimitReached, .redirectCycleDetected: return .httpTooManyRedirects
            default: return nil
            }
        case let error as NIOConnectionError:
            // Every address failed: none resolved, or none accepted the connection.
            return error.connectionErrors.isEmpty ? .cannotFindHost : .cannotConnectToHost
        case is SocketAddressError:
            return .cannotFindHost
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EHOSTDOWN, ENETDOWN: return .cannotConnectToHost
            case ECONNRESET, EPIPE: return .networkConnectionLost
            default: return nil
            }
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timedOut
            case .eof, .ioOnClosedChannel, .outputClosed, .inputClosed, .alreadyClosed: return .networkConnectionLost
            default: return nil
            }
        case let error as HTTPParserError:
            // The connection closed before the body was complete.
            return error == .invalidEOFState ? .networkConnectionLost : nil
        case is NIOTooManyBytesError, is ResponseAccumulator.ResponseTooBigError:
            return .dataLengthExceedsMaximum
        default:
            return nil
        }
    }
}
