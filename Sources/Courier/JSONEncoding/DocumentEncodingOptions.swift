import Foundation

/// The options of a `JSONEncoder` that Courier's encoder writes the same way, or `nil` when
/// the encoder asks for something it leaves to Foundation: a subclass, key conversions, ISO 8601
/// or formatter dates, pretty printing.
struct DocumentEncodingOptions {
    enum DateRule {
        case deferredToDate, secondsSince1970, millisecondsSince1970
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    enum DataRule {
        case deferredToData, base64
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    let dates: DateRule
    let data: DataRule
    /// The strings that stand for infinities and NaN, when the encoder writes them.
    let nonConformingFloats: (positiveInfinity: String, negativeInfinity: String, nan: String)?
    let sortsKeys: Bool
    let escapesSlashes: Bool
    let userInfo: [CodingUserInfoKey: any Sendable]

    init?(_ encoder: JSONEncoder) {
        // A subclass may encode its own way.
        guard type(of: encoder) == JSONEncoder.self, case .useDefaultKeys = encoder.keyEncodingStrategy,
            encoder.outputFormatting.isSubset(of: [.sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        switch encoder.dateEncodingStrategy {
        case .deferredToDate: dates = .deferredToDate
        case .secondsSince1970: dates = .secondsSince1970
        case .millisecondsSince1970: dates = .millisecondsSince1970
        case .custom(let closure): dates = .custom(closure)
        default: return nil
        }
        switch encoder.dataEncodingStrategy {
        case .deferredToData: data = .deferredToData
        case .base64: data = .base64
        case .custom(let closure): data = .custom(closure)
        @unknown default: return nil
        }
        switch encoder.nonConformingFloatEncodingStrategy {
        case .throw: nonConformingFloats = nil
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            nonConformingFloats = (positiveInfinity, negativeInfinity, nan)
        @unknown default: return nil
        }
        sortsKeys = encoder.outputFormatting.contains(.sortedKeys)
        escapesSlashes = !encoder.outputFormatting.contains(.withoutEscapingSlashes)
        userInfo = encoder.userInfo
    }
}
