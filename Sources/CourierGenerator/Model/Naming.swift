/// Turns names from specs (`snake_case`, `kebab-case`, `with spaces`, `123abc`) into Swift
/// identifiers, escaping keywords.
enum Naming {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "some", "any", "async", "_",
    ]

    /// Names a generated type may not take because generated code or Swift needs them.
    /// Standard library, Foundation and Courier names are reserved too, so that a model named
    /// `Error` or `Data` never shadows the real type in code that imports the module.
    static let reservedTypeNames: Set<String> = [
        "Type", "Protocol", "Self", "Any", "Swift", "Foundation", "Courier", "Endpoints", "Servers", "Credentials",
        "Error", "Data", "Date", "URL", "UUID", "String", "Int", "Int32", "Int64", "UInt64", "Double", "Float", "Bool",
        "Array", "Dictionary", "Set", "Result", "Optional", "Character", "Decimal", "Never", "Void", "Task",
        "Actor", "Sequence", "Collection", "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "Equatable",
        "Identifiable", "Decoder", "Encoder", "CodingKey", "CodingKeys", "Endpoint", "Response", "APIClient",
        "ServiceError", "TransportRequest", "TransportResponse", "HeaderFields", "RequestMethod", "Middleware",
        "Transport",
        "JSONValue", "QueryItem", "QueryValue", "EmptyResponse", "RequestBody", "Indirect", "AnyCodingKey",
        "ServerErrorBody", "ErrorEnvelope", "CommonErrorBody", "RequestOption", "RequestContext", "AuthTokens",
        "TokenStore", "Redaction", "CachePolicy", "Object", "Notification", "Operation", "Process",
        "Locale", "Calendar", "TimeZone",
    ]

    /// The longest name a type built from where its schema appears gets (`Pet` + `owner` →
    /// `PetOwner`); names the description gives keep their length.
    static let typeNameLimit = 50

    /// A name built from where a schema appears, within ``typeNameLimit`` characters: first a
    /// word that repeats the next one (`CustomersCustomer` → `Customer`, from a path's
    /// `/customers/{customer}`) is dropped, then the oldest context after the first word, so that
    /// the words nearest the value stay. Names already short enough are kept as they are.
    static func shortened(_ name: String) -> String {
        guard name.count > typeNameLimit else { return name }
        var words = Naming.words(name)
        func same(_ a: String, _ b: String) -> Bool {
            let (a, b) = (a.lowercased(), b.lowercased())
            return a == b || a == b + "s" || a + "s" == b || a == b + "es"
        }
        var index = 0
        while index + 1 < words.count {
            if same(words[index], words[index + 1]) { words.remove(at: index) } else { index += 1 }
        }
        var length = words.reduce(0) { $0 + $1.count }
        while length > typeNameLimit && words.count > 3 {
            length -= words[1].count
            words.remove(at: 1)
        }
        // A word that starts with a digit cannot follow nothing; the first word stays.
        return words.joined()
    }

    /// A dotted schema name without the context each segment repeats from the one before
    /// (Twilio names each schema by its whole path of parents): a segment the next one starts
    /// with is dropped (`recording.recording_add_on_result` → `recording_add_on_result`), and
    /// words the next one shares at its start are dropped from it
    /// (`available_phone_number_country.available_phone_number_local` →
    /// `available_phone_number_country.local`).
    static func withoutRepeatedSegments(_ name: String) -> String {
        var segments = name.split(separator: ".", omittingEmptySubsequences: false).map {
            $0.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        }
        guard segments.count > 1 else { return name }
        var index = 0
        while index + 1 < segments.count {
            let current = segments[index]
            let next = segments[index + 1]
            let shared = zip(current, next).prefix { $0 == $1 }.count
            if shared == current.count, shared < next.count, !current.joined().isEmpty {
                segments.remove(at: index)
                continue
            }
            if shared >= 2, shared < next.count { segments[index + 1] = Array(next.dropFirst(shared)) }
            index += 1
        }
        return segments.map { $0.joined(separator: "_") }.joined(separator: ".")
    }

    /// Splits a name into words at separators, case changes and digit boundaries.
    /// A sign that starts a word, before a digit, is a word (`+1` → `plus 1`, `-1` → `minus 1`,
    /// `reactions-+1` → `reactions plus 1`, as GitHub's reactions are named), so that the two do
    /// not both become `1`; so is one that starts the name, before a letter (`-created` → `minus
    /// created`, a descending sort, beside `created`; `-INF` beside `INF`).
    ///
    /// With `signsAsWords`, every sign before a digit is a word, inside a word too (`Etc/GMT+1` →
    /// `Etc GMT plus 1`): for names that would otherwise be the same (``memberNames(_:)``).
    static func words(_ name: String, signsAsWords: Bool = false) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: CharacterKind?
        let characters = Array(name)
        // Each character's kind, once: Unicode's properties cost more than the rest of the
        // split, and a description's names are nearly all ASCII.
        let kinds = characters.map(CharacterKind.init)
        for (index, character) in characters.enumerated() {
            let kind = kinds[index]
            if (character == "+" || character == "-"), current.isEmpty || signsAsWords, index + 1 < characters.count,
                kinds[index + 1].contains(.number) || (index == 0 && kinds[index + 1].contains(.letter))
            {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                words.append(character == "+" ? "plus" : "minus")
                continue
            }
            if !kind.contains(.letter) && !kind.contains(.number) {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous {
                let next = index + 1 < characters.count ? kinds[index + 1] : nil
                let lowerToUpper = previous.contains(.lowercase) && kind.contains(.uppercase)
                let acronymEnd =
                    previous.contains(.uppercase) && kind.contains(.uppercase) && (next?.contains(.lowercase) ?? false)
                // A single lower-case letter that ends a word after digits belongs to them
                // (`k8s`, `gpt-4o`, `3d`): `k8S` and `gpt4O` read as neither.
                let endsWord = !(next?.contains(.letter) ?? false) && kind.contains(.lowercase)
                let digitToLetter = previous.contains(.number) && kind.contains(.letter) && !endsWord
                if lowerToUpper || acronymEnd || digitToLetter {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
            previous = kind
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// What ``words(_:signsAsWords:)`` asks of a character: Unicode's properties, read from the
    /// byte for ASCII.
    struct CharacterKind: OptionSet {
        let rawValue: UInt8
        static let letter = CharacterKind(rawValue: 1)
        static let number = CharacterKind(rawValue: 2)
        static let uppercase = CharacterKind(rawValue: 4)
        static let lowercase = CharacterKind(rawValue: 8)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init(_ character: Character) {
            if let byte = character.asciiValue {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .number
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = [.letter, .uppercase]
                case UInt8(ascii: "a")...UInt8(ascii: "z"): self = [.letter, .lowercase]
                default: self = []
                }
                return
            }
            var kind: CharacterKind = []
            if character.isLetter { kind.insert(.letter) }
            if character.isNumber { kind.insert(.number) }
            if character.isUppercase { kind.insert(.uppercase) }
            if character.isLowercase { kind.insert(.lowercase) }
            self = kind
        }
    }

    /// `UpperCamelCase`, valid as a Swift type name.
    static func typeName(_ name: String) -> String {
        let joined = joinedKeepingNumbersApart(words(name).map { capitalized($0) })
        var result = joined.isEmpty ? "Value" : joined
        if result.first!.isNumber { result = "_" + result }
        if reservedTypeNames.contains(result) { result += "Model" }
        return result
    }

    /// `lowerCamelCase` names for several values, such as an enum's: each as ``memberName(_:)``
    /// names it; but where two would be the same and one of them has a sign (`Etc/GMT+1` and
    /// `Etc/GMT-1`, both `etcGMT1`), every sign before a digit is a word, in each of the values:
    /// `etcGMTPlus1`, `etcGMTMinus1`, `etcGMTMinus13`, rather than a number added to one of
    /// them (`etcGMT12`), which reads as another value.
    static func memberNames(_ texts: [String]) -> [String] {
        let plain = texts.map { memberName($0) }
        var counts: [String: Int] = [:]
        for name in plain { counts[name, default: 0] += 1 }
        let hasSign = { (text: String) in text.contains { $0 == "+" || $0 == "-" } }
        let signsTellApart = zip(texts, plain).contains { text, name in counts[name, default: 0] > 1 && hasSign(text) }
        guard signsTellApart else { return plain }
        return zip(texts, plain).map { text, name in hasSign(text) ? memberName(text, signsAsWords: true) : name }
    }

    /// `lowerCamelCase`, escaped with backticks when it is a keyword.
    static func memberName(_ name: String, signsAsWords: Bool = false) -> String {
        var parts = words(name, signsAsWords: signsAsWords)
        // CONSTANT_CASE (`SUB_COMMAND`, `USER_ID`) capitalizes every letter, so its words are
        // read as words: `subCommand`, `userID`, not `subCOMMAND`. Acronyms joined otherwise
        // (`EST5EDT`, `W-SU`) stay acronyms.
        if name.contains("_"), name.contains(where: \.isLetter), !name.contains(where: \.isLowercase) {
            parts = parts.map { $0.lowercased() }
        }
        guard let first = parts.first else { return "value" }
        var result = joinedKeepingNumbersApart([lowercasedFirstWord(first)] + parts.dropFirst().map { capitalized($0) })
        if result.first!.isNumber { result = "_" + result }
        // A member named `self` would be shadowed by the initializer's parameter.
        if result == "self" { result = "_self" }
        return result
    }

    /// Whether text is a Swift identifier (a keyword counts: it is written with backticks).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Whether text is a Swift function name as `x-courier-name` gives one: `friends` or
    /// `friends(of:limit:)`, each label an identifier or `_`.
    static func isFunctionName(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return isIdentifier(text) }
        guard isIdentifier(String(text[..<open])), text.last == ")" else { return false }
        let labels = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard labels.isEmpty || labels.last == ":" else { return false }
        return labels.split(separator: ":", omittingEmptySubsequences: false).dropLast().allSatisfy {
            $0 == "_" || isIdentifier(String($0))
        }
    }

    /// A member name ready for declarations and uses: keywords get backticks.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Initialisms Swift writes in one case (API Design Guidelines): `avatarUrl` becomes
    /// `avatarURL`, `petId` `petID`, `userIds` `userIDs`, and `ApiKey` `APIKey`. A name that
    /// starts with one keeps it in lower case (`url`, `idToken`).
    static let initialisms: [String: String] = [
        "api": "API", "apis": "APIs", "csv": "CSV", "dns": "DNS", "html": "HTML", "http": "HTTP", "https": "HTTPS",
        "id": "ID", "ids": "IDs", "ip": "IP", "json": "JSON", "jwt": "JWT", "pdf": "PDF", "sql": "SQL", "ssh": "SSH",
        "ssl": "SSL", "tls": "TLS", "ttl": "TTL", "uri": "URI", "uris": "URIs", "url": "URL", "urls": "URLs",
        "utc": "UTC", "uuid": "UUID", "uuids": "UUIDs", "xml": "XML",
    ]

    /// Words joined, with `_` where a number would run into the next (`1.0` → `1_0`, `v1.2` →
    /// `v1_2`, not `10` and `v12`).
    private static func joinedKeepingNumbersApart(_ words: [String]) -> String {
        var result = ""
        for word in words {
            if let last = result.last, last.isNumber, word.first?.isNumber == true { result += "_" }
            result += word
        }
        return result
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        if let initialism = initialisms[word.lowercased()] { return initialism }
        // Keep other acronyms as written, capitalize the rest.
        if word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word }
        return first.uppercased() + word.dropFirst()
    }

    private static func lowercasedFirstWord(_ word: String) -> String {
        if word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word.lowercased() }
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// Text percent-encoded but for RFC 3986's unreserved characters, as a path segment is.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.append(Character(Unicode.Scalar(byte)))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// A Swift string literal for any text.
    static func stringLiteral(_ text: String) -> String {
        doubleQuoted(text) { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : nil
        }
    }

    /// Whether names can be written as one string of space-separated names: none is empty or
    /// holds a space.
    static func isSpaceSeparable(_ names: [String]) -> Bool {
        names.allSatisfy { !$0.isEmpty && !$0.contains(" ") }
    }

    /// A `Courier.KeyNames` literal: one string of space-separated names, which compiles to far
    /// less code than an array literal, or an array literal when a name is empty or holds a space.
    static func keyNamesLiteral<Names: Sequence<String>>(_ names: Names) -> String {
        let names = Array(names)
        if isSpaceSeparable(names) {
            return stringLiteral(names.joined(separator: " "))
        }
        return "[" + names.map(stringLiteral).joined(separator: ", ") + "]"
    }
}

/// Hands out unique names in one scope, deterministically: the first claimant keeps the name,
/// later ones get `2`, `3`… in the order they ask (`_2` after a name that ends in a digit).
struct UniqueNames {
    private var taken: Set<String>

    init(reserved: Set<String> = []) { taken = reserved }

    /// The name, or the first of `name2`, `name3`, … not yet taken; after a name that ends in a
    /// digit, the number follows an underscore (`v1_2`), since `v12` would read as another name.
    mutating func claim(_ name: String) -> String {
        if taken.insert(name).inserted { return name }
        let separator = name.last?.isNumber == true ? "_" : ""
        var suffix = 2
        while !taken.insert("\(name)\(separator)\(suffix)").inserted { suffix += 1 }
        return "\(name)\(separator)\(suffix)"
    }

    /// Whether `name` is taken.
    func isTaken(_ name: String) -> Bool {
        taken.contains(name)
    }
}

extension String {
    /// The text with zeros before it, to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
