/// Checks header fields before sending, so a value built from user input can never inject
/// another header or split the request.
enum HeaderValidation {
    static func validate(_ headers: HeaderFields) throws(ServiceError) {
        for field in headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(isTokenCharacter) else {
                throw .invalidRequest(InvalidRequest(reason: "Header name \"\(field.name)\" is not a valid token."))
            }
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw .invalidRequest(
                    InvalidRequest(reason: "Header \"\(field.name)\" contains a line break or NUL; it was not sent."))
            }
        }
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
