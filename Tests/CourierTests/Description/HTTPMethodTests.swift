import Courier
import Testing

@Suite struct HTTPMethodTests {
    @Test(arguments: [
        (HTTPMethod.get, true), (.head, true), (.put, true), (.delete, true), (.options, true),
        // POST and PATCH are not idempotent (RFC 9110 §9.2.2).
        (.post, false), (.patch, false), (HTTPMethod(rawValue: "PURGE"), false),
    ])
    func idempotence(method: HTTPMethod, expected: Bool) {
        #expect(method.isIdempotent == expected)
    }
}
