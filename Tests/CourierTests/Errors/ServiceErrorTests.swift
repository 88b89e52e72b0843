import Foundation
import Testing

@testable import Courier

@Suite struct ServiceErrorTests {
    enum Expected: Sendable { case notConnected, timedOut, cancelled, transport }

    @Test(arguments: [
        // The family of "offline or unreachable" codes.
        (URLError.Code.notConnectedToInternet, Expected.notConnected),
        (.cannotFindHost, .notConnected),
        (.cannotConnectToHost, .notConnected),
        (.dnsLookupFailed, .notConnected),
        (.internationalRoamingOff, .notConnected),
        (.dataNotAllowed, .notConnected),
        (.callIsActive, .notConnected),
        (.timedOut, .timedOut),
        (.cancelled, .cancelled),
        // A connection lost mid-exchange is not "offline".
        (.networkConnectionLost, .transport),
        (.secureConnectionFailed, .transport),
        (.badServerResponse, .transport),
    ])
    func urlErrorsAreClassifiedByCode(code: URLError.Code, expected: Expected) {
        let error = ServiceError.classify(URLError(code), request: nil)
        switch (error, expected) {
        case (.notConnected(let failure), .notConnected), (.timedOut(let failure), .timedOut),
            (.transport(let failure), .transport):
            #expect(failure.code == code)
        case (.cancelled, .cancelled): break
        default: Issue.record("\(code.rawValue) became \(error)")
        }
    }

    @Test func cancellationAndOtherErrors() {
        struct Custom: Error {}
        guard case .cancelled = ServiceError.classify(CancellationError(), request: nil) else {
            Issue.record("CancellationError must become .cancelled")
            return
        }
        guard case .transport(let failure) = ServiceError.classify(Custom(), request: nil) else {
            Issue.record("Other errors must become .transport")
            return
        }
        #expect(failure.code == nil && failure.underlying is Custom)
        let original = ServiceError.invalidRequest(InvalidRequest(reason: "x"))
        guard case .invalidRequest = ServiceError.classify(original, request: nil) else {
            Issue.record("A ServiceError must pass through unchanged")
            return
        }
    }

    @Test func descriptionsAreReadable() {
        let request = TransportRequest(method: .get, url: URL(string: "https://h.example/x")!)
        let failure = TransportFailure(
            request: request, code: .notConnectedToInternet, underlying: URLError(.notConnectedToInternet))
        #expect(ServiceError.notConnected(failure).errorDescription == "The Internet connection appears to be offline.")
        #expect(ServiceError.cancelled.localizedDescription == "The request was cancelled.")
        let server = ServerFailure(
            request: request, response: TransportResponse(status: 418, body: Data("short and stout".utf8)), body: nil)
        #expect(ServiceError.server(server).errorDescription == "The server responded with 418 (Client Error).")
        #expect(String(describing: ServiceError.server(server)).contains("GET https://h.example/x"))
        #expect(String(describing: ServiceError.server(server)).contains("short and stout"))
        #expect(ServiceError.server(server).status == 418)
        #expect(ServiceError.notConnected(failure).response == nil)
    }

    @Test func binaryBodiesAreNotPrintedAsText() {
        #expect(BodyExcerpt.make(Data([0xFF, 0xFE, 0x00, 0x81])) == "<4 bytes of binary data>")
        // A multi-byte character cut at the limit is dropped, not garbled.
        let text = String(repeating: "a", count: 199) + "é" + "tail"
        #expect(BodyExcerpt.make(Data(text.utf8)) == String(repeating: "a", count: 199) + "… (205 bytes)")
    }
}
