public import Foundation

/// RFC 3339 timestamps, parsed and printed without `DateFormatter`, so they are fast and
/// usable from any thread.
///
/// Parsing accepts fractional seconds of any length or none, `Z` or a numeric offset (`+01:00`,
/// or ISO 8601's `+0100` and `+01`), and `T`, `t` or a space between date and time. Printing uses UTC and adds fractional seconds (up to
/// microseconds, trailing zeros trimmed) only when the date has them.
package enum RFC3339 {
    /// Prints a date as an RFC 3339 timestamp in UTC.
    /// - Parameter date: The date.
    /// - Returns: For example `"2026-11-21T12:15:00Z"` or `"2026-11-21T12:15:00.25Z"`.
    package static func string(from date: Date) -> String {
        let totalMicros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        var seconds = Int64((totalMicros / 1_000_000).rounded(.down))
        var micros = Int64(totalMicros - Double(seconds) * 1_000_000)
        if micros >= 1_000_000 { seconds += 1; micros -= 1_000_000 }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
        text += pad(secondOfDay % 60, 2)
        if micros > 0 {
            var fraction = pad(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// Why `text` is not a timestamp, for a decoding error: a date and time without an offset
    /// (Java's `LocalDateTime` and .NET's `DateTime` write them so) names no instant, so the
    /// message says what is missing and how to read such dates anyway.
    /// - Parameter text: Text that ``date(from:)`` refused.
    /// - Returns: The message.
    package static func notATimestamp(_ text: String) -> String {
        guard date(from: text + "Z") != nil else { return "Expected an RFC 3339 date-time, found \"\(text)\"." }
        return "Expected an RFC 3339 date-time, found \"\(text)\", which has no time zone offset (`Z` or "
            + "`+01:00`) and so names no instant; to read such dates as times in a time zone of your choosing, "
            + "set the client's `decoder.dateDecodingStrategy` to `.rfc3339(assumingTimeZone:)`."
    }

    /// Parses an RFC 3339 timestamp, or a date-time without an offset as a time in `timeZone`.
    /// - Parameters:
    ///   - text: The timestamp, for example `"2026-11-21T12:15:00"`.
    ///   - timeZone: The time zone of a date-time without an offset.
    /// - Returns: The date, or `nil` when the text is neither.
    package static func date(from text: String, assuming timeZone: TimeZone) -> Date? {
        if let date = date(from: text) { return date }
        // The wall-clock time read as UTC, then moved by the zone's offset at that time (taken
        // twice, so that a time near a daylight saving change takes the offset it falls in).
        guard let wallClock = date(from: text + "Z") else { return nil }
        let guess = wallClock.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: wallClock)))
        return wallClock.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: guess)))
    }

    /// Parses an RFC 3339 timestamp.
    /// - Parameter text: The timestamp, for example `"2026-11-21T12:15:00.123+01:00"`.
    /// - Returns: The date, or `nil` when the text is not a valid timestamp.
    package static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(Array($0)) }
    }

    private static func parse(_ bytes: [UInt8]) -> Date? {
        var index = 0
        func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += count
            return value
        }
        func expect(_ allowed: UInt8...) -> Bool {
            guard index < bytes.count, allowed.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45),
            let day = digits(2), expect(84, 116, 32), let hour = digits(2), expect(58),
            let minute = digits(2), expect(58), let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset: Int64 = 0
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case 90, 122:  // Z z
            index += 1
        case 43, 45:  // + -
            let sign: Int64 = bytes[index] == 43 ? 1 : -1
            index += 1
            // RFC 3339 writes `+01:00`; ISO 8601's `+0100` and `+01` are as clear, and servers
            // send them (Atlassian's `…000+0000`, Python's `%z`).
            guard let offsetHour = digits(2) else { return nil }
            var offsetMinute: Int64 = 0
            if index < bytes.count {
                _ = expect(58)
                guard let minutes = digits(2) else { return nil }
                offsetMinute = minutes
            }
            guard offsetHour < 24, offsetMinute < 60 else { return nil }
            offset = sign * (offsetHour * 3600 + offsetMinute * 60)
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's algorithm).
    private static func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date for days since 1970-01-01.
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// Decodes RFC 3339 timestamps with or without fractional seconds, and with any offset
    /// (`Z`, `+01:00`, or ISO 8601's `+0100` and `+01`).
    public static var rfc3339: JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: RFC3339.notATimestamp(text))
            }
            return date
        }
    }

    /// Decodes RFC 3339 timestamps as ``rfc3339`` does, and reads a date-time without an offset
    /// (`2026-11-21T12:15:00`, as Java's `LocalDateTime`, .NET's `DateTime` and Python's naive
    /// `datetime` are written) as a time in `timeZone`.
    ///
    /// Such a date-time names no instant; use this when you know which time zone the server
    /// means, usually UTC:
    ///
    /// ```swift
    /// let client = APIClient(baseURL: URL(string: "https://api.example.com")!) { configuration in
    ///     configuration.decoder.dateDecodingStrategy = .rfc3339(assumingTimeZone: TimeZone(identifier: "UTC")!)
    /// }
    /// ```
    ///
    /// Dates are encoded with their offset as before (`2026-11-21T12:15:00Z`). A union still
    /// takes only a timestamp with an offset as evidence of a date-time.
    /// - Parameter timeZone: The time zone of date-times without an offset.
    /// - Returns: The strategy.
    public static func rfc3339(assumingTimeZone timeZone: TimeZone) -> JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.date(from: text, assuming: timeZone) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an RFC 3339 date-time, found \"\(text)\".")
            }
            return date
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// Encodes dates as RFC 3339 timestamps in UTC, with fractional seconds only when present.
    public static var rfc3339: JSONEncoder.DateEncodingStrategy {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
    }
}
