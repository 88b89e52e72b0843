public import Foundation

/// A file for a part of a ``MultipartForm``: bytes in memory or a file on disk (read as the
/// form is sent), with the filename and media type to send. Generated form types use it for
/// every `format: binary` property.
public struct MultipartFile: Sendable {
    /// Where the bytes are.
    var content: MultipartForm.Part.Content
    /// The filename to send.
    public var filename: String
    /// The media type to send.
    public var contentType: String

    /// A file held in memory.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - filename: The filename to send.
    ///   - contentType: The media type.
    public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
        content = .data(data)
        self.filename = filename
        self.contentType = contentType
    }

    /// A file on disk, read as the form is sent.
    /// - Parameters:
    ///   - url: The file.
    ///   - filename: The filename to send; by default the file's own name.
    ///   - contentType: The media type; by default guessed from the extension.
    public init(fileURL url: URL, filename: String? = nil, contentType: String? = nil) {
        content = .file(url)
        self.filename = filename ?? url.lastPathComponent
        self.contentType = contentType ?? MultipartForm.mediaType(forExtension: url.pathExtension)
    }
}

extension MultipartForm {
    /// Appends a file part.
    /// - Parameters:
    ///   - name: The field name.
    ///   - file: The file.
    ///   - contentType: A media type that replaces the file's own (from a description's
    ///     `encoding`).
    public mutating func append(_ name: String, file: MultipartFile, contentType: String? = nil) {
        parts.append(
            Part(
                name: name, filename: file.filename, contentType: contentType ?? file.contentType, content: file.content
            ))
    }

    /// Appends text fields: one for a scalar, one per element for an array, as a query would
    /// send them. For generated code.
    /// - Parameters:
    ///   - name: The field name.
    ///   - values: The values.
    ///   - contentType: The part's media type, if the description sets one.
    @_spi(Generated) public mutating func append(_ name: String, values: some QueryValue, contentType: String? = nil) {
        for value in values.queryValues {
            parts.append(Part(name: name, contentType: contentType, content: .data(Data(value.utf8))))
        }
    }
}
