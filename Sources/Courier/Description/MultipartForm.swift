public import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields, JSON fields, and files sent from
/// memory or streamed from disk.
///
/// ```swift
/// var form = MultipartForm()
/// form.append("purpose", "fine-tune")
/// form.append("metadata", json: Metadata(tags: ["a"]))
/// form.append("file", file: URL(fileURLWithPath: "/tmp/data.jsonl"), contentType: "application/jsonl")
/// let upload = Endpoint<UploadedFile>.post("/files", body: .multipart(form))
/// ```
///
/// Names and filenames are sent as UTF-8 in quoted strings, with `"`, CR and LF
/// percent-encoded as browsers do (RFC 7578 §2, §4.2) and `\` escaped, so no value can end its
/// header early. The boundary holds 128 random bits and is checked against every part held in
/// memory. A form with a file part is sent as a ``StreamedBody``: the file is read as it is sent.
public struct MultipartForm: Sendable {
    /// One part of a form.
    struct Part: Sendable {
        /// The field name.
        var name: String
        /// The filename, sent for file parts.
        var filename: String?
        /// The part's media type; `nil` sends none (a plain text field).
        var contentType: String?
        /// The part's content.
        var content: Content

        /// What a part holds.
        enum Content: Sendable {
            /// Bytes in memory.
            case data(Data)
            /// A file, read from disk as the form is sent.
            case file(URL)
            /// A value encoded as JSON with the client's encoder.
            case json(any Encodable & Sendable)
        }

        init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }
    }

    /// The parts, in the order they are sent.
    var parts: [Part] = []

    /// Creates an empty form; append its fields in the order they are sent.
    public init() {}

    /// Appends a text field.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The text, sent as UTF-8.
    public mutating func append(_ name: String, _ value: String) {
        parts.append(Part(name: name, content: .data(Data(value.utf8))))
    }

    /// Appends a field holding a value encoded as JSON.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The value.
    ///   - contentType: The part's media type.
    public mutating func append(
        _ name: String, json value: some Encodable & Sendable, contentType: String = "application/json"
    ) {
        parts.append(Part(name: name, contentType: contentType, content: .json(value)))
    }

    /// Appends a file part held in memory.
    /// - Parameters:
    ///   - name: The field name.
    ///   - data: The file's bytes.
    ///   - filename: The filename to send.
    ///   - contentType: The file's media type.
    public mutating func append(
        _ name: String, data: Data, filename: String, contentType: String = "application/octet-stream"
    ) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, content: .data(data)))
    }

    /// Appends a file part read from disk as the form is sent.
    /// - Parameters:
    ///   - name: The field name.
    ///   - url: The file.
    ///   - filename: The filename to send; by default the file's own name.
    ///   - contentType: The file's media type; by default guessed from its extension.
    public mutating func append(_ name: String, file url: URL, filename: String? = nil, contentType: String? = nil) {
        parts.append(
            Part(
                name: name, filename: filename ?? url.lastPathComponent,
                contentType: contentType ?? Self.mediaType(forExtension: url.pathExtension), content: .file(url)))
    }

    /// Encodes the form.
    /// - Parameters:
    ///   - encoder: The encoder for JSON parts.
    ///   - boundary: The boundary; by default a new random one.
    /// - Returns: The body (bytes in memory, or segments read as they are sent when a part is a
    ///   file) and its `Content-Type` (with the boundary).
    /// - Throws: An encoding error, or a file system error for a file that cannot be read.
    func encoded(with encoder: JSONEncoder, boundary fixedBoundary: String? = nil) throws -> (
        body: StreamedBody, contentType: String
    ) {
        var contents: [StreamedBody.Segment] = []
        var inMemory: [Data] = []
        for part in parts {
            switch part.content {
            case .data(let data):
                contents.append(.data(data))
                inMemory.append(data)
            case .json(let value):
                let data = try encoder.encodeKeepingURLText(value)
                contents.append(.data(data))
                inMemory.append(data)
            case .file(let url):
                contents.append(.file(url, length: try StreamedBody.fileLength(url)))
            }
        }
        var boundary = fixedBoundary ?? Self.randomBoundary()
        while fixedBoundary == nil, inMemory.contains(where: { $0.range(of: Data(boundary.utf8)) != nil }) {
            boundary = Self.randomBoundary()
        }
        var segments: [StreamedBody.Segment] = []
        var pending = Data()
        for (part, content) in zip(parts, contents) {
            pending.append(Data(header(of: part, boundary: boundary).utf8))
            switch content {
            case .data(let data): pending.append(data)
            case .file:
                segments.append(.data(pending))
                segments.append(content)
                pending = Data()
            }
            pending.append(Data("\r\n".utf8))
        }
        pending.append(Data("--\(boundary)--\r\n".utf8))
        let contentType = "multipart/form-data; boundary=\(boundary)"
        if segments.isEmpty { return (.data(pending), contentType) }
        segments.append(.data(pending))
        return (StreamedBody(segments: segments), contentType)
    }

    private func header(of part: Part, boundary: String) -> String {
        var header = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escape(part.name))\""
        if let filename = part.filename { header += "; filename=\"\(Self.escape(filename))\"" }
        header += "\r\n"
        if let contentType = part.contentType {
            header += "Content-Type: \(contentType.filter { $0 != "\r" && $0 != "\n" })\r\n"
        }
        return header + "\r\n"
    }

    /// A name or filename as the content of a quoted string.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            case "\\": escaped += "\\\\"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let bits = (generator.next() as UInt64, generator.next() as UInt64)
        return "CourierBoundary" + String(bits.0, radix: 16) + String(bits.1, radix: 16)
    }

    /// The media type usually meant by a file extension, `application/octet-stream` otherwise.
    static func mediaType(forExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "json": "application/json"
        case "jsonl", "ndjson": "application/jsonl"
        case "txt": "text/plain"
        case "csv": "text/csv"
        case "html", "htm": "text/html"
        case "xml": "application/xml"
        case "pdf": "application/pdf"
        case "zip": "application/zip"
        case "gz": "application/gzip"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "heic": "image/heic"
        case "svg": "image/svg+xml"
        case "mp3", "mpga": "audio/mpeg"
        case "m4a": "audio/mp4"
        case "wav": "audio/wav"
        case "ogg": "audio/ogg"
        case "flac": "audio/flac"
        case "mp4": "video/mp4"
        case "mov": "video/quicktime"
        case "webm": "video/webm"
        default: "application/octet-stream"
        }
    }
}
