/// What a number's text says beyond its value, for choosing a union's variant.
///
/// Servers written in Rust (serde), Python, Java (Jackson) or Go write a floating-point value
/// with a fraction or an exponent even when it is whole (`2.0`), and an integer with digits
/// only (`2`). Foundation's `JSONDecoder` takes `2.0` as an `Int` and hides the text; Courier's
/// decoder keeps it, so that a union of integers and numbers holds `2.0` as the number the
/// server wrote.
extension DocumentDecoder {
    /// Whether the value is a number written with a fraction or an exponent (`2.0`, `1e3`).
    var isNumberWrittenAsDecimal: Bool {
        let value = document.tokens[token]
        return value.kind == .number && value.flags & JSONToken.integer == 0
    }

    /// For an array, whether each element is a number written with a fraction or an exponent;
    /// empty for any other value.
    var elementsWrittenAsDecimals: [Bool] {
        let array = document.tokens[token]
        guard array.kind == .array else { return [] }
        var decimals: [Bool] = []
        decimals.reserveCapacity(Int(array.count))
        var element = token + 1
        while element < Int(array.end) {
            let value = document.tokens[element]
            decimals.append(value.kind == .number && value.flags & JSONToken.integer == 0)
            element = document.skip(element)
        }
        return decimals
    }
}
