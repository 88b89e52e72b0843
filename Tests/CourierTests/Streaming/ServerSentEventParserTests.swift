import CourierTestSupport
import Foundation
import Testing

@testable import Courier

@Suite struct ServerSentEventParserTests {
    /// Parses a whole stream, split into chunks of `chunkSize` bytes.
    private func parse(_ text: String, chunkSize: Int, limit: Int = 1 << 20) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser(maximumEventSize: limit)
        let bytes = Array(text.utf8)
        var events: [ServerSentEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            events += try parser.feed(bytes[start..<end])
            start = end
        }
        return events
    }

    static let chunkSizes = [1, 2, 3, 7, 1000]

    @Test(arguments: ["\n", "\r\n", "\r"], chunkSizes)
    func everyLineEndSplitAnywhere(lineEnd: Snippet, chunkSize: Int) throws {
        let lineEnd = lineEnd.text
        let stream = ["data: first", "", "event: update", "id: 7", "data: a", "data: b", "", ""]
            .joined(separator: lineEnd)
        let events = try parse(stream, chunkSize: chunkSize)
        #expect(
            events == [
                ServerSentEvent(data: "first"),
                ServerSentEvent(event: "update", data: "a\nb", id: "7"),
            ])
    }

    @Test(arguments: chunkSizes)
    func fieldsByTheStandard(chunkSize: Int) throws {
        let stream = """
            \u{FEFF}: comment
            retry: 3000
            data

            data:no space
            data:  two spaces

            id: 1
            event: ping

            id: has\u{0}nul
            data: keeps id 1
            retry: soon
            unknown: field

            data: after empty id
            id

            data: cut

            """
        let events = try parse(stream, chunkSize: chunkSize)
        #expect(
            events == [
                ServerSentEvent(data: "", retry: 3000),
                ServerSentEvent(data: "no space\n two spaces", retry: 3000),
                ServerSentEvent(data: "keeps id 1", id: "1", retry: 3000),
                ServerSentEvent(data: "after empty id", id: "", retry: 3000),
                // "data: cut" has no blank line after it: the stream ended mid-event.
            ])
    }

    @Test func anEventTheStreamEndsBeforeItsBlankLineIsNotDispatched() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("data: whole\n\ndata: half".utf8)) == [ServerSentEvent(data: "whole")])
        #expect(parser.hasIncompleteEvent)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        var parser = ServerSentEventParser()
        #expect(
            try parser.feed([0x64, 0x61, 0x74, 0x61, 0x3A, 0xFF, 0x0A, 0x0A]) == [ServerSentEvent(data: "\u{FFFD}")])
    }

    /// Characters of one to four bytes, split across chunks at every position, come out whole.
    @Test(arguments: chunkSizes)
    func multiByteCharactersSplitAcrossChunksStayWhole(chunkSize: Int) throws {
        let text = "é € 𝄞 🦆 naïve"
        let events = try parse("\u{FEFF}data: \(text)\r\nid: 🦆\r\n\r\n", chunkSize: chunkSize)
        #expect(events == [ServerSentEvent(data: text, id: "🦆")])
    }

    /// `retry` sets the stream's reconnection time, which every later event carries: a block of
    /// `retry` alone dispatches nothing but sets it too. A value too large for `Int` is ignored
    /// like any malformed one, leaving the time as it was.
    @Test(arguments: chunkSizes)
    func retrySetsTheStreamsReconnectionTime(chunkSize: Int) throws {
        let stream = [
            "data: before", "", "retry: 1500", "", "data: first", "", "retry: 2000",
            "retry: 99999999999999999999999999", "data: kept", "", "retry: 99999999999999999999999999", "data: still",
            "", "retry: -5", "retry: 1e3", "data: bad ones ignored", "", "",
        ].joined(separator: "\n")
        let events = try parse(stream, chunkSize: chunkSize)
        #expect(
            events == [
                ServerSentEvent(data: "before"),
                ServerSentEvent(data: "first", retry: 1500),
                ServerSentEvent(data: "kept", retry: 2000),
                ServerSentEvent(data: "still", retry: 2000),
                ServerSentEvent(data: "bad ones ignored", retry: 2000),
            ])
    }

    /// Streams past a limit of 1,000 bytes, and what each is.
    static let overLimit: [(Snippet, String)] = [
        (Snippet("data: " + String(repeating: "x", count: 5000)), "a line with no end"),
        (
            Snippet(
                "data: " + String(repeating: "y", count: 900) + "\n" + String(repeating: "data: zzzzzzzzz\n", count: 20)
            ),
            "many data lines"
        ),
        (Snippet(String(repeating: ":", count: 2000) + "\n"), "a long comment"),
    ]

    /// A line with no end, or data lines adding up past the limit, throw instead of growing.
    @Test(arguments: overLimit)
    func eventsPastTheLimitThrow(stream: Snippet, what: String) {
        let stream = stream.text
        #expect(throws: ServerSentEventParser.LimitExceeded.self, "\(what)") {
            _ = try parse(stream, chunkSize: 64, limit: 1000)
        }
    }

    @Test func eventsUpToTheLimitAreWhole() throws {
        let data = String(repeating: "x", count: 994)
        #expect(try parse("data: \(data)\n\n", chunkSize: 64, limit: 1000) == [ServerSentEvent(data: data)])
    }

    @Test(arguments: [1, 5, 100])
    func jsonLinesSkipBlankLinesAndKeepALastLineWithoutItsLineFeed(chunkSize: Int) throws {
        var framer = JSONLinesFramer()
        let bytes = Array("{\"a\":1}\r\n\n  \n{\"a\":2}\n{\"a\":3}".utf8)
        var records: [String] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            records += try framer.feed(bytes[start..<end]).map { String(decoding: $0, as: UTF8.self) }
            start = end
        }
        records += framer.finish().map { [String(decoding: $0, as: UTF8.self)] } ?? []
        #expect(records == ["{\"a\":1}", "{\"a\":2}", "{\"a\":3}"])
    }

    @Test func jsonSequenceRecordsEndWithALineFeedOrAreCutShort() throws {
        var framer = JSONSequenceFramer()
        let records = try framer.feed(Array("\u{1E}{\"a\":1}\n\u{1E}{\"a\":2}\n\u{1E}{\"a\":".utf8))
        #expect(records.map { String(decoding: $0.record, as: UTF8.self) } == ["{\"a\":1}\n", "{\"a\":2}\n"])
        #expect(records.allSatisfy { $0.complete })
        let last = framer.finish()
        #expect(last?.complete == false)
    }

    /// A JSON line or sequence record longer than the limit throws instead of growing; one at
    /// the limit is whole.
    @Test(arguments: [1, 7, 4096])
    func jsonRecordsPastTheLimitThrow(chunkSize: Int) throws {
        func feedLines(_ text: String) throws(ServerSentEventParser.LimitExceeded) -> [[UInt8]] {
            var framer = JSONLinesFramer(maximumRecordSize: 100)
            var records: [[UInt8]] = []
            for chunk in Array(text.utf8).chunks(of: chunkSize) { records += try framer.feed(chunk) }
            return records
        }
        func feedSequence(_ text: String) throws(ServerSentEventParser.LimitExceeded) -> Int {
            var framer = JSONSequenceFramer(maximumRecordSize: 100)
            var count = 0
            for chunk in Array(text.utf8).chunks(of: chunkSize) { count += try framer.feed(chunk).count }
            return count
        }
        let fits = "\"" + String(repeating: "x", count: 98) + "\""
        #expect(try feedLines(fits + "\n" + fits + "\n").count == 2)
        #expect(throws: ServerSentEventParser.LimitExceeded.self) { try feedLines(fits + "x") }
        #expect(throws: ServerSentEventParser.LimitExceeded.self) { try feedLines(String(repeating: "y", count: 5000)) }
        // A sequence record keeps its line feed: 99 bytes and the feed fit.
        let record = "\u{1E}" + String(fits.dropLast(2)) + "\"\n"
        #expect(try feedSequence(record + record) == 1)
        #expect(throws: ServerSentEventParser.LimitExceeded.self) { try feedSequence("\u{1E}" + fits + "\n\u{1E}") }
    }
}

extension Array {
    /// The array in pieces of `size` elements, the last maybe shorter.
    fileprivate func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
