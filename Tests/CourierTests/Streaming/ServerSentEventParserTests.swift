import Foundation
import Testing

@testable import Courier

@Suite struct ServerSentEventParserTests {
    /// Parses a whole stream, split into chunks of `chunkSize` bytes.
    private func parse(_ text: String, chunkSize: Int) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        let bytes = Array(text.utf8)
        var events: [ServerSentEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            events += parser.feed(bytes[start..<end])
            start = end
        }
        return events
    }

    static let chunkSizes = [1, 2, 3, 7, 1000]

    @Test(arguments: ["\n", "\r\n", "\r"], chunkSizes)
    func everyLineEndSplitAnywhere(lineEnd: String, chunkSize: Int) {
        let stream = ["data: first", "", "event: update", "id: 7", "data: a", "data: b", "", ""]
            .joined(separator: lineEnd)
        let events = parse(stream, chunkSize: chunkSize)
        #expect(
            events == [
                ServerSentEvent(data: "first"),
                ServerSentEvent(event: "update", data: "a\nb", id: "7"),
            ])
    }

    @Test(arguments: chunkSizes)
    func fieldsByTheStandard(chunkSize: Int) {
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
        let events = parse(stream, chunkSize: chunkSize)
        #expect(
            events == [
                ServerSentEvent(data: "", retry: 3000),
                ServerSentEvent(data: "no space\n two spaces"),
                ServerSentEvent(data: "keeps id 1", id: "1"),
                ServerSentEvent(data: "after empty id", id: ""),
                // "data: cut" has no blank line after it: the stream ended mid-event.
            ])
    }

    @Test func anEventTheStreamEndsBeforeItsBlankLineIsNotDispatched() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: whole\n\ndata: half".utf8)) == [ServerSentEvent(data: "whole")])
        #expect(parser.hasIncompleteEvent)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var parser = ServerSentEventParser()
        #expect(parser.feed([0x64, 0x61, 0x74, 0x61, 0x3A, 0xFF, 0x0A, 0x0A]) == [ServerSentEvent(data: "\u{FFFD}")])
    }

    @Test(arguments: [1, 5, 100])
    func jsonLinesSkipBlankLinesAndKeepALastLineWithoutItsLineFeed(chunkSize: Int) {
        var framer = JSONLinesFramer()
        let bytes = Array("{\"a\":1}\r\n\n  \n{\"a\":2}\n{\"a\":3}".utf8)
        var records: [String] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            records += framer.feed(bytes[start..<end]).map { String(decoding: $0, as: UTF8.self) }
            start = end
        }
        records += framer.finish().map { [String(decoding: $0, as: UTF8.self)] } ?? []
        #expect(records == ["{\"a\":1}", "{\"a\":2}", "{\"a\":3}"])
    }

    @Test func jsonSequenceRecordsEndWithALineFeedOrAreCutShort() {
        var framer = JSONSequenceFramer()
        let records = framer.feed(Array("\u{1E}{\"a\":1}\n\u{1E}{\"a\":2}\n\u{1E}{\"a\":".utf8))
        #expect(records.map { String(decoding: $0.record, as: UTF8.self) } == ["{\"a\":1}\n", "{\"a\":2}\n"])
        #expect(records.allSatisfy { $0.complete })
        let last = framer.finish()
        #expect(last?.complete == false)
    }
}
