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
        // …but not as another streaming format: events read as lines of JSON failed at the first.
        (EventFormat.jsonLines, "text/event-stream", false),
        (EventFormat.jsonLines, "application/json-seq", false),
        (EventFormat.jsonSequence, "application/x-ndjson; charset=utf-8", false),
    ])
    func aResponseStreamsOnlyInItsFormatsMediaType(format: EventFormat, contentType: String, accepted: Bool) {
        #expect(format.accepts(contentType: contentType) == accepted)
    }

    /// A call that reads several formats (as an OpenAPI 3.2 operation offers JSON Lines and
    /// server-sent events of one item) reads the one the response names, with its own settings;
    /// a type none of them can carry is not a stream.
    @Test(
        arguments: [
            (
                [EventFormat.jsonLines, .serverSentEvents(terminator: "[DONE]")], "text/event-stream",
                EventFormat.serverSentEvents(terminator: "[DONE]")
            ),
            ([EventFormat.jsonLines, .serverSentEvents(terminator: "[DONE]")], "application/jsonl", .jsonLines),
            // A loose label goes to the first format that takes it.
            ([EventFormat.serverSentEvents(), .jsonLines], "text/plain", .jsonLines),
            ([EventFormat.jsonLines, .jsonSequence], "application/json-seq", .jsonSequence),
            ([EventFormat.jsonLines, .serverSentEvents()], "application/json", nil),
            ([EventFormat.serverSentEvents()], "application/x-ndjson", nil),
            // No formats: the one the media type names.
            ([], "application/x-ndjson", .jsonLines),
            ([], "text/plain", nil),
        ] as [([EventFormat], String, EventFormat?)])
    func aResponseIsReadInTheFormatItNames(formats: [EventFormat], contentType: String, chosen: EventFormat?) {
        #expect(EventFormat.chosen(from: formats, contentType: contentType) == chosen)
    }

    /// A response that names no type is read in the first format the call reads; with none, it
    /// cannot be read.
    @Test func aResponseWithoutAContentTypeIsReadInTheFirstFormat() {
        #expect(EventFormat.chosen(from: [.jsonSequence, .jsonLines], contentType: nil) == .jsonSequence)
        #expect(EventFormat.chosen(from: [], contentType: nil) == nil)
    }

    /// The `Accept` of a stream call lists its formats' media types in order, then JSON for the
    /// error a server answers instead.
    @Test func theAcceptListsEachFormatInOrder() {
        #expect(
            EventFormat.acceptValue([.jsonLines, .serverSentEvents()])
                == "application/jsonl, application/x-ndjson, text/event-stream, application/json;q=0.5")
        #expect(
            EventFormat.acceptValue([.serverSentEvents(terminator: "[DONE]")])
                == "text/event-stream, application/json;q=0.5")
        #expect(
            EventFormat.acceptValue([])
                == "text/event-stream, application/jsonl, application/x-ndjson, application/json-seq, application/json;q=0.5"
        )
    }
}
