import Testing

@testable import Courier

/// Which responses a stream call reads as values, and which it throws as the server's error.
@Suite struct EventFormatTests {
    @Test(arguments: [
        // Server-sent events need their media type…
        (EventFormat.serverSentEvents(), "text/event-stream", true),
        (EventFormat.serverSentEvents(), "text/event-stream; charset=utf-8", true),
        (EventFormat.serverSentEvents(), "TEXT/Event-Stream", true),
        // …so a JSON body (an error with status 200) or an HTML page has not streamed.
        (EventFormat.serverSentEvents(), "application/json", false),
        (EventFormat.serverSentEvents(), "text/html; charset=utf-8", false),
        (EventFormat.serverSentEvents(), "text/plain", false),
        // JSON Lines and sequences are labelled loosely by servers: anything but HTML or one JSON document.
        (EventFormat.jsonLines, "application/x-ndjson", true),
        (EventFormat.jsonLines, "text/plain", true),
        (EventFormat.jsonLines, "application/x-json-stream", true),
        (EventFormat.jsonLines, "application/json", false),
        (EventFormat.jsonLines, "text/html", false),
        (EventFormat.jsonSequence, "application/json-seq", true),
        (EventFormat.jsonSequence, "application/problem+json", false),
    ])
    func aResponseStreamsOnlyInItsFormatsMediaType(format: EventFormat, contentType: String, accepted: Bool) {
        #expect(format.accepts(contentType: contentType) == accepted)
    }
}
