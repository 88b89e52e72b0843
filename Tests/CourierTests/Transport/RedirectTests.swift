import Foundation
import Testing

@testable import Courier

@Suite struct RedirectTests {
    let post = TransportRequest(
        method: .post, url: URL(string: "https://api.example/a")!,
        headers: ["Authorization": "Bearer t", "Cookie": "s=1", "Content-Type": "application/json"],
        body: .data(Data("{}".utf8)))

    func redirect(_ status: Int, to location: String) -> TransportResponse {
        TransportResponse(status: status, headers: ["Location": location])
    }

    @Test(arguments: [
        // 307 and 308 keep method and body.
        (307, RequestMethod.post, true),
        (308, .post, true),
        // 301, 302 and 303 turn POST into a body-less GET.
        (301, .get, false),
        (302, .get, false),
        (303, .get, false),
    ])
    func methodAndBodyFollowTheStatus(status: Int, method: RequestMethod, keepsBody: Bool) throws {
        let next = try #require(try post.redirected(by: redirect(status, to: "/b")))
        #expect(next.url.absoluteString == "https://api.example/b")
        #expect(next.method == method)
        #expect((next.body != nil) == keepsBody)
        #expect((next.headers["Content-Type"] != nil) == keepsBody)
    }

    @Test(arguments: [
        // Same origin keeps credentials.
        ("https://api.example/b", true),
        // Another host or port drops them.
        ("https://evil.example/b", false),
        ("https://api.example:8443/b", false),
        // The default port is the same origin.
        ("https://api.example:443/b", true),
    ])
    func credentialsStayWithTheirOrigin(location: String, keeps: Bool) throws {
        let next = try #require(try post.redirected(by: redirect(307, to: location)))
        #expect((next.headers["Authorization"] != nil) == keeps)
        #expect((next.headers["Cookie"] != nil) == keeps)
    }

    @Test func nonRedirectsAndMissingLocationsAreNotFollowed() throws {
        #expect(try post.redirected(by: TransportResponse(status: 200)) == nil)
        #expect(try post.redirected(by: TransportResponse(status: 304, headers: ["Location": "/b"])) == nil)
        #expect(try post.redirected(by: TransportResponse(status: 302)) == nil)
    }

    @Test func aDowngradeFromHTTPSToHTTPIsRefused() {
        #expect(throws: URLError.self) {
            try post.redirected(by: redirect(302, to: "http://api.example/b"))
        }
    }
}
