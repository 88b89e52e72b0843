// Compiled by Scripts/fuzz.sh into the Courier module, with libFuzzer.
//
// The server-sent event parser, fed the input whole and in chunks of 1 to 17 bytes (the first
// byte picks the size), must give the same events, and the same as the HTML standard's algorithm
// written plainly on the whole text (`Tests/CourierTests/Streaming/ServerSentEventReference.swift`);
// with a small limit, both throw or neither does.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 1 else { return 0 }
    let chunkSize = Int(start[0]) % 17 + 1
    let bytes = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
    // Whole, and in chunks: the same events.
    var whole = ServerSentEventParser()
    let all = try! whole.feed(bytes)
    var chunked = ServerSentEventParser()
    var pieces: [ServerSentEvent] = []
    var index = 0
    while index < bytes.count {
        let end = min(bytes.count, index + chunkSize)
        pieces += try! chunked.feed(bytes[index..<end])
        index = end
    }
    check(all == pieces, "chunked \(pieces) whole \(all)")
    let expected = referenceServerSentEvents(bytes)
    check(all == expected, "parser \(all) reference \(expected)")
    // With a small limit: the same events, then the same error, whole and in chunks.
    func limited(_ size: Int) -> ([ServerSentEvent], Bool) {
        var parser = ServerSentEventParser(maximumEventSize: 24)
        var events: [ServerSentEvent] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + size)
            do { events += try parser.feed(bytes[index..<end]) } catch { return (events, true) }
            index = end
        }
        return (events, false)
    }
    let (wholeEvents, wholeThrew) = limited(bytes.count)
    let (chunkEvents, chunkThrew) = limited(chunkSize)
    check(wholeThrew == chunkThrew, "limit: whole threw \(wholeThrew), chunked \(chunkThrew)")
    if !wholeThrew { check(wholeEvents == chunkEvents, "limited: \(wholeEvents) \(chunkEvents)") }
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data(("MISMATCH " + message() + "\n").utf8))
        abort()
    }
}
