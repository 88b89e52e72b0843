import CourierGenerator
import CourierTestSupport
import Testing

/// RFC 9535's own examples (its sections 1.5 and 2.3–2.5, the documents and the answers it
/// gives), each query run against the RFC's document and its nodes compared, in order.
@Suite struct JSONPathTests {
    static let bookstore = """
        { "store": {
            "book": [
              { "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95 },
              { "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99 },
              { "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3",
                "price": 8.99 },
              { "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings",
                "isbn": "0-395-19395-8", "price": 22.99 }
            ],
            "bicycle": { "color": "red", "price": 399 }
          } }
        """
    static let names = #"{"o": {"j j": {"k.k": 3}}, "'": {"@": 2}}"#
    static let wildcards = #"{"o": {"j": 1, "k": 2}, "a": [5, 3]}"#
    static let letters = #"["a", "b", "c", "d", "e", "f", "g"]"#
    static let filters = """
        {"a": [3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}],
         "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}}, "e": "f"}
        """
    static let descendants = #"{"o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]]}"#
    static let functions = #"[{"a": "ab", "color": "red"}, {"a": [1, 2, 3], "c": {"color": "blue"}}, {"a": {"x": 1}}]"#

    struct Case: CustomTestStringConvertible, Sendable {
        var document: String
        var query: String
        var expected: [String]
        var testDescription: String { query }
    }

