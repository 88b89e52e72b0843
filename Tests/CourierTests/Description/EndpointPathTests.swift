import Courier
import Foundation
import Testing

@Suite struct EndpointPathTests {
    @Test(arguments: [
        // A traversal with a query and fragment stays one segment.
        ("a/../b?x=1#y", "/users/a%2F..%2Fb%3Fx%3D1%23y/friends"),
        // Dot segments alone would be normalized away by URL resolution.
        ("..", "/users/%2E%2E/friends"),
        (".", "/users/%2E/friends"),
        // Reserved characters and spaces.
        ("a b+c&d=e;f", "/users/a%20b%2Bc%26d%3De%3Bf/friends"),
        // Non-ASCII is encoded as UTF-8.
        ("Zoë", "/users/Zo%C3%AB/friends"),
        // Unreserved characters are kept.
        ("A-z_0.9~", "/users/A-z_0.9~/friends"),
        // Percent signs are encoded, so pre-encoded input is not decoded twice.
        ("50%25", "/users/50%2525/friends"),
    ])
    func interpolatedValuesAreOneEncodedSegment(value: String, expected: String) {
        let path: EndpointPath = "/users/\(value)/friends"
        #expect(path.description == expected)
    }

    @Test func literalTextIsKeptAndNumbersInterpolate() {
        let id = 42
        let path: EndpointPath = "/v1/users/\(id)"
        #expect(path.description == "/v1/users/42")
    }

    @Test func segmentsBuilderEncodesEachSegment() {
        #expect(EndpointPath.segments(["files", "a/b", "c d"]).description == "/files/a%2Fb/c%20d")
    }

    @Test func absoluteURLIsKept() {
        let url = URL(string: "https://cdn.example.com/next?page=2")!
        #expect(EndpointPath.absolute(url).description == url.absoluteString)
    }
}
