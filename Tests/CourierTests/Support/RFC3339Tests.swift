import Courier
import Foundation
import Testing

@Suite struct RFC3339Tests {
    @Test(arguments: [
        // Without and with fractional seconds.
        ("2026-11-21T12:15:00Z", 1_795_263_300.0),
        ("2026-11-21T12:15:00.5Z", 1_795_263_300.5),
        ("2026-11-21T12:15:00.123456Z", 1_795_263_300.123456),
        // Offsets are applied.
        ("2026-11-21T13:15:00+01:00", 1_795_263_300.0),
        ("2026-11-21T07:45:00-04:30", 1_795_263_300.0),
        // ISO 8601's offsets without a colon or minutes, as Atlassian and Python's `%z` write them.
        ("2026-11-21T12:15:00.000+0000", 1_795_263_300.0),
        ("2026-11-21T13:15:00+0100", 1_795_263_300.0),
        ("2026-11-21T07:45:00-0430", 1_795_263_300.0),
        ("2026-11-21T14:15:00+02", 1_795_263_300.0),
        // Lowercase separators and a space are allowed by RFC 3339.
        ("2026-11-21t12:15:00z", 1_795_263_300.0),
        ("2026-11-21 12:15:00Z", 1_795_263_300.0),
        // Leap day, and dates before 1970.
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parses(text: String, seconds: Double) throws {
        let date = try #require(RFC3339.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test(arguments: [
        "2026-11-21", "2026-11-21T12:15:00", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
        "2025-02-29T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T12:15:00.Z", "2026-11-21T12:15:00+1",
        "2026-11-21T12:15:00+01:0", "2026-11-21T12:15:00+01:", "2026-11-21T12:15:00+2400", "2026-11-21T12:15:00+0160",
        "2026-11-21T12:15:00Zjunk", "", "not a date",
    ])
    func rejects(text: String) {
        #expect(RFC3339.date(from: text) == nil)
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (1_795_263_300.0, "2026-11-21T12:15:00Z"),
        (1_795_263_300.25, "2026-11-21T12:15:00.25Z"),
        (-1.0, "1969-12-31T23:59:59Z"),
    ])
    func prints(seconds: Double, text: String) {
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test func roundTripsThroughJSON() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        let stamp = Stamp(at: Date(timeIntervalSince1970: 1_795_263_300.5))
        #expect(try decoder.decode(Stamp.self, from: encoder.encode(stamp)) == stamp)
        #expect(throws: DecodingError.self) {
            try decoder.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }

    /// `.rfc3339(assumingTimeZone:)` reads a date-time without an offset as a time in the zone
    /// given (a daylight saving zone takes the offset of the date), and a timestamp with an
    /// offset as that instant; anything else is still an error.
    @Test(arguments: [
        ("2026-11-21T12:15:00", "UTC", "2026-11-21T12:15:00Z"),
        ("2026-11-21T12:15:00.1234567", "UTC", "2026-11-21T12:15:00.1234567Z"),
        ("2026-11-21T12:15:00", "Europe/Paris", "2026-11-21T11:15:00Z"),
        ("2026-07-01T12:00:00", "Europe/Paris", "2026-07-01T10:00:00Z"),
        ("2026-11-21T12:15:00", "America/New_York", "2026-11-21T17:15:00Z"),
        ("2026-11-21T12:15:00+03:00", "Europe/Paris", "2026-11-21T09:15:00Z"),
        ("2026-11-21T12:15:00Z", "America/New_York", "2026-11-21T12:15:00Z"),
    ])
    func aTimeWithoutAnOffsetIsReadInTheZoneGiven(text: String, zone: String, instant: String) throws {
        struct Stamp: Codable { var at: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339(assumingTimeZone: try #require(TimeZone(identifier: zone)))
        let stamp = try decoder.decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8))
        let expected = try #require(RFC3339.date(from: instant))
        #expect(abs(stamp.at.timeIntervalSince(expected)) < 0.000_001)
        #expect(throws: DecodingError.self) {
            try decoder.decode(Stamp.self, from: Data(#"{"at":"2026-11-21"}"#.utf8))
        }
    }

    /// A date and time without an offset (as Java's `LocalDateTime` and .NET's `DateTime` write
    /// them) is refused, with a message that says what is missing and where to read it anyway.
    @Test(arguments: [("2026-11-21T12:15:00", true), ("2026-11-21T12:15:00.1234567", true), ("yesterday", false)])
    func aTimeWithoutAnOffsetSaysSo(text: String, saysSo: Bool) throws {
        struct Stamp: Codable { var at: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        let error = #expect(throws: DecodingError.self) {
            try decoder.decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("Expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.hasPrefix("Expected an RFC 3339 date-time, found \"\(text)\""))
        #expect(context.debugDescription.contains("no time zone offset") == saysSo)
        #expect(context.debugDescription.contains("rfc3339(assumingTimeZone:)") == saysSo)
    }
}