    static let cases: [Case] = [
        // 1.5: the bookstore.
        Case(
            document: bookstore, query: "$.store.book[*].author",
            expected: [#""Nigel Rees""#, #""Evelyn Waugh""#, #""Herman Melville""#, #""J. R. R. Tolkien""#]),
        Case(
            document: bookstore, query: "$..author",
            expected: [#""Nigel Rees""#, #""Evelyn Waugh""#, #""Herman Melville""#, #""J. R. R. Tolkien""#]),
        Case(document: bookstore, query: "$.store..price", expected: ["8.95", "12.99", "8.99", "22.99", "399"]),
        Case(document: bookstore, query: "$..book[2].title", expected: [#""Moby Dick""#]),
        Case(document: bookstore, query: "$..book[-1].title", expected: [#""The Lord of the Rings""#]),
        Case(document: bookstore, query: "$..book[0,1].price", expected: ["8.95", "12.99"]),
        Case(document: bookstore, query: "$..book[:2].price", expected: ["8.95", "12.99"]),
        Case(
            document: bookstore, query: "$..book[?@.isbn].title",
            expected: [#""Moby Dick""#, #""The Lord of the Rings""#]),
        Case(
            document: bookstore, query: "$..book[?@.price<10].title",
            expected: [#""Sayings of the Century""#, #""Moby Dick""#]),
        // 2.3.1: names.
        Case(document: names, query: "$.o['j j']", expected: [#"{"k.k":3}"#]),
        Case(document: names, query: "$.o['j j']['k.k']", expected: ["3"]),
        Case(document: names, query: #"$.o["j j"]["k.k"]"#, expected: ["3"]),
        Case(document: names, query: #"$["'"]["@"]"#, expected: ["2"]),
        Case(document: names, query: #"$['\'']['\u0040']"#, expected: ["2"]),
        // 2.3.2: wildcards.
        Case(document: wildcards, query: "$[*]", expected: [#"{"j":1,"k":2}"#, "[5,3]"]),
        Case(document: wildcards, query: "$.o[*]", expected: ["1", "2"]),
        Case(document: wildcards, query: "$.o[*, *]", expected: ["1", "2", "1", "2"]),
        Case(document: wildcards, query: "$.a[*]", expected: ["5", "3"]),
        // 2.3.3 and 2.3.4: indices and slices.
        Case(document: #"["a", "b"]"#, query: "$[1]", expected: [#""b""#]),
        Case(document: #"["a", "b"]"#, query: "$[-2]", expected: [#""a""#]),
        Case(document: #"["a", "b"]"#, query: "$[2]", expected: []),
        Case(document: letters, query: "$[1:3]", expected: [#""b""#, #""c""#]),
        Case(document: letters, query: "$[5:]", expected: [#""f""#, #""g""#]),
        Case(document: letters, query: "$[1:5:2]", expected: [#""b""#, #""d""#]),
        Case(document: letters, query: "$[5:1:-2]", expected: [#""f""#, #""d""#]),
        Case(
            document: letters, query: "$[::-1]",
            expected: [#""g""#, #""f""#, #""e""#, #""d""#, #""c""#, #""b""#, #""a""#]),
        Case(document: letters, query: "$[1:5:0]", expected: []),
        // 2.3.5: filters.
        Case(document: filters, query: "$.a[?@.b == 'kilo']", expected: [#"{"b":"kilo"}"#]),
        Case(document: filters, query: "$.a[?(@.b == 'kilo')]", expected: [#"{"b":"kilo"}"#]),
        Case(document: filters, query: "$.a[?@>3.5]", expected: ["5", "4", "6"]),
        Case(
            document: filters, query: "$.a[?@.b]",
            expected: [#"{"b":"j"}"#, #"{"b":"k"}"#, #"{"b":{}}"#, #"{"b":"kilo"}"#]),
        Case(
            document: filters, query: "$[?@.*]",
            expected: [
                #"[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]"#,
                #"{"p":1,"q":2,"r":3,"s":5,"t":{"u":6}}"#,
            ]),
        Case(
            document: filters, query: "$[?@[?@.b]]",
            expected: [#"[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]"#]),
        Case(document: filters, query: "$.o[?@<3, ?@<3]", expected: ["1", "2", "1", "2"]),
        Case(document: filters, query: #"$.a[?@<2 || @.b == "k"]"#, expected: ["1", #"{"b":"k"}"#]),
        Case(document: filters, query: #"$.a[?match(@.b, "[jk]")]"#, expected: [#"{"b":"j"}"#, #"{"b":"k"}"#]),
        Case(
            document: filters, query: #"$.a[?search(@.b, "[jk]")]"#,
            expected: [#"{"b":"j"}"#, #"{"b":"k"}"#, #"{"b":"kilo"}"#]),
        Case(document: filters, query: "$.o[?@>1 && @<4]", expected: ["2", "3"]),
        Case(document: filters, query: "$.o[?@.u || @.x]", expected: [#"{"u":6}"#]),
        Case(document: filters, query: "$.a[?@.b == $.x]", expected: ["3", "5", "1", "2", "4", "6"]),
        Case(
            document: filters, query: "$.a[?!@.b]", expected: ["3", "5", "1", "2", "4", "6"]),
        Case(document: filters, query: "$.a[?@ == 5.0]", expected: ["5"]),
        Case(document: filters, query: "$.a[?@ == 5e0 || @ == -0]", expected: ["5"]),
        Case(document: filters, query: "$.a [ ?  @.b  ==  'k' ]", expected: [#"{"b":"k"}"#]),
        Case(
            document:
                #"[{"a": null}, {"b": 1}, {"a": [1, [2]], "b": [1, [2]]}, {"a": {"x": 1, "y": 2}, "b": {"y": 2, "x": 1}}]"#,
            query: "$[?@.a == @.b]",
            expected: [#"{"a":[1,[2]],"b":[1,[2]]}"#, #"{"a":{"x":1,"y":2},"b":{"x":1,"y":2}}"#]),
        Case(document: #"[{"a": null}, {"b": 1}]"#, query: "$[?@.a]", expected: [#"{"a":null}"#]),
        Case(document: #"[{"a": null}, {"b": 1}]"#, query: "$[?@.a <= null]", expected: [#"{"a":null}"#]),
        Case(document: filters, query: "$[?@ == 'f']", expected: [#""f""#]),
        // 2.5.2: descendants.
        Case(document: descendants, query: "$..j", expected: ["1", "4"]),
        Case(document: descendants, query: "$..[0]", expected: ["5", #"{"j":4}"#]),
        Case(document: descendants, query: "$.o..[*, *]", expected: ["1", "2", "1", "2"]),
        Case(document: descendants, query: "$.a..[0, 1]", expected: ["5", "3", #"{"j":4}"#, #"{"k":6}"#]),
        Case(
            document: descendants, query: "$..*",
            expected: [
                #"{"j":1,"k":2}"#, #"[5,3,[{"j":4},{"k":6}]]"#, "1", "2", "5", "3", #"[{"j":4},{"k":6}]"#,
                #"{"j":4}"#, #"{"k":6}"#, "4", "6",
            ]),
        // 2.4: functions.
        Case(document: functions, query: "$[?length(@.a) == 2].a", expected: [#""ab""#]),
        Case(document: functions, query: "$[?length(@.a) > 2].a", expected: ["[1,2,3]"]),
        Case(document: functions, query: "$[?count(@.*) == 1].a", expected: [#"{"x":1}"#]),
        Case(document: functions, query: #"$[?value(@..color) == "blue"].a"#, expected: ["[1,2,3]"]),
        Case(document: functions, query: "$[?match(@.color, 'r.d')].a", expected: [#""ab""#]),
        Case(document: functions, query: "$[?!search(@.color, 'r')].a", expected: ["[1,2,3]", #"{"x":1}"#]),
        Case(document: #"["ab", "a\nb", "ab\n", "b"]"#, query: "$[?match(@, 'a.b')]", expected: []),
        Case(document: #"["ab", "a\nb", "ab\n", "b"]"#, query: "$[?match(@, 'ab')]", expected: [#""ab""#]),
        Case(
            document: #"["ab", "a\nb", "ab\n", "b"]"#, query: "$[?search(@, 'a.')]",
            expected: [#""ab""#, #""ab\n""#]),
    ]

    @Test(arguments: cases) func selectsWhatTheRFCSays(_ example: Case) throws {
        let root = try DocumentReader.read(Array(example.document.utf8), file: "document.json", format: .json)
        let path = try JSONPath(example.query)
        let selected = path.select(in: root).map { root.descendant(at: $0)?.canonicalJSON ?? "missing" }
        #expect(selected == example.expected)
    }

    @Test func pathsNameWhereEachNodeIs() throws {
        let root = try DocumentReader.read(Array(Self.names.utf8), file: "document.json", format: .json)
        let paths = try JSONPath("$..*").select(in: root)
        #expect(
            paths.map { "$" + $0.map(\.description).joined() } == [
                "$['o']", "$['\\'']", "$['o']['j j']", "$['o']['j j']['k.k']", "$['\\'']['@']",
            ])
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        var query: String
        var message: String
        var position: Int
        var testDescription: String { query }
    }

    static let invalid: [Invalid] = [
        Invalid(query: "store.book", message: "A query starts with `$`", position: 1),
        Invalid(query: " $.a", message: "A query starts with `$`", position: 1),
        Invalid(query: "$.a ", message: "Expected `.`, `..` or `[`", position: 4),
        Invalid(query: "$[0 2]", message: "Expected `,` or `]`", position: 5),
        Invalid(query: "$[]", message: "Expected a selector", position: 3),
        Invalid(query: "$..", message: "Expected a name after `.`", position: 4),
        Invalid(query: "$[?@[0, 0] == 42]", message: "at most one node", position: 4),
        Invalid(query: "$.a-b", message: "A name after `.` holds letters, digits and `_` only", position: 4),
        Invalid(query: "$[01]", message: "no leading zero", position: 3),
        Invalid(query: "$[-0]", message: "not -0", position: 3),
        Invalid(query: "$['a", message: "no closing quote", position: 3),
        Invalid(query: #"$['a\.b']"#, message: "Unknown escape `\\.`", position: 5),
        Invalid(query: "$[?@.a]x", message: "Expected `.`, `..` or `[`", position: 8),
        Invalid(query: "$[?@.* == 1]", message: "at most one node", position: 4),
        Invalid(query: "$[?length(@.*) < 3]", message: "`length()` takes a value", position: 11),
        Invalid(query: "$[?count(1) == 1]", message: "`count()` takes a query", position: 10),
        Invalid(query: "$[?length(@)]", message: "`length()` gives a value: compare it", position: 4),
        Invalid(query: "$[?match(@.a, 'x') == true]", message: "true or false, which cannot be compared", position: 4),
        Invalid(query: "$[?foo(@)]", message: "Unknown function `foo`", position: 4),
        Invalid(query: "$[?'a']", message: "A literal alone is no condition", position: 4),
        Invalid(
            query: "$.a[?@.b == {}]", message: "Expected `@`, `$`, a literal or a function, found '{'", position: 13),
        Invalid(query: "$[?!!@.a]", message: "Expected `@`, `$`, a literal or a function, found '!'", position: 5),
        Invalid(query: "$[1", message: "Expected `,` or `]`", position: 4),
        Invalid(query: "$[9007199254740992]", message: "beyond ±(2^53 − 1)", position: 3),
    ]

    /// A query from RFC 9535's grammar, picked at random: segments of every kind, filters with
    /// comparisons, functions, negations, parentheses and both logical operators.
    static func randomQuery(using random: inout SplitMix64) -> String {
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &random)! }
        func condition(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 2 ? 5 : 9), using: &random) {
            case 0: return pick(["@.a", "@.b", "@[0]", "@..price", "$.o", "@.*"])
            case 1:
                return pick(["@.a", "@.b", "@.price", "@[1]"]) + pick([" == ", "!=", " < ", ">=", "<="])
                    + pick(["1", "-2.5", "'k'", "\"kilo\"", "true", "null", "8.95", "@.b", "$.e"])
            case 2: return pick(["length(@.a) > 1", "count(@.*) == 2", "value(@..b) == 'j'", "length(@) < 3"])
            case 3: return pick(["match(@.b, 'k.*')", "search(@.author, 'R')", "match(@, '[0-9]')"])
            case 4: return "!" + pick(["@.isbn", "(@.a == 1)", "match(@.b, 'j')"])
            case 5: return "(" + condition(depth + 1) + ")"
            case 6: return condition(depth + 1) + pick([" && ", "||"]) + condition(depth + 1)
            case 7: return "@[?" + condition(depth + 1) + "]"
            default: return "!(" + condition(depth + 1) + ")"
            }
        }
        let segments = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            switch Int.random(in: 0..<10, using: &random) {
            case 0: pick([".a", ".store", ".book", ".o", ".☺"])
            case 1: pick([".*", "[*]"])
            case 2: pick(["..b", "..*", "..[0]", "..price"])
            case 3: pick(["[0]", "[-1]", "[2]", "[ 1 ]"])
            case 4: pick(["[1:3]", "[::-1]", "[:2]", "[5:1:-2]", "[::0]"])
            case 5: pick(["['a','b']", "[\"o\", 0]", "['\\u00e9']", "[*, 0]"])
            default: "[?" + condition(0) + "]"
            }
        }
        return "$" + segments.joined()
    }

    /// 10,000 random queries from the grammar, half of them broken by a character put in or
    /// taken out at random: each either reads, or is refused with a position inside it; each
    /// that reads runs on every document here.
    @Test func randomQueriesReadOrAreRefusedWithoutACrash() throws {
        let documents = try [Self.bookstore, Self.filters, Self.descendants, Self.functions].map {
            try DocumentReader.read(Array($0.utf8), file: "document.json", format: .json)
        }
        var random = SplitMix64(seed: 9535)
        var read = 0
        var refused = 0
        for _ in 0..<10_000 {
            var query = Array(Self.randomQuery(using: &random).unicodeScalars)
            if Bool.random(using: &random) {
                let at = Int.random(in: 0...query.count, using: &random)
                if Bool.random(using: &random), at < query.count {
                    query.remove(at: at)
                } else {
                    query.insert(
                        Array("$@.[]()?*,:'\" =!<>&|-0a ".unicodeScalars).randomElement(using: &random)!, at: at)
                }
            }
            let text = String(String.UnicodeScalarView(query))
            do {
                let path = try JSONPath(text)
                read += 1
                for document in documents { _ = path.select(in: document) }
            } catch {
                refused += 1
                #expect((1...query.count + 1).contains(error.position), "\(text): \(error)")
            }
        }
        #expect(read > 2_500 && refused > 1_000, "\(read) read, \(refused) refused")
    }

    @Test func aQueryNestedThousandsDeepIsAnErrorNotACrash() {
        for query in [
            "$[?" + String(repeating: "(", count: 10_000) + "@.a" + String(repeating: ")", count: 10_000) + "]",
            "$" + String(repeating: "[?@", count: 10_000) + String(repeating: "]", count: 10_000),
        ] {
            #expect {
                _ = try JSONPath(query)
            } throws: { error in
                (error as? JSONPath.SyntaxError)?.message.contains("nest more than 64 deep") == true
            }
        }
    }

    @Test(arguments: invalid) func refusesWhatIsNotAQuery(_ example: Invalid) {
        #expect {
            _ = try JSONPath(example.query)
        } throws: { error in
            guard let error = error as? JSONPath.SyntaxError else { return false }
            return error.message.contains(example.message) && error.position == example.position
        }
    }
}
