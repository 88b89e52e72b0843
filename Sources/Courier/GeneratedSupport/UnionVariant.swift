import Foundation

/// What a generated union knows of one of its variants before decoding it: the JSON kinds it
/// accepts and, for objects, its keys and the values its tag properties allow.
///
/// A generated union reads this evidence from the payload first and decodes the variant the
/// payload proves, instead of taking the first variant that happens to decode (see
/// ``decode(_:from:union:undocumented:variant:)``). So a Stripe card (`"object": "card"`) is a card
/// even though it would also decode as a bank account, and a value decodes once in the common case.
@_spi(Generated) public struct UnionVariant: Sendable {
    /// The `userInfo` key under which an event stream gives the name of the server-sent event
    /// whose data is decoded (see ``UnionVariants/init(eventNames:_:)``).
    static let serverSentEventName = CodingUserInfoKey(rawValue: "courier.serverSentEventName")!

    /// The kinds of JSON value a variant accepts.
    public struct Kinds: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates kinds from raw bits.
        /// - Parameter rawValue: The bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A JSON object.
        public static let object = Kinds(rawValue: 1)
        /// A string.
        public static let string = Kinds(rawValue: 2)
        /// A number without a fraction.
        public static let integer = Kinds(rawValue: 4)
        /// Any number.
        public static let number = Kinds(rawValue: 8)
        /// `true` or `false`.
        public static let boolean = Kinds(rawValue: 16)
        /// An array.
        public static let array = Kinds(rawValue: 32)
        /// Any value (a free-form variant).
        public static let any: Kinds = [.object, .string, .integer, .number, .boolean, .array]
    }

    /// A property whose value names the variant: a `const` or one-value enum (`exact`, so that any
    /// other value rules the variant out), or an open enum whose known values count for it.
    public struct Tag: Sendable {
        /// The property's key.
        public var key: String
        /// The values the variant allows there.
        public var values: [JSONValue]
        /// Whether a different value rules the variant out.
        public var isExact: Bool
    }

    /// A string format that tells variants apart where their kinds and keys cannot: a UUID
    /// beside a URL, or a property that is a date in one variant and any text in another.
    public enum TextFormat: Sendable {
        /// An RFC 3339 `date-time`.
        case dateTime
        /// A UUID.
        case uuid
        /// An absolute URI: a scheme, then anything (JSON Schema's `uri`; a relative reference
        /// is `uri-reference`).
        case uri

        /// Whether the text has the format.
        /// - Parameter text: The text.
        /// - Returns: Whether it is one.
        func matches(_ text: String) -> Bool {
            switch self {
            case .dateTime: return RFC3339.date(from: text) != nil
            case .uuid: return UUID(uuidString: text) != nil
            case .uri:
                // RFC 3986: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, then `:`.
                func isLetter(_ byte: UInt8) -> Bool {
                    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                }
                var bytes = text.utf8.makeIterator()
                guard let first = bytes.next(), isLetter(first) else { return false }
                while let byte = bytes.next() {
                    if byte == UInt8(ascii: ":") { return true }
                    let allowed =
                        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                    guard allowed else { return false }
                }
                return false
            }
        }
    }

    /// The kinds of value the variant accepts.
    public var kinds: Kinds
    /// Keys an object must have.
    public var required: KeyNames
    /// Keys the description requires that the variant's type reads without (a required key
    /// whose value may be `null`, or one with a default): a payload missing one is a weaker
    /// match, not ruled out (see ``allowingMissing(_:)``).
    var missingAllowed: KeyNames = []
    /// Keys the variant's object declares.
    public var properties: KeyNames
    /// Whether the variant keeps keys it does not declare (`additionalProperties`, nested
    /// alternatives), so that no key is lost when it is chosen.
    public var keepsUndeclaredKeys: Bool
    /// The variant's tag properties.
    public var tags: [Tag]
    /// Properties of an object variant whose text has a format another variant's does not
    /// share: between variants that account for as many of the payload's keys, one whose
    /// formats the text has goes first.
    public var formats: [String: TextFormat] = [:]
    /// The format of a string variant of a union with several: text that has it goes to this
    /// variant first, text that does not after the plain strings.
    public var format: TextFormat?
    /// The values a string or integer enum variant knows; any other value still decodes, as the
    /// enum's `undocumented` case, but a variant that knows the value is preferred.
    public var knownValues: [JSONValue]?
    /// For an array variant of a union with several, the kinds its elements may be: an array
    /// of whole numbers goes to the variant of integers before the one of numbers, which would
    /// round those above 2^53.
    public var elements: Kinds?
    /// Whether the variant is a generated struct or union of objects (made by
    /// ``object(required:properties:constants:openTags:keepsUndeclaredKeys:)``), which reads its
    /// object through `UnionVariant.objectContainer(_:)` before anything else: only such a variant
    /// is handed the container the union read its evidence from.
    var takesObjectContainer = false

    /// An object variant.
    /// - Parameters:
    ///   - required: Keys the object must have.
    ///   - properties: Keys it declares.
    ///   - constants: Properties with one allowed value (or several, from a discriminator
    ///     mapping): any other value rules the variant out.
    ///   - openTags: Enum properties whose known values count for the variant.
    ///   - keepsUndeclaredKeys: Whether it keeps keys it does not declare.
    /// - Returns: The variant's evidence.
    public static func object(
        required: KeyNames = [], properties: KeyNames = [], constants: [String: [JSONValue]] = [:],
        openTags: [String: [JSONValue]] = [:], keepsUndeclaredKeys: Bool = false
    ) -> UnionVariant {
        let tags =
            constants.sorted { $0.key < $1.key }.map { Tag(key: $0.key, values: $0.value, isExact: true) }
            + openTags.sorted { $0.key < $1.key }.map { Tag(key: $0.key, values: $0.value, isExact: false) }
        return UnionVariant(
            kinds: .object, required: required, properties: properties, keepsUndeclaredKeys: keepsUndeclaredKeys,
            tags: tags, knownValues: nil, takesObjectContainer: true)
    }

    /// An object variant with properties whose text has a format that tells it apart.
    /// - Parameters:
    ///   - required: Keys the object must have.
    ///   - properties: Keys it declares.
    ///   - constants: Properties with one allowed value: any other value rules the variant out.
    ///   - openTags: Enum properties whose known values count for the variant.
    ///   - formats: Properties whose text, when it has the format, counts for the variant.
    ///   - keepsUndeclaredKeys: Whether it keeps keys it does not declare.
    /// - Returns: The variant's evidence.
    public static func object(
        required: KeyNames = [], properties: KeyNames = [], constants: [String: [JSONValue]] = [:],
        openTags: [String: [JSONValue]] = [:], formats: [String: TextFormat], keepsUndeclaredKeys: Bool = false
    ) -> UnionVariant {
        var variant = object(
            required: required, properties: properties, constants: constants, openTags: openTags,
            keepsUndeclaredKeys: keepsUndeclaredKeys)
        variant.formats = formats
        return variant
    }

    /// The variant with keys the description requires but its type reads without: a required
    /// key whose value may be `null` (read as `nil` when a server leaves it out) or that has a
    /// default. A payload without one is not ruled out, as a missing ``required`` key rules it
    /// out, but goes after a variant that accounts for as many of its keys and misses none.
    /// - Parameter keys: The keys.
    /// - Returns: The variant's evidence.
    public func allowingMissing(_ keys: KeyNames) -> UnionVariant {
        var variant = self
        variant.missingAllowed = keys
        return variant
    }

    /// A string variant whose text has a format, in a union with other string variants.
    /// - Parameters:
    ///   - kinds: The kinds of value it accepts (`[.string]`).
    ///   - format: The format.
    /// - Returns: The variant's evidence.
    public static func value(_ kinds: Kinds, format: TextFormat) -> UnionVariant {
        var variant = value(kinds)
        variant.format = format
        return variant
    }

    /// A variant that is not an object, or not only one.
    /// - Parameters:
    ///   - kinds: The kinds of value it accepts.
    ///   - knownValues: For an enum, the values it lists.
    /// - Returns: The variant's evidence.
    public static func value(_ kinds: Kinds, knownValues: [JSONValue]? = nil) -> UnionVariant {
        UnionVariant(
            kinds: kinds, required: [], properties: [], keepsUndeclaredKeys: kinds.contains(.object), tags: [],
            knownValues: knownValues)
    }

    /// An array variant of a union with several, which says what its elements may be.
    /// - Parameters:
    ///   - kinds: The kinds of value it accepts (`[.array]`).
    ///   - elements: The kinds its elements may be.
    /// - Returns: The variant's evidence.
    public static func value(_ kinds: Kinds, elements: Kinds) -> UnionVariant {
        var variant = value(kinds)
        variant.elements = elements
        return variant
    }

    /// A variant that is a union of objects and other values, within this one.
    /// - Parameters:
    ///   - kinds: The kinds of value it accepts.
    ///   - properties: The keys its objects declare, which count for it as an object
    ///     variant's do.
    /// - Returns: The variant's evidence.
    public static func value(_ kinds: Kinds, properties: KeyNames) -> UnionVariant {
        var variant = value(kinds)
        variant.properties = properties
        return variant
    }

    /// Decodes the union's variant that the payload proves.
    ///
    /// For an object, a variant is ruled out when a constant tag property holds another value,
    /// or a required key is missing. When a constant tag matches exactly one variant, that is the
    /// variant (decoded leniently; its errors are the union's). Otherwise, the variant with the
    /// most matching tags wins, then the one that accounts for the most of the payload's keys,
    /// then the one that misses no key its description requires (a key its type reads without,
    /// ``allowingMissing(_:)``, does not rule it out),
    /// then the one whose formatted properties' text has their formats (a UUID, a URL, a
    /// date-time), then the one that requires the most of them; if it does not declare keys
    /// that another variant declares, a `oneOf` value is ambiguous and decoding fails rather
    /// than read it as the wrong variant (an `anyOf` value may be both). An object that no
    /// variant accepts becomes `undocumented`, and so does one that no variant reads where an
    /// open tag (an enum that takes values it does not list) holds a value no candidate lists:
    /// its kind is one the description does not know yet.
    /// For other values, the variants of the value's kind are tried, an enum that knows the
    /// value (or a string variant whose format the text has) first, then plain values, then
    /// enums that do not know it (and string variants whose format it does not have).
    /// - Parameters:
    ///   - variants: The evidence for each variant, in the union's order.
    ///   - decoder: The decoder holding the value.
    ///   - union: The union's name, for errors.
    ///   - allowsSeveral: Whether the payload may match several variants (`anyOf`): then a
    ///     payload with keys another variant declares is not ambiguous, and the chosen variant
    ///     keeps them as its undeclared keys.
    ///   - undocumented: The union's catch-all case, if it has one.
    ///   - variant: Decodes the variant at an index.
    /// - Returns: The decoded union.
    /// - Throws: `DecodingError` when no variant fits (and there is no catch-all), the value is
    ///   ambiguous, or the chosen variant does not decode.
    public static func decode<Union>(
        _ variants: UnionVariants, from decoder: any Decoder, union: String, allowsSeveral: Bool = false,
        undocumented: ((JSONValue) -> Union)?, variant: (Int) throws -> Union
    ) throws -> Union {
        // The data of a server-sent event whose name tags the union's variants (OpenAPI 3.2's
        // `itemSchema`, an `event` per alternative): the variant its name tags, whatever the
        // data's shape, since events of two names may carry data of one shape.
        if !variants.eventNames.isEmpty, decoder.codingPath.isEmpty,
            let name = decoder.userInfo[serverSentEventName] as? String
        {
            if let index = variants.eventNames[name] { return try variant(index) }
            if let undocumented { return undocumented(try JSONValue(from: decoder)) }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "The event \"\(name)\" is none of \(union)'s (\(variants.eventNames.keys.sorted().joined(separator: ", ")))."
                ))
        }
        let candidates = try candidates(variants, decoder, union: union, allowsSeveral: allowsSeveral)
        let enclosingTrial = VariantTrial.isActive
        if candidates.order.isEmpty {
            // Within a variant another union tries with others left: let it try them.
            if candidates.isObject && enclosingTrial { throw VariantTrial.Declined() }
            if candidates.isObject, let undocumented { return undocumented(try JSONValue(from: decoder)) }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "The value matches none of \(union)'s variants\(candidates.reason())."))
        }
        // A generated variant reads the object from the container the evidence came from.
        var depth: Int?
        func decodeVariant(_ index: Int) throws -> Union {
            guard let object = candidates.object, variants.all[index].takesObjectContainer else {
                return try variant(index)
            }
            if depth == nil { depth = decoder.codingPath.count }
            return try ObjectHandoff.offering(object, depth: depth!) { try variant(index) }
        }
        var firstError: (any Error)?
        var firstDeclined: Int?
        var order = candidates.order
        var fallback = candidates.fallback
        var position = 0
        while position < order.count {
            let index = order[position]
            do {
                // While others are left, a nested union that meets an unknown object says so;
                // the flag is set only when it changes (a lone candidate leaves it as it is).
                let active = enclosingTrial || position < order.count - 1 || fallback != nil
                if active == enclosingTrial { return try decodeVariant(index) }
                return try VariantTrial.with(active: active) { try decodeVariant(index) }
            } catch is VariantTrial.Declined {
                firstDeclined = firstDeclined ?? index
            } catch {
                if candidates.isProven && fallback == nil && firstError == nil { throw error }
                firstError = firstError ?? error
            }
            // A variant its constant tag proved does not read the value: the variants without
            // that constant may, as JSON Schema's `anyOf` and `oneOf` say.
            if let others = fallback {
                fallback = nil
                order += try others()
            }
            position += 1
        }
        if let firstDeclined {
            if enclosingTrial { throw VariantTrial.Declined() }
            // No variant reads the value without an unknown object: the closest keeps it as
            // `undocumented` where it is (no enclosing trial, so the flag is off here).
            return try decodeVariant(firstDeclined)
        }
        // An object whose tag names a kind no variant lists (an assertion with an operator added
        // since the description was written, its target of a new shape), which no variant
        // reads: an unknown object, as one that no variant accepts by its keys.
        if candidates.namesUnlistedKind {
            if enclosingTrial { throw VariantTrial.Declined() }
            if let undocumented { return undocumented(try JSONValue(from: decoder)) }
        }
        throw firstError!
    }

    /// The variants the value may be, most likely first. The value's kind is read by trying
    /// it, and a wrong try throws an error that is costly to build: a union that takes both
    /// strings and objects (Stripe's expandable fields) tries first the kind it last saw.
    private static func candidates(
        _ variants: UnionVariants, _ decoder: any Decoder, union: String, allowsSeveral: Bool
    ) throws -> Candidates {
        let kinds = variants.kinds
        let takesStrings = kinds.contains(.string)
        let takesObjects = kinds.contains(.object)
        if takesStrings && takesObjects && variants.lastWasObject, let object = try? objectContainer(decoder) {
            return try objectCandidates(variants, object, union: union, allowsSeveral: allowsSeveral, decoder)
        }
        if takesStrings, let text = try? decoder.singleValueContainer().decode(String.self) {
            if takesObjects { variants.lastWasObject = false }
            return scalarCandidates(variants.all, Probe(string: text))
        }
        if takesObjects, let object = try? objectContainer(decoder) {
            if takesStrings { variants.lastWasObject = true }
            return try objectCandidates(variants, object, union: union, allowsSeveral: allowsSeveral, decoder)
        }
        let probe = Probe(decoder, object: !takesObjects)
        var found = scalarCandidates(variants.all, probe)
        if probe.kind == .array { found.order = orderingArrays(found.order, variants.all, decoder) }
        return found
    }

    /// The candidates for an array, those whose elements take each element as its own kind
    /// first (a whole number as an integer), then those that take them all (as numbers), then
    /// the rest, each in the union's order. Only when several array variants say what their
    /// elements are.
    private static func orderingArrays(_ order: [Int], _ variants: [UnionVariant], _ decoder: any Decoder) -> [Int] {
        guard order.count(where: { variants[$0].elements != nil }) > 1,
            let elements = try? decoder.singleValueContainer().decode([JSONValue].self)
        else { return order }
        // A whole number written `2.0` is a number, where the decoder keeps the text (see
        // `DocumentDecoder.isNumberWrittenAsDecimal`).
        let decimals = (decoder as? DocumentDecoder)?.elementsWrittenAsDecimals ?? []
        var exact: Kinds = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .null: break
            case .bool: exact.insert(.boolean)
            case .int: exact.insert(index < decimals.count && decimals[index] ? .number : .integer)
            case .double: exact.insert(.number)
            // A whole number past `Int`'s range (a `UInt64`) is still an integer.
            case .decimal(let number): exact.insert(number.description.contains(".") ? .number : .integer)
            case .string: exact.insert(.string)
            case .array: exact.insert(.array)
            case .object: exact.insert(.object)
            }
        }
        var widened = exact
        if widened.contains(.integer) {
            widened.remove(.integer)
            widened.insert(.number)
        }
        func tier(_ index: Int) -> Int {
            guard let kinds = variants[index].elements else { return 2 }
            if kinds.isSuperset(of: exact) { return 0 }
            return kinds.isSuperset(of: widened) ? 1 : 2
        }
        return order.enumerated()
            .sorted { (tier($0.element), $0.offset) < (tier($1.element), $1.offset) }
            .map(\.element)
    }

    /// The candidates for an object, with the object's container for the variant. When one tag
    /// key tells every tagged variant apart (Stripe's `object`), its value alone proves the
    /// variant: the same answer the full weighing gives, without it.
    private static func objectCandidates(
        _ variants: UnionVariants, _ object: KeyedDecodingContainer<AnyCodingKey>, union: String,
        allowsSeveral: Bool, _ decoder: any Decoder
    ) throws -> Candidates {
        let tagValue = variants.provingTag.flatMap { tag in
            try? object.decodeIfPresent(String.self, forKey: AnyCodingKey(tag.key))
        }
        if let tag = variants.provingTag, let tagValue, let index = tag.variantByValue[tagValue] {
            var found = Candidates(order: [index], isObject: true, isProven: true, object: object)
            if variants.hasUntaggedObjectVariant {
                // Weighed only if the proved variant does not read the value.
                let others = Set(variants.all.indices).subtracting([index])
                found.fallback = {
                    try objectCandidates(variants.all, object, union: union, among: others).fullOrder()
                }
            }
            return found
        }
        if variants.provingTag != nil, let defaultVariant = variants.defaultVariant {
            // OpenAPI 3.2's `defaultMapping`: an object whose tag is missing, or names no variant.
            return Candidates(order: [defaultVariant], isObject: true, object: object)
        }
        var found = try objectCandidates(
            variants.all, object, union: union, allowsSeveral: allowsSeveral, codingPath: decoder.codingPath)
        found.object = object
        return found
    }

    private struct Candidates {
        var order: [Int]
        var isObject: Bool
        /// Whether a constant tag named the only candidate.
        var isProven = false
        /// Whether each candidate has an open tag property (an enum that takes values it does
        /// not list) holding a value it does not list: the object says it is of a kind this
        /// version of the description does not know, so where no candidate reads it, it is
        /// `undocumented` rather than an error.
        var namesUnlistedKind = false
        /// Why no variant fits, for the error; built only when it is thrown.
        var reason: () -> String = { "" }
        /// The object's container, for the variant to decode from.
        var object: KeyedDecodingContainer<AnyCodingKey>?
        /// The variants to try, in order, when the proved one does not read the value: those
        /// without its constant (untagged ones), which JSON Schema lets accept it too.
        var fallback: (() throws -> [Int])?

        /// The order, then the fallback's.
        func fullOrder() throws -> [Int] { try order + (fallback?() ?? []) }
    }

    /// The candidates among some variants, in order, for a fallback: several may match (the
    /// order is all that is asked), so no ambiguity is thrown.
    private static func objectCandidates(
        _ variants: [UnionVariant], _ object: KeyedDecodingContainer<AnyCodingKey>, union: String, among: Set<Int>
    ) throws -> Candidates {
        try objectCandidates(variants, object, union: union, allowsSeveral: true, codingPath: [], among: among)
    }

    private static func objectCandidates(
        _ variants: [UnionVariant], _ object: KeyedDecodingContainer<AnyCodingKey>, union: String,
        allowsSeveral: Bool, codingPath: @autoclosure () -> [any CodingKey], among: Set<Int>? = nil
    ) throws -> Candidates {
        var tagValues: [String: JSONValue?] = [:]
        func value(at key: String) -> JSONValue? {
            if let known = tagValues[key] { return known }
            let codingKey = AnyCodingKey(key)
            var found: JSONValue?
            if object.contains(codingKey) {
                // Tags are nearly always strings: read one without trying every kind.
                if let text = try? object.decode(String.self, forKey: codingKey) {
                    found = .string(text)
                } else {
                    found = try? object.decode(JSONValue.self, forKey: codingKey)
                }
            }
            tagValues[key] = .some(found)
            return found
        }
        struct Score {
            var index: Int
            var exact = 0
            var open = 0
            var accounted = 0
            /// Properties whose text has the format the variant gives them: weighed after the
            /// keys, since a timestamp says less about a variant than the keys around it.
            var formatted = 0
            /// Whether the payload has every key the variant's description requires, those its
            /// type reads without included: between variants that account for as many keys,
            /// one that misses none goes first.
            var complete = 1
            /// Required keys, all present by then: a variant that requires a key the payload
            /// has is closer than one that only declares it.
            var required = 0
            /// Open tags holding a value they do not list.
            var unlisted = 0
        }
        var scores: [Score] = []
        var ruledOutByTag: [(key: String, value: JSONValue)] = []
        for (index, candidate) in variants.enumerated()
        where candidate.kinds.contains(.object) && among?.contains(index) != false {
            var score = Score(index: index)
            var ruledOut = false
            for tag in candidate.tags {
                guard let found = value(at: tag.key) else { continue }
                if tag.values.contains(found) {
                    if tag.isExact { score.exact += 1 } else { score.open += 1 }
                } else if tag.isExact || !Self.openEnum(tag.values, canHold: found) {
                    // An open enum takes values it does not list, but only of its own kind: an
                    // array where it holds integers rules the variant out as a constant would.
                    ruledOut = true
                    ruledOutByTag.append((tag.key, found))
                    break
                } else {
                    score.unlisted += 1
                }
            }
            if !ruledOut { scores.append(score) }
        }
        // A constant tag that only one variant matches proves it: it is tried first, and the
        // variants that do not rule the value out by a constant of their own (untagged ones)
        // only if it does not read the value.
        let bestExact = scores.map(\.exact).max() ?? 0
        var proved: Int?
        if bestExact > 0 {
            let proven = scores.filter { $0.exact == bestExact }
            if proven.count == 1 {
                proved = proven[0].index
                scores = scores.filter { $0.index != proven[0].index }
                if scores.isEmpty { return Candidates(order: [proven[0].index], isObject: true, isProven: true) }
            } else {
                scores = proven
            }
        }
        var missing: [String] = []
        scores = scores.filter { score in
            let candidate = variants[score.index]
            if let key = candidate.required.names.first(where: { !object.contains(AnyCodingKey($0)) }) {
                missing.append(key)
                return false
            }
            return true
        }
        if let proved {
            // The proved variant alone; the others, weighed only if it does not read the value.
            var found = Candidates(order: [proved], isObject: true, isProven: true)
            if !scores.isEmpty {
                let others = Set(scores.map(\.index))
                found.fallback = { try objectCandidates(variants, object, union: union, among: others).fullOrder() }
            }
            return found
        }
        // With one variant that takes objects, nothing is left to weigh: the payload's keys
        // (costly to list through `Decoder`) are not needed.
        if scores.count == 1, variants.count(where: { $0.kinds.contains(.object) }) == 1 {
            return Candidates(order: [scores[0].index], isObject: true, namesUnlistedKind: scores[0].unlisted > 0)
        }
        let keys = Set(object.allKeys.map(\.stringValue))
        for position in scores.indices {
            let candidate = variants[scores[position].index]
            scores[position].accounted =
                candidate.properties.isEmpty ? 0 : keys.count { candidate.properties.contains($0) }
            scores[position].required = candidate.required.names.count
            if candidate.missingAllowed.names.contains(where: { !keys.contains($0) }) {
                scores[position].complete = 0
            }
            for (key, format) in candidate.formats {
                if case .string(let text)? = value(at: key), format.matches(text) { scores[position].formatted += 1 }
            }
        }
        // (Accounted keys, then completeness, as one figure: tuples compare six elements at most.)
        scores.sort {
            ($0.exact, $0.open, $0.accounted * 2 + $0.complete, $0.formatted, $0.required, -$0.index)
                > ($1.exact, $1.open, $1.accounted * 2 + $1.complete, $1.formatted, $1.required, -$1.index)
        }
        guard let best = scores.first else {
            return Candidates(order: [], isObject: true) {
                var reasons: [String] = []
                if !ruledOutByTag.isEmpty {
                    reasons.append(ruledOutByTag.map { "\($0.key) is \($0.value)" }.joined(separator: ", "))
                }
                if !missing.isEmpty { reasons.append("missing " + Set(missing).sorted().joined(separator: ", ")) }
                return reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")"
            }
        }
        let winner = variants[best.index]
        if !winner.keepsUndeclaredKeys && !allowsSeveral {
            // Keys another variant documents would be lost: the payload does not say which it is.
            let lost = keys.filter { key in
                !winner.properties.contains(key)
                    && variants.indices.contains { $0 != best.index && variants[$0].properties.contains(key) }
            }
            if !lost.isEmpty {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: codingPath(),
                        debugDescription:
                            "The value is ambiguous among \(union)'s variants: the closest, variant \(best.index + 1), does not declare \(lost.sorted().joined(separator: ", ")), which another variant declares."
                    ))
            }
        }
        return Candidates(
            order: scores.map(\.index), isObject: true, namesUnlistedKind: scores.allSatisfy { $0.unlisted > 0 })
    }

    private static func scalarCandidates(_ variants: [UnionVariant], _ probe: Probe) -> Candidates {
        var knowing: [Int] = []
        var plain: [Int] = []
        var unknowing: [Int] = []
        var free: [Int] = []
        // `null` has no kind: only a free-form variant (`{}`, any value) takes it.
        for (index, candidate) in variants.enumerated()
        where !candidate.kinds.isDisjoint(with: probe.kind) || (probe.kind.isEmpty && candidate.kinds == .any) {
            if candidate.kinds == .any {
                free.append(index)
            } else if let known = candidate.knownValues {
                if let value = probe.value, known.contains(value) {
                    knowing.append(index)
                } else {
                    unknowing.append(index)
                }
            } else if let format = candidate.format, case .string(let text)? = probe.value {
                if format.matches(text) { knowing.append(index) } else { unknowing.append(index) }
            } else {
                plain.append(index)
            }
        }
        // A whole number is an integer before it is a double, unless it was written as one
        // (`2.0`): then a variant of numbers goes first.
        if probe.writtenAsDecimal {
            plain =
                plain.filter { variants[$0].kinds.contains(.number) }
                + plain.filter { !variants[$0].kinds.contains(.number) }
        } else if probe.kind.contains(.integer) {
            plain =
                plain.filter { variants[$0].kinds.contains(.integer) }
                + plain.filter { !variants[$0].kinds.contains(.integer) }
        }
        let kindName = probe.kindName
        return Candidates(order: knowing + plain + unknowing + free, isObject: false) { " (\(kindName))" }
    }

    /// Whether an open enum with these known values can hold a value it does not list (as its
    /// `undocumented` case): one of the enum's own kind, text for text and a number for
    /// numbers, or `null`, which an optional property takes.
    private static func openEnum(_ known: [JSONValue], canHold value: JSONValue) -> Bool {
        func isNumber(_ value: JSONValue) -> Bool {
            switch value {
            case .int, .double, .decimal: true
            default: false
            }
        }
        switch value {
        case .null: return true
        case .string: return known.contains { if case .string = $0 { true } else { false } }
        case .int, .double, .decimal: return known.contains(where: isNumber)
        default: return false
        }
    }

    /// The kind of a value that is not an object, and the value itself where it is a scalar.
    private struct Probe {
        var kind: Kinds = []
        var value: JSONValue?
        var kindName = "a null"
        /// A whole number written with a fraction or an exponent (`2.0`), where the decoder
        /// keeps the text.
        var writtenAsDecimal = false

        init(string: String) {
            (kind, value, kindName) = (.string, .string(string), "a string")
        }

        /// Probes a value; `object` says whether it may still be an object (not tried yet).
        init(_ decoder: any Decoder, object: Bool) {
            if object, (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil {
                (kind, kindName) = (.object, "an object")
                return
            }
            if let single = try? decoder.singleValueContainer() {
                if single.decodeNil() { return }
                if let flag = try? single.decode(Bool.self) {
                    (kind, value, kindName) = (.boolean, .bool(flag), "a boolean")
                } else if let number = try? single.decode(Int.self) {
                    (kind, value, kindName) = ([.integer, .number], .int(number), "an integer")
                    writtenAsDecimal = (decoder as? DocumentDecoder)?.isNumberWrittenAsDecimal ?? false
                } else if let number = try? single.decode(Double.self) {
                    // A whole number past `Int`'s range (a `UInt64`) is still an integer.
                    (kind, value, kindName) =
                        number.rounded() == number && number.isFinite
                        ? ([.integer, .number], .double(number), "an integer") : (.number, .double(number), "a number")
                } else if let text = try? single.decode(String.self) {
                    (kind, value, kindName) = (.string, .string(text), "a string")
                } else {
                    (kind, kindName) = (.array, "an array")
                }
            }
        }
    }
}

