import Foundation

@_spi(Generated) extension UnionVariant {
    /// Asks that the JSON text being written put the member `name` first in each object that has
    /// it: a generated union with a `discriminator` calls this as it encodes, so that the tag
    /// leads its object in the bodies Courier sends.
    ///
    /// JSON objects are unordered and `JSONEncoder` writes keys in no set order, but some
    /// servers read a tag only at the start of its object: ASP.NET Core's `System.Text.Json`
    /// (`$type`) rejects a polymorphic body whose tag comes after another member. Outside
    /// Courier's encoding of a request (a value encoded by your own `JSONEncoder`), this does
    /// nothing.
    /// - Parameter name: The discriminator's property name.
    public static func writeTagFirst(_ name: String) {
        TagsFirst.recorder?.record(name)
    }
}

/// Puts discriminators first in the JSON text of a request: the names that generated unions
/// record as they are encoded (``UnionVariant/writeTagFirst(_:)``) lead each object that has them.
enum TagsFirst {
    /// The names recorded while one value is encoded.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []

        func record(_ name: String) {
            lock.withLock {
                if !recorded.contains(name) { recorded.append(name) }
            }
        }

        var names: [String] { lock.withLock { recorded } }
    }

    @TaskLocal static var recorder: Recorder?

    /// Runs an encoding, then moves the members the encoded values asked for to the front of
    /// their objects.
    /// - Parameter encode: Writes the JSON text.
    /// - Returns: The text, reordered where a union asked for it.
    static func encoding(_ encode: () throws -> Data) throws -> Data {
        let recorder = Recorder()
        let data = try $recorder.withValue(recorder) { try encode() }
        let names = recorder.names
        return names.isEmpty ? data : reordered(data, leading: names)
    }

    /// JSON text with the members named `names` first in every object, in the order of `names`,
    /// the other members after them in their own order; every byte of each member, and the
    /// whitespace between members, as it was. Text that is not JSON is returned as it is.
    /// - Parameters:
    ///   - data: JSON text, as an encoder wrote it.
    ///   - names: The members' names.
    /// - Returns: The text, the same length.
    static func reordered(_ data: Data, leading names: [String]) -> Data {
        data.withUnsafeBytes { raw in
            let text = raw.bindMemory(to: UInt8.self)
            var reorder = MemberReordering(text: text, names: names.map { Array($0.utf8) })
            return reorder.run().map { Data($0) } ?? data
        }
    }
}

/// One pass over JSON text that copies it, reordering each object's members as it closes.
private struct MemberReordering {
    /// A member of an object being copied: where its text starts and ends in the output, and
    /// its place among the leading names (`Int.max` for any other member).
    private struct Member {
        var start: Int
        var end: Int
        var rank: Int
    }

    /// An object or array being copied.
    private struct Container {
        var isObject: Bool
        var members: [Member] = []
        var expectsKey = false
    }

    let text: UnsafeBufferPointer<UInt8>
    let names: [[UInt8]]
    private var output: [UInt8] = []
    private var open: [Container] = []

    init(text: UnsafeBufferPointer<UInt8>, names: [[UInt8]]) {
        self.text = text
        self.names = names
    }

    /// The reordered text, or `nil` if the text is not well-formed.
    mutating func run() -> [UInt8]? {
        output.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                open.append(Container(isObject: byte == UInt8(ascii: "{"), expectsKey: byte == UInt8(ascii: "{")))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let container = open.popLast(), container.isObject == (byte == UInt8(ascii: "}")) else {
                    return nil
                }
                if container.isObject { reorder(container.members) }
                output.append(byte)
                index += 1
                valueEnded()
            case UInt8(ascii: "\""):
                guard let end = stringEnd(after: index) else { return nil }
                let start = output.count
                output.append(contentsOf: text[index..<end])
                if let last = open.indices.last, open[last].isObject, open[last].expectsKey {
                    open[last].expectsKey = false
                    let rank = rank(ofKey: UnsafeBufferPointer(rebasing: text[(index + 1)..<(end - 1)]))
                    open[last].members.append(Member(start: start, end: start, rank: rank))
                } else {
                    valueEnded()
                }
                index = end
            case UInt8(ascii: ","):
                output.append(byte)
                if let last = open.indices.last, open[last].isObject { open[last].expectsKey = true }
                index += 1
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                output.append(byte)
                index += 1
            default:
                // A number or a literal: everything up to the next delimiter.
                var end = index
                while end < text.count, !Self.isDelimiter(text[end]) { end += 1 }
                output.append(contentsOf: text[index..<end])
                index = end
                valueEnded()
            }
        }
        return open.isEmpty ? output : nil
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: " "),
            UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: "\""), UInt8(ascii: "{"),
            UInt8(ascii: "["):
            true
        default: false
        }
    }

    /// The index after the closing quote of the string that opens at `index`.
    private func stringEnd(after index: Int) -> Int? {
        var position = index + 1
        while position < text.count {
            switch text[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""): return position + 1
            default: position += 1
            }
        }
        return nil
    }

    /// A value of the innermost object ended: its member ends here.
    private mutating func valueEnded() {
        guard let last = open.indices.last, open[last].isObject, !open[last].members.isEmpty else { return }
        open[last].members[open[last].members.count - 1].end = output.count
    }

    /// The place of a key among the leading names, or `Int.max`.
    private func rank(ofKey key: UnsafeBufferPointer<UInt8>) -> Int {
        if key.contains(UInt8(ascii: "\\")) {
            // Compared as the text it stands for: `\/` for `/`, `\u0024` for `$`.
            guard let decoded = try? JSONText.string(key, flags: JSONToken.escaped | JSONToken.nonASCII) else {
                return .max
            }
            return names.firstIndex(of: Array(decoded.utf8)) ?? .max
        }
        return names.firstIndex { $0.elementsEqual(key) } ?? .max
    }

    /// Rewrites the members of the object just copied so that the leading ones come first,
    /// keeping the separators (commas and whitespace) where they were.
    private mutating func reorder(_ members: [Member]) {
        guard members.count > 1, zip(members, members.dropFirst()).contains(where: { $0.rank > $1.rank }) else {
            return
        }
        let ordered = members.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        var rewritten: [UInt8] = []
        rewritten.reserveCapacity(members[members.count - 1].end - members[0].start)
        for (position, member) in ordered.map(\.element).enumerated() {
            rewritten.append(contentsOf: output[member.start..<member.end])
            if position + 1 < members.count {
                rewritten.append(contentsOf: output[members[position].end..<members[position + 1].start])
            }
        }
        output.replaceSubrange(members[0].start..<members[members.count - 1].end, with: rewritten)
    }
}
