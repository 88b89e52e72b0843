/// The items of a streamed response's example, each to check as one value: the lines of JSON
/// Lines, the records of a JSON text sequence, the `data` of each server-sent event.
///
/// OpenAPI gives such an example as the body's text (`value: |` with one item per line, or
/// OpenAPI 3.2's `serializedValue`), or as the list of its items (`dataValue`); for server-sent
/// events a listed item is an event, whose `data` is the value (as JSON text or as the value
/// itself).
enum StreamExamples {
    /// One item: its value as a node, or why it is not one.
    enum Item {
        case value(Node)
        case notJSON(String)
    }

    /// The items of an example of `mediaType`, a streaming media type.
    /// - Parameters:
    ///   - example: The example's value.
    ///   - mediaType: The media type's essence (`application/jsonl`, `text/event-stream`, …).
    ///   - terminator: Server-sent events' end marker (`[DONE]`), which is no value.
    /// - Returns: The items, in order.
    static func items(of example: Node, mediaType: String, terminator: String?) -> [Item] {
        let isEvents = mediaType == "text/event-stream"
        if let listed = example.sequence {
            return listed.compactMap { item in
                guard isEvents else { return .value(item) }
                guard let data = item["data"] else { return nil }
                guard let text = data.string else { return .value(data) }
                return text == terminator ? nil : parse(text)
            }
        }
        guard let text = example.string else { return [.value(example)] }
        let pieces: [String]
        if isEvents {
            pieces = eventData(in: text).filter { $0 != terminator }
        } else if mediaType == "application/json-seq" {
            pieces = text.split(separator: "\u{1E}").map(String.init)
        } else {
            pieces = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
                .map(String.init)
        }
        return pieces.filter { !$0.allSatisfy(\.isWhitespace) }.map(parse)
    }

    /// The data of each event in a server-sent event stream's text, by the HTML standard's
    /// rules: lines end at CR, LF or CRLF; `data` fields (their value after one optional space)
    /// join with line feeds; a blank line ends an event; an event without data is none.
    static func eventData(in text: String) -> [String] {
        var events: [String] = []
        var data: [Substring] = []
        var sawData = false
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        for line in lines {
            if line.isEmpty {
                if sawData { events.append(data.joined(separator: "\n")) }
                data = []
                sawData = false
                continue
            }
            guard !line.hasPrefix(":") else { continue }
            let field = line.prefix { $0 != ":" }
            guard field == "data" else { continue }
            var value = line.dropFirst(field.count)
            if value.hasPrefix(":") { value = value.dropFirst() }
            if value.hasPrefix(" ") { value = value.dropFirst() }
            data.append(value)
            sawData = true
        }
        if sawData { events.append(data.joined(separator: "\n")) }
        return events
    }

    /// One value written as JSON text.
    static func parse(_ text: String) -> Item {
        do {
            return .value(try JSONReader.read(Array(text.utf8), file: "example"))
        } catch {
            return .notJSON(text)
        }
    }
}
