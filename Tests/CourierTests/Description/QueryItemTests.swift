import Foundation
import Testing

@_spi(Generated) @testable import Courier

@Suite struct QueryItemTests {
    @Test(arguments: [
        // Reserved characters are percent-encoded so servers read them back exactly.
        (QueryItem(name: "q", value: "a+b"), "q=a%2Bb"),
        (QueryItem(name: "q", value: "a&b=c"), "q=a%26b%3Dc"),
        (QueryItem(name: "q", value: "a;b#c"), "q=a%3Bb%23c"),
        (QueryItem(name: "q", value: "a b"), "q=a%20b"),
        (QueryItem(name: "q", value: "ü/?"), "q=%C3%BC%2F%3F"),
        // A name needs encoding too.
        (QueryItem(name: "a b", value: "1"), "a%20b=1"),
        // A nil value sends the bare name.
        (QueryItem(name: "flag", value: nil), "flag"),
        // An empty value keeps the equals sign.
        (QueryItem(name: "empty", value: ""), "empty="),
    ])
    func encodesOneItem(item: QueryItem, expected: String) {
        #expect(QueryItem.encode([item]) == expected)
    }

    @Test func keepsOrderAndRepeatsArrays() {
        let items =
            QueryItem.items("z", "last") + QueryItem.items("id", [1, 2, 3]) + QueryItem.items("a", "first")
        #expect(QueryItem.encode(items) == "z=last&id=1&id=2&id=3&a=first")
    }

    /// A list in one item (OpenAPI's `form` without explode, `spaceDelimited`, `pipeDelimited`):
    /// the commas between values are written as RFC 6570 does, a value's own comma is encoded,
    /// so a server that splits the raw text before decoding it reads each value back.
    @Test(arguments: [
        (QueryItem.items("ids", [1, 2, 3], separator: ","), "ids=1,2,3"),
        (QueryItem.items("names", ["a,b", "c d", "é"], separator: ","), "names=a%2Cb,c%20d,%C3%A9"),
        (QueryItem.items("words", ["a b", "c"], separator: " "), "words=a%20b%20c"),
        (QueryItem.items("choices", ["a|b", "c"], separator: "|"), "choices=a%7Cb%7Cc"),
        // One value is a plain item; an empty list or nil sends nothing (RFC 6570's undefined).
        (QueryItem.items("one", ["a,b"], separator: ","), "one=a%2Cb"),
        (QueryItem.items("none", [String](), separator: ","), ""),
        (QueryItem.items("nil", [String]?.none, separator: ","), ""),
    ])
    func encodesAList(items: [QueryItem], expected: String) {
        #expect(QueryItem.encode(items) == expected)
    }

    @Test func aListReadsAsItsJoinedValuesUntilItsValueIsSet() {
        var item = QueryItem.items("names", ["a,b", "c"], separator: ",")[0]
        #expect(item.value == "a,b,c")
        #expect(item != QueryItem(name: "names", value: "a,b,c"))
        item.value = "a,b,c"
        #expect(item == QueryItem(name: "names", value: "a,b,c"))
        #expect(QueryItem.encode([item]) == "names=a%2Cb%2Cc")
    }

    @Test func aFormBodyWritesAListAsTheQueryDoes() throws {
        let items = QueryItem.items("tags", ["a b", "c,d"], separator: ",")
        let (body, _) = try RequestBody.form(items).encoded(with: JSONEncoder())
        #expect(body.bufferedData.map { String(decoding: $0, as: UTF8.self) } == "tags=a+b,c%2Cd")
    }

    @Test(arguments: [
        // Booleans are spelled out.
        (true as any QueryValue, ["true"]),
        (false as any QueryValue, ["false"]),
        // Numbers use their shortest round-tripping text.
        (42 as any QueryValue, ["42"]),
        (Int64(-7) as any QueryValue, ["-7"]),
        (2.5 as any QueryValue, ["2.5"]),
        // A whole number has no fraction, as a nested value and a form write it.
        (3.0 as any QueryValue, ["3"]),
        (-0.0 as any QueryValue, ["0"]),
        (Float(4) as any QueryValue, ["4"]),
        (Float(0.5) as any QueryValue, ["0.5"]),
        (1e300 as any QueryValue, ["1e+300"]),
        (Double.infinity as any QueryValue, ["inf"]),
        // Dates are RFC 3339 in UTC, fractional seconds only when present.
        (Date(timeIntervalSince1970: 0) as any QueryValue, ["1970-01-01T00:00:00Z"]),
        (Date(timeIntervalSince1970: 1.25) as any QueryValue, ["1970-01-01T00:00:01.25Z"]),
        // UUIDs are lowercase.
        (
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")! as any QueryValue,
            ["e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]
        ),
        // Optionals vanish when nil.
        (Optional<Int>.none as any QueryValue, []),
    ])
    func typedValuesBecomeText(value: any QueryValue, expected: [String]) {
        #expect(value.queryValues == expected)
    }

    @Test func rawRepresentableEnumsUseTheirRawValue() {
        enum Sort: String, QueryValue { case newest }
        #expect(QueryItem.items("sort", Sort.newest) == [QueryItem(name: "sort", value: "newest")])
    }

    @Test func formEncodingUsesPlusForSpaces() throws {
        let (body, contentType) = try RequestBody.form([QueryItem(name: "full name", value: "Ada L+1")])
            .encoded(with: JSONEncoder())
        guard let data = body.bufferedData else {
            Issue.record("A form is sent from memory.")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == "full+name=Ada+L%2B1")
        #expect(contentType == "application/x-www-form-urlencoded")
    }
}
