import Courier
import CourierTestSupport
import Foundation
import Testing

/// Typed event streams: fields kept beside each value, the format read from the response's
/// `Content-Type`, and a server-sent event, a JSON line or a JSON record that never ends stopped at
/// its limit.
extension TransportConformance {
    static let eventCases: [TransportConformance] = [
        TransportConformance("typed server-sent events keep their event, id and retry fields") { environment in
            let endpoint = Endpoint<Tick>.get("/stream/sse").query("events", 3)
            var events: [DecodedEvent<Tick>] = []
            for try await event in try await environment.client().events(endpoint, format: .serverSentEvents())
                .withFields()
            {
                events.append(event)
            }
            #expect(events.map(\.value.index) == [0, 1, 2])
            #expect(events.map(\.event) == ["tick", "message", "tick"])
            #expect(events.map(\.id) == ["0", "0", "2"])
            // The stream's first block sets only `retry`: no event is dispatched for it, and every
            // event after it carries the reconnection time it set.
            #expect(events.map(\.retry) == [2500, 2500, 2500])
        },
        TransportConformance("the event format comes from the response's Content-Type") { environment in
            let client = environment.client()
            var indexes: [String: [Int]] = [:]
            let paths: [(EndpointPath, String)] = [
                ("/stream/sse", "/stream/sse"), ("/stream/jsonl", "/stream/jsonl"),
                ("/stream/json-seq", "/stream/json-seq"),
            ]
            for (path, name) in paths {
                for try await tick in try await client.events(Endpoint<Tick>.get(path).query("count", 3)) {
                    indexes[name, default: []].append(tick.index)
                }
            }
            #expect(
                indexes == ["/stream/sse": [0, 1, 2], "/stream/jsonl": [0, 1, 2], "/stream/json-seq": [0, 1, 2]])
            // A JSON answer is not a stream: the server's error, with its decoded body.
            let error = await #expect(throws: ServiceError.self) {
                _ = try await client.events(Endpoint<Tick>.get("/user"))
            }
            guard case .server(let failure) = error else {
                Issue.record("Expected the server's error, got \(String(describing: error))")
                return
            }
            #expect(failure.response.status == 200 && failure.isSuccessfulError)
        },
        TransportConformance("a server-sent event line past the limit stops the stream with an error") { environment in
            let client = environment.client()
            let ident = UUID().uuidString
            let events = try await client.serverSentEvents(
                Endpoint<EmptyResponse>.get("/stream/sse-line").query("bytes", 8 << 20).query("id", ident),
                maximumEventSize: 1 << 20)
            let error = await #expect(throws: ServiceError.self) {
                for try await _ in events {}
            }
            guard case .transport(let failure) = error else {
                Issue.record("Expected a transport failure, got \(String(describing: error))")
                return
            }
            #expect(failure.code == .dataLengthExceedsMaximum)
            #expect("\(failure)".contains("longer than 1048576 bytes"))
            let progress = try await client.send(
                Endpoint<Progress>.get("/stream/progress").query("id", ident).query("closed", 1).option(.notCoalesced))
            // The server writes 8 MB of the line, then a byte every 10 ms until the connection closes.
            #expect(progress.closed == true, "The client never closed the connection")
            #expect(client.inFlightRequests.isEmpty)
        },
        TransportConformance("a JSON line or record past the limit stops the stream with an error") { environment in
            let client = environment.client()
            for format in ["jsonl", "json-seq"] {
                let ident = UUID().uuidString
                let ticks = try await client.events(
                    Endpoint<Tick>.get("/stream/sse-line").query("format", format).query("bytes", 20 << 20)
                        .query("id", ident))
                let error = await #expect(throws: ServiceError.self, "\(format)") {
                    for try await _ in ticks {}
                }
                guard case .transport(let failure) = error else {
                    Issue.record("\(format): expected a transport failure, got \(String(describing: error))")
                    continue
                }
                #expect(failure.code == .dataLengthExceedsMaximum, "\(format)")
                #expect("\(failure)".contains("longer than 16777216 bytes"), "\(format)")
                let progress = try await client.send(
                    Endpoint<Progress>.get("/stream/progress").query("id", ident).query("closed", 1)
                        .option(.notCoalesced))
                #expect(progress.closed == true, "\(format): the client never closed the connection")
            }
            #expect(client.inFlightRequests.isEmpty)
        },
        TransportConformance("event and download calls ask for what they read, unless the endpoint says") {
            environment in
            // These routes answer 406 to an Accept that does not take their media type.
            let client = environment.client()
            var ticks: [Int] = []
            for path: EndpointPath in ["/stream/sse", "/stream/jsonl", "/stream/json-seq"] {
                for try await tick in try await client.events(Endpoint<Tick>.get(path).query("strict", 1)) {
                    ticks.append(tick.index)
                }
            }
            #expect(ticks == [0, 1, 2, 0, 1, 2, 0, 1, 2])
            let lines = try await client.events(
                Endpoint<Tick>.get("/stream/jsonl").query("strict", 1), format: .jsonLines)
            #expect(try await lines.reduce(0) { count, _ in count + 1 } == 3)
            let raw = try await client.serverSentEvents(Endpoint<EmptyResponse>.get("/stream/sse").query("strict", 1))
            #expect(try await raw.reduce(0) { count, _ in count + 1 } == 3)
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("bytes")
            let saved = try await client.download(
                Endpoint<Data>.get("/stream/bytes").query("bytes", 1000).query("strict", 1), to: file)
            let written = try Data(contentsOf: file)
            #expect(saved.http.status == 200 && written.count == 1000)
            // The endpoint's own Accept is sent as it is, here one the server refuses.
            let refused = await #expect(throws: ServiceError.self) {
                _ = try await client.events(
                    Endpoint<Tick>.get("/stream/sse").query("strict", 1).header("Accept", "application/json"))
            }
            #expect(refused?.status == 406)
        },
    ]
}