/// A generated union's variants, in the order of its cases, with what decoding learns of the
/// values it meets: whether the last one was an object, so that a union of strings and objects
/// tries that kind first.
@_spi(Generated) public final class UnionVariants: ExpressibleByArrayLiteral, @unchecked Sendable {
    // @unchecked: `lastObject` is touched only under `lock`; the rest is immutable.
    /// The variants.
    let all: [UnionVariant]
    /// Every kind of value some variant accepts.
    let kinds: UnionVariant.Kinds
    private let lock = NSLock()
    private var lastObject = false

    /// Creates the table.
    /// - Parameter elements: The variants, in the order of the union's cases.
    public convenience init(arrayLiteral elements: UnionVariant...) {
        self.init(elements)
    }

    /// Creates the table of a union whose discriminator names a variant for objects whose tag is
    /// missing or unknown (OpenAPI 3.2's `defaultMapping`).
    /// - Parameters:
    ///   - defaultVariant: The index of that variant.
    ///   - elements: The variants, in the order of the union's cases.
    public convenience init(defaultVariant: Int, _ elements: [UnionVariant]) {
        self.init(elements, defaultVariant: defaultVariant)
    }

    /// Creates the table of a union of server-sent events' data, each variant tagged by the
    /// names of the events that carry it (OpenAPI 3.2's `itemSchema`).
    /// - Parameters:
    ///   - eventNames: The event names of each variant, in the order of the union's cases.
    ///   - elements: The variants, in the order of the union's cases.
    public convenience init(eventNames: [[String]], _ elements: [UnionVariant]) {
        self.init(elements, eventNames: eventNames)
    }

