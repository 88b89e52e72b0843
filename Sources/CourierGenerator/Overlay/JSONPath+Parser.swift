extension JSONPath {
    /// Reads RFC 9535's grammar from a query's Unicode scalars, one character of look-ahead.
    struct Parser {
        private let characters: [Unicode.Scalar]
        private var position = 0

        init(_ text: String) {
            characters = Array(text.unicodeScalars)
        }

        private var current: Unicode.Scalar? { position < characters.count ? characters[position] : nil }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            position + offset < characters.count ? characters[position + offset] : nil
        }

        private func error(_ message: String, at index: Int? = nil) -> SyntaxError {
            SyntaxError(message: message, position: (index ?? position) + 1)
        }

        private var found: String {
            current.map { "'\(Character($0))'" } ?? "the end"
        }

        private mutating func skipBlanks() {
            while let character = current, [" ", "\t", "\n", "\r"].contains(character) { position += 1 }
        }

        private mutating func take(_ text: String) -> Bool {
            let scalars = Array(text.unicodeScalars)
            guard position + scalars.count <= characters.count,
                Array(characters[position..<position + scalars.count]) == scalars
            else { return false }
            position += scalars.count
            return true
        }

        private mutating func expect(_ text: String, _ what: String) throws(SyntaxError) {
            guard take(text) else { throw error("Expected \(what), found \(found).") }
        }

        // MARK: Queries

        mutating func rootQuery() throws(SyntaxError) -> Query {
            guard take("$") else {
                throw error("A query starts with `$` (the document's root), found \(found).")
            }
            let query = Query(isRelative: false, segments: try segments())
            guard current == nil else {
                throw error("Expected `.`, `..` or `[` to go on with the query, found \(found).")
            }
            return query
        }

        private mutating func segments() throws(SyntaxError) -> [Segment] {
            var segments: [Segment] = []
            while true {
                let start = position
                skipBlanks()
                guard current == "." || current == "[" else {
                    position = start
                    return segments
                }
                segments.append(try segment())
            }
        }

        private mutating func segment() throws(SyntaxError) -> Segment {
            if take("..") {
                if current == "[" { return Segment(selectors: try bracketed(), isDescendant: true) }
                if take("*") { return Segment(selectors: [.wildcard], isDescendant: true) }
                return Segment(selectors: [.name(try shorthandName())], isDescendant: true)
            }
            if take(".") {
                if take("*") { return Segment(selectors: [.wildcard], isDescendant: false) }
                return Segment(selectors: [.name(try shorthandName())], isDescendant: false)
            }
            return Segment(selectors: try bracketed(), isDescendant: false)
        }

        private static func isNameFirst(_ character: Unicode.Scalar) -> Bool {
            ("A"..."Z").contains(character) || ("a"..."z").contains(character) || character == "_"
                || (0x80...0xD7FF).contains(character.value) || (0xE000...0x10FFFF).contains(character.value)
        }

        private mutating func shorthandName() throws(SyntaxError) -> String {
            guard let first = current, Self.isNameFirst(first) else {
                throw error(
                    "Expected a name after `.`, found \(found); a name with other characters is written in brackets: "
                        + "['/pets'].")
            }
            var name = String.UnicodeScalarView()
            while let character = current, Self.isNameFirst(character) || ("0"..."9").contains(character) {
                name.append(character)
                position += 1
            }
            if current == "-" || current == "/" || current == "~" {
                throw error(
                    "A name after `.` holds letters, digits and `_` only; write \(found) and the rest in brackets: "
                        + "['\(String(name))\(Character(current!))…'].")
            }
            return String(name)
        }

        private mutating func bracketed() throws(SyntaxError) -> [Selector] {
            try expect("[", "`[`")
            var selectors: [Selector] = []
            repeat {
                skipBlanks()
                selectors.append(try selector())
                skipBlanks()
            } while take(",")
            try expect("]", "`,` or `]` after a selector")
            return selectors
        }

        private mutating func selector() throws(SyntaxError) -> Selector {
            switch current {
            case "'", "\"": return .name(try stringLiteral())
            case "*":
                position += 1
                return .wildcard
            case "?":
                position += 1
                skipBlanks()
                return .filter(try condition())
            case ":": return try slice(start: nil)
            case let character? where character == "-" || ("0"..."9").contains(character):
                let index = try integer()
                skipBlanks()
                return current == ":" ? try slice(start: index) : .index(index)
            default:
                throw error(
                    "Expected a selector (a quoted name, `*`, an index, a slice or `?` and a filter), found \(found).")
            }
        }

        private mutating func slice(start: Int?) throws(SyntaxError) -> Selector {
            try expect(":", "`:`")
            skipBlanks()
            let end = current == "-" || current.map { ("0"..."9").contains($0) } == true ? try integer() : nil
            skipBlanks()
            var step: Int?
            if take(":") {
                skipBlanks()
                step = current == "-" || current.map { ("0"..."9").contains($0) } == true ? try integer() : nil
            }
            return .slice(start: start, end: end, step: step)
        }

        /// An integer as RFC 9535 writes one: no leading zero, no `-0`, within ±(2^53 − 1).
        private mutating func integer() throws(SyntaxError) -> Int {
            let start = position
            let negative = take("-")
            var digits = ""
            while let character = current, ("0"..."9").contains(character) {
                digits.unicodeScalars.append(character)
                position += 1
            }
            guard !digits.isEmpty else { throw error("Expected digits, found \(found).") }
            guard digits == "0" || !digits.hasPrefix("0"), !(negative && digits == "0") else {
                throw error("An integer has no leading zero and is not -0.", at: start)
            }
            guard let value = Int(digits), value <= 9_007_199_254_740_991 else {
                throw error("The integer \(negative ? "-" : "")\(digits) is beyond ±(2^53 − 1).", at: start)
            }
            return negative ? -value : value
        }

        // MARK: Literals

        private mutating func stringLiteral() throws(SyntaxError) -> String {
            let quote = current!
            let start = position
            position += 1
            var text = String.UnicodeScalarView()
            while true {
                guard let character = current else { throw error("The string has no closing quote.", at: start) }
                position += 1
                if character == quote { return String(text) }
                if character.value < 0x20 {
                    throw error(
                        "A control character must be escaped in a string (\\u\(hex4(character.value))).",
                        at: position - 1)
                }
                guard character == "\\" else {
                    text.append(character)
                    continue
                }
                guard let escaped = current else { throw error("The string has no closing quote.", at: start) }
                position += 1
                switch escaped {
                case "b": text.append("\u{08}")
                case "f": text.append("\u{0C}")
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "/", "\\": text.append(escaped)
                case quote: text.append(escaped)
                case "u": text.append(try unicodeEscape())
                default: throw error("Unknown escape `\\\(Character(escaped))` in a string.", at: position - 2)
                }
            }
        }

        private func hex4(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let character = current, let digit = UInt32(String(Character(character)), radix: 16) else {
                    throw error("Expected four hexadecimal digits after \\u, found \(found).")
                }
                value = value * 16 + digit
                position += 1
            }
            return value
        }

        private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
            let start = position - 2
            let high = try hexQuad()
            if (0xD800...0xDBFF).contains(high) {
                guard take("\\u") else { throw error("A high surrogate must be followed by a low one.", at: start) }
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("A high surrogate must be followed by a low one.", at: start)
                }
                return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw error("A low surrogate must follow a high one.", at: start)
            }
            return scalar
        }

        private mutating func numberLiteral() throws(SyntaxError) -> Node {
            let start = position
            var text = ""
            func digits(_ parser: inout Parser) -> String {
                var run = ""
                while let character = parser.current, ("0"..."9").contains(character) {
                    run.unicodeScalars.append(character)
                    parser.position += 1
                }
                return run
            }
            if take("-") { text = "-" }
            let whole = digits(&self)
            guard !whole.isEmpty, whole == "0" || !whole.hasPrefix("0") else {
                throw error("Expected a number, found \(found).", at: start)
            }
            text += whole
            var isInteger = true
            if current == ".", peek(1).map({ ("0"..."9").contains($0) }) == true {
                position += 1
                text += "." + digits(&self)
                isInteger = false
            }
            if current == "e" || current == "E" {
                position += 1
                text += "e"
                if current == "+" || current == "-" {
                    text.unicodeScalars.append(current!)
                    position += 1
                }
                let exponent = digits(&self)
                guard !exponent.isEmpty else { throw error("Expected the exponent's digits, found \(found).") }
                text += exponent
                isInteger = false
            }
            let location = SourceLocation(file: "", line: 1, column: start + 1)
            if isInteger, let value = Int(text) { return Node(.integer(value), at: location) }
            return Node(.double(Double(text) ?? 0), at: location)
        }

        private mutating func literal() throws(SyntaxError) -> Node? {
            let location = SourceLocation(file: "", line: 1, column: position + 1)
            switch current {
            case "'", "\"": return Node(.string(try stringLiteral()), at: location)
            case let character? where character == "-" || ("0"..."9").contains(character): return try numberLiteral()
            default:
                if take("true") { return Node(.bool(true), at: location) }
                if take("false") { return Node(.bool(false), at: location) }
                if take("null") { return Node(.null, at: location) }
                return nil
            }
        }

        // MARK: Filters

        /// How deep filters and parentheses nest: a limit, so that a query nested thousands
        /// deep is an error rather than a stack overflow.
        private var depth = 0
        private static let maximumDepth = 64

        private mutating func condition() throws(SyntaxError) -> Condition {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else {
                throw error("Filters and parentheses nest more than \(Self.maximumDepth) deep.")
            }
            let alternatives = try joined(by: "||") { (parser) throws(SyntaxError) in try parser.conjunction() }
            return alternatives.count == 1 ? alternatives[0] : .any(alternatives)
        }

        private mutating func conjunction() throws(SyntaxError) -> Condition {
            let parts = try joined(by: "&&") { (parser) throws(SyntaxError) in try parser.basic() }
            return parts.count == 1 ? parts[0] : .all(parts)
        }

        /// Parts between a logical operator (`||`, `&&`), with blanks around it.
        private mutating func joined(
            by logicalOperator: String, _ part: (inout Parser) throws(SyntaxError) -> Condition
        ) throws(SyntaxError) -> [Condition] {
            var parts = [try part(&self)]
            while true {
                let start = position
                skipBlanks()
                guard take(logicalOperator) else {
                    position = start
                    return parts
                }
                skipBlanks()
                parts.append(try part(&self))
            }
        }

        private mutating func basic() throws(SyntaxError) -> Condition {
            if current == "!", peek(1) != "=" {
                position += 1
                skipBlanks()
                if take("(") {
                    return .not(try parenthesized())
                }
                let start = position
                let operand = try operand()
                skipBlanks()
                return .not(try test(operand, at: start))
            }
            if take("(") { return try parenthesized() }
            let start = position
            let left = try operand()
            skipBlanks()
            for comparison in [Comparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
            where take(comparison.rawValue) {
                skipBlanks()
                let rightStart = position
                let right = try operand()
                try checkComparable(left, at: start)
                try checkComparable(right, at: rightStart)
                return .compare(left, comparison, right)
            }
            return try test(left, at: start)
        }

        private mutating func parenthesized() throws(SyntaxError) -> Condition {
            skipBlanks()
            let inner = try condition()
            skipBlanks()
            try expect(")", "`)`")
            return inner
        }

        /// An operand standing alone: a query (does it select anything?) or a logical function.
        private func test(_ operand: Operand, at start: Int) throws(SyntaxError) -> Condition {
            switch operand {
            case .query(let query): return .exists(query)
            case .function(let call) where call.name.result == .logical: return .function(call)
            case .function(let call):
                throw error(
                    "`\(call.name.rawValue)()` gives a value: compare it (`\(call.name.rawValue)(…) > 1`).", at: start)
            case .literal:
                throw error("A literal alone is no condition: compare it with something.", at: start)
            }
        }

        private func checkComparable(_ operand: Operand, at start: Int) throws(SyntaxError) {
            switch operand {
            case .literal: return
            case .query(let query) where query.isSingular: return
            case .query:
                throw error(
                    "A comparison takes a query that selects at most one node (names and indices only).", at: start)
            case .function(let call) where call.name.result == .value: return
            case .function(let call):
                throw error("`\(call.name.rawValue)()` is true or false, which cannot be compared.", at: start)
            }
        }

        private mutating func operand() throws(SyntaxError) -> Operand {
            if let literal = try literal() { return .literal(literal) }
            if take("@") { return .query(Query(isRelative: true, segments: try segments())) }
            if take("$") { return .query(Query(isRelative: false, segments: try segments())) }
            if let first = current, ("a"..."z").contains(first) { return .function(try functionCall()) }
            throw error("Expected `@`, `$`, a literal or a function, found \(found).")
        }

        private mutating func functionCall() throws(SyntaxError) -> FunctionCall {
            let start = position
            var name = ""
            while let character = current,
                ("a"..."z").contains(character) || ("0"..."9").contains(character)
                    || character == "_"
            {
                name.unicodeScalars.append(character)
                position += 1
            }
            guard let function = Function(rawValue: name) else {
                throw error(
                    "Unknown function `\(name)`; RFC 9535 has length, count, match, search and value.", at: start)
            }
            try expect("(", "`(` after \(name)")
            var arguments: [Argument] = []
            skipBlanks()
            if current != ")" {
                repeat {
                    skipBlanks()
                    let argumentStart = position
                    arguments.append(try argument())
                    let kind =
                        function.parameters.indices.contains(arguments.count - 1)
                        ? function.parameters[arguments.count - 1] : nil
                    if let kind {
                        try check(arguments[arguments.count - 1], is: kind, for: function, at: argumentStart)
                    }
                    skipBlanks()
                } while take(",")
            }
            try expect(")", "`,` or `)`")
            guard arguments.count == function.parameters.count else {
                throw error(
                    "`\(name)()` takes \(function.parameters.count) argument\(function.parameters.count == 1 ? "" : "s"), "
                        + "not \(arguments.count).", at: start)
            }
            return FunctionCall(name: function, arguments: arguments)
        }

        private mutating func argument() throws(SyntaxError) -> Argument {
            if let literal = try literal() { return .literal(literal) }
            if current == "@" || current == "$" {
                let relative = current == "@"
                position += 1
                return .query(Query(isRelative: relative, segments: try segments()))
            }
            if let first = current, ("a"..."z").contains(first) { return .function(try functionCall()) }
            return .condition(try condition())
        }

        private func check(_ argument: Argument, is kind: Function.Kind, for function: Function, at start: Int)
            throws(SyntaxError)
        {
            let fits: Bool
            switch (argument, kind) {
            case (.literal, .value), (.query, .nodes), (.condition, .logical): fits = true
            case (.query(let query), .value): fits = query.isSingular
            case (.query, .logical): fits = true
            case (.function(let call), let kind):
                fits = call.name.result == kind
            default: fits = false
            }
            guard fits else {
                let wanted =
                    switch kind {
                    case .value: "a value (a literal, a query of at most one node, or a function giving a value)"
                    case .nodes: "a query"
                    case .logical: "a condition"
                    }
                throw error("`\(function.rawValue)()` takes \(wanted) here.", at: start)
            }
        }
    }
}
