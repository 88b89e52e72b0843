import Courier
import Foundation

extension HTTPArchive {
    /// A request as recorded, with the redaction applied.
    static func request(
        _ request: TransportRequest, body: Data?, redaction: Redaction
    ) -> Request {
        let url = redaction.archiveRedacting(request.url)
        var postData: PostData?
        if let body {
            let (text, encoding) = Self.text(of: body)
            postData = PostData(
                mimeType: request.headers["Content-Type"] ?? "application/octet-stream", text: text,
                _encoding: encoding)
        }
        return Request(
            method: request.method.rawValue, url: url.absoluteString,
            headers: redacted(request.headers, redaction), queryString: queryString(of: url), postData: postData,
            bodySize: body?.count ?? 0)
    }

    /// A response as recorded, with the redaction applied.
    static func response(
        _ response: TransportResponse, body: Data, redaction: Redaction
    ) -> Response {
        let (text, encoding) = Self.text(of: body)
        return Response(
            status: response.status, statusText: response.reasonPhrase,
            headers: redacted(response.headers, redaction),
            content: Content(
                size: body.count, mimeType: response.headers["Content-Type"] ?? "", text: body.isEmpty ? nil : text,
                encoding: body.isEmpty ? nil : encoding),
            redirectURL: response.headers["Location"] ?? "", bodySize: body.count)
    }

    /// A transport error in place of a response, as browsers record one (status 0).
    static func failure(_ error: any Error) -> Response {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? nsError.code : nil
        return Response(
            status: 0, statusText: "", headers: [], content: Content(size: 0, mimeType: ""), bodySize: 0,
            _error: TransportError(urlErrorCode: code, description: error.localizedDescription))
    }

    private static func redacted(_ headers: HeaderFields, _ redaction: Redaction) -> [NameValue] {
        headers.fields.map {
            NameValue(
                name: $0.name,
                value: redaction.archiveRedacts(header: $0.name) ? Redaction.archivePlaceholder : $0.value)
        }
    }
}
