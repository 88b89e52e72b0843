import Foundation

/// What the generator reads from a media type: its essence, whether it is JSON, and how a client
/// asks for it.
enum MediaType {
    /// The type and subtype, lowercased, without parameters: `application/json` for
    /// `Application/JSON; charset=utf-8`.
    static func essence(_ mediaType: String) -> String {
        let type = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether values of the media type (given as its essence) are JSON; `*/*` is read as JSON.
    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType == "text/json"
            || mediaType == "*/*"
    }

    /// Whether the essence is `type/subtype` of HTTP tokens, as `Accept` needs: a content key such
    /// as `json` or `application/json stuff` is not one.
    static func isWellFormed(_ essence: String) -> Bool {
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        return halves.count == 2 && halves.allSatisfy { APIConverter.isHTTPToken($0) }
    }

    /// The `Accept` value of a call that decodes `accepted` (in order of preference) and whose
    /// error responses are `errors`: each media type once, as the description writes it, with
    /// the error-only ones at a lower preference (`;q=0.5`), so that a server that chooses by
    /// `Accept` (and answers 406 otherwise) can send the body the call decodes, and its errors.
    /// `nil` when the call decodes nothing that `Accept` can name.
    static func acceptValue(accepting accepted: [String], errors: [String]) -> String? {
        var seen: Set<String> = []
        var parts: [String] = []
        func add(_ mediaType: String, quality: String) {
            let essence = essence(mediaType)
            guard isWellFormed(essence), seen.insert(essence).inserted else { return }
            let parameters = mediaType.split(separator: ";", omittingEmptySubsequences: true).dropFirst()
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0.utf8.allSatisfy(isVisible) }
            parts.append(([essence] + parameters).joined(separator: "; ") + quality)
        }
        for mediaType in accepted { add(mediaType, quality: "") }
        guard !parts.isEmpty else { return nil }
        for mediaType in errors { add(mediaType, quality: ";q=0.5") }
        return parts.joined(separator: ", ")
    }

    private static func isVisible(_ byte: UInt8) -> Bool { (0x20..<0x7F).contains(byte) }
}