    /// Creates the table from an array.
    /// - Parameters:
    ///   - elements: The variants, in the order of the union's cases.
    ///   - defaultVariant: The variant of an object whose tag is missing or names none.
    ///   - eventNames: The names of the server-sent events that carry each variant.
    init(_ elements: [UnionVariant], defaultVariant: Int? = nil, eventNames: [[String]] = []) {
        var names: [String: Int] = [:]
        for (index, variantNames) in eventNames.enumerated() where elements.indices.contains(index) {
            for name in variantNames where names[name] == nil { names[name] = index }
        }
        self.eventNames = names
        self.defaultVariant = defaultVariant.flatMap { elements.indices.contains($0) ? $0 : nil }
        all = elements
        kinds = elements.reduce(into: []) { $0.formUnion($1.kinds) }
        provingTag = Self.provingTag(of: elements)
        hasUntaggedObjectVariant = elements.contains {
            $0.kinds.contains(.object) && !$0.tags.contains(where: \.isExact)
        }
    }

    /// The variant each server-sent event name tags (empty for other unions).
    let eventNames: [String: Int]

    /// Whether a variant that takes objects has no constant tag: one a proved variant that does
    /// not read the value leaves to try.
    let hasUntaggedObjectVariant: Bool

    /// The variant of an object whose tag is missing or names no variant, if the union has one.
    let defaultVariant: Int?

    /// A tag key whose string value names one variant, when every constant tag of the object
    /// variants is on that key, no variant has two, and no value is shared: then a value in the
    /// table rules out every other tagged variant and proves its own (an untagged variant never
    /// outweighs a matching constant).
    let provingTag: (key: String, variantByValue: [String: Int])?

    private static func provingTag(of variants: [UnionVariant]) -> (key: String, variantByValue: [String: Int])? {
        var key: String?
        var variantByValue: [String: Int] = [:]
        for (index, variant) in variants.enumerated() where variant.kinds.contains(.object) {
            let exact = variant.tags.filter(\.isExact)
            guard exact.count <= 1 else { return nil }
            guard let tag = exact.first else { continue }
            guard key == nil || key == tag.key else { return nil }
            key = tag.key
            for value in tag.values {
                guard case .string(let text) = value, variantByValue.updateValue(index, forKey: text) == nil else {
                    return nil
                }
            }
        }
        guard let key, !variantByValue.isEmpty else { return nil }
        return (key, variantByValue)
    }

    /// Whether the last value decoded was an object; only a hint for the order of tries.
    var lastWasObject: Bool {
        get { lock.withLock { lastObject } }
        set { lock.withLock { lastObject = newValue } }
    }
}
