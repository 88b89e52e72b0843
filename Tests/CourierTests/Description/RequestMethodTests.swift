import Courier
import Testing

@Suite struct RequestMethodTests {
    @Test(arguments: [
        (RequestMethod.get, true), (.head, true), (.put, true), (.delete, true), (.options, true), (.query, true),
        // POST and PATCH are not idempotent (RFC 9110 §9.2.2).
        (.post, false), (.patch, false), (RequestMethod(rawValue: "PURGE"), false),
    ])
    func idempotence(method: RequestMethod, expected: Bool) {
        #expect(method.isIdempotent == expected)
    }
}
