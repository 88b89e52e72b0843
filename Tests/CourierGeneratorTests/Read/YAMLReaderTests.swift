import CourierTestSupport
import Testing

@testable import CourierGenerator

@Suite(.onComputeThreads) struct YAMLReaderTests {
    func json(_ yaml: String) throws -> String {
        try DocumentReader.read(Array(yaml.utf8), file: "t.yaml", format: .yaml).canonicalJSON
    }

    @Test(arguments: [
        // Block mappings and sequences, nested, with a sequence at its key's indentation.
        ("a: 1\nb:\n  c: x\n  d:\n  - 1\n  - 2\n", #"{"a":1,"b":{"c":"x","d":[1,2]}}"#),
        ("- a: 1\n  b: 2\n- - x\n  - y\n", #"[{"a":1,"b":2},["x","y"]]"#),
        ("list:\n- a\n- b\nnext: 1\n", #"{"list":["a","b"],"next":1}"#),
        // Empty values are null.
        ("a:\nb: ~\nc: null\n- ", "error"),
        ("a:\nb: ~\n", #"{"a":null,"b":null}"#),
        // Flow collections, across lines, with quoted keys and single-pair entries.
        ("a: [1, 'two', \"three\", {b: c}]\n", #"{"a":[1,"two","three",{"b":"c"}]}"#),
        ("a: {x: 1,\n  y: [2,\n   3]}\n", #"{"a":{"x":1,"y":[2,3]}}"#),
        (#"{"json": "style", "n":1}"#, #"{"json":"style","n":1}"#),
        ("[a: b, c]", #"[{"a":"b"},"c"]"#),
        // A tag then an anchor names the tagged value; a tagged value's block sequence may start at
        // its key's indentation.
        ("a: !!int &n 4\nb: *n\n", #"{"a":4,"b":4}"#),
        ("list: !!seq\n- x\n", #"{"list":["x"]}"#),
        // After spaces, a tab may separate a value (not a key or an entry) from its indentation.
        ("foo:\n \tbar\n", #"{"foo":"bar"}"#),
        // In a flow collection a flow indicator may end the tag of an empty node.
        ("{a: !!str, b: [!!null]}\n", #"{"a":"","b":[null]}"#),
        // A line that only closes a flow collection may stand at its key's indentation (as libyaml
        // reads it, and as hand-written descriptions put `enum: [` … `]`); its items may not.
        ("enum: [\n  a,\n  b\n]\nnext: 1\n", #"{"enum":["a","b"],"next":1}"#),
        ("x:\n  enum: [\n    \"a\"\n  ]\n  m: {\n    k: v\n  }\n", #"{"x":{"enum":["a"],"m":{"k":"v"}}}"#),
        ("- [\n  a\n]\n- b\n", #"[["a"],"b"]"#),
        ("enum: [\na\n]\n", "error"),
        ("x:\n  enum: [\n    a\n ]\n", "error"),
        // Plain scalars and keys over several lines inside flow collections fold as in blocks.
        ("a: [one\n  two, three\n\n  four]\n", #"{"a":["one two","three\nfour"]}"#),
        ("{ multi\n  line: value, k: v }\n", #"{"k":"v","multi line":"value"}"#),
        ("{a, b: }", #"{"a":null,"b":null}"#),
        // Comments anywhere, and # inside values.
        ("# top\na: 1 # trailing\n# between\nb: x#y\n", #"{"a":1,"b":"x#y"}"#),
        // Plain scalars keep colons and dashes that are not indicators.
        (
            "url: http://x.org/a:b\ntime: 12:30\nneg: -1\ndash: a-b\n",
            #"{"dash":"a-b","neg":-1,"time":"12:30","url":"http://x.org/a:b"}"#
        ),
        // Multi-line plain scalars fold; empty lines become line breaks.
        ("d: one\n  two\n\n  three\n", #"{"d":"one two\nthree"}"#),
        // Document markers and a %YAML directive.
        ("%YAML 1.2\n---\na: 1\n...\n", #"{"a":1}"#),
        ("--- [1, 2]\n", "[1,2]"),
        ("", "null"),
        // Explicit keys for long keys, with a compact mapping value.
        ("? long key\n: a: 1\n  b: 2\n", #"{"long key":{"a":1,"b":2}}"#),
        // An explicit key without a value has a null one; its text may span lines or be a block scalar.
        ("? a\n? b\nc: 1\n", #"{"a":null,"b":null,"c":1}"#),
        ("? multi\n  line\n: v\n? |\n  block\n", #"{"block\n":null,"multi line":"v"}"#),
        ("?\n: empty key\n", #"{"":"empty key"}"#),
        // Explicit keys in flow collections; `?` with text after it is plain text.
        ("{ ? a: 1, ? b, ? }", #"{"":null,"a":1,"b":null}"#),
        ("[? k\n one: v, ? j]", #"[{"k one":"v"},{"j":null}]"#),
        ("[?x, {?y: z}]", #"["?x",{"?y":"z"}]"#),
        // An anchor on a mapping value's own line may precede its block sequence at the key's indentation.
        ("seq:\n &s\n- a\nagain: *s\n", #"{"again":["a"],"seq":["a"]}"#),
        ("seq: &s\n- a\n", #"{"seq":["a"]}"#),
        ("- &a\n- b\n", #"[null,"b"]"#),
        // Anchors and tags on keys name and keep their text; an alias as a key is the text it names.
        ("&a a: &b b\n*b : *a\n!!str c: d\n", #"{"a":"b","b":"a","c":"d"}"#),
        // Keys are the text as written, in block and in flow mappings alike.
        ("~: a\nnull: b\n1: c\n", #"{"1":"c","null":"b","~":"a"}"#),
        ("{~: a, null: b, 1: c, : d}", #"{"":"d","1":"c","null":"b","~":"a"}"#),
        ("[~: a, : b]", #"[{"~":"a"},{"":"b"}]"#),
    ])
    func structure(yaml: Snippet, expected: String) throws {
        let yaml = yaml.text
        if expected == "error" {
            #expect(throws: ReadError.self) { try json(yaml) }
        } else {
            #expect(try json(yaml) == expected)
        }
    }

    @Test(arguments: [
        // YAML 1.2 core schema: only true/false are booleans; on/yes/no stay strings.
        ("[true, False, on, yes, no, off, y]", #"[true,false,"on","yes","no","off","y"]"#),
        // 0755 is decimal 755 in 1.2; 0o and 0x prefixes are octal and hex.
        ("[0755, 0o755, 0x1F, +12, -0, 1_000]", #"[755,493,31,12,0,"1_000"]"#),
        // Standard tags apply to the text as written; other tags are ignored.
        (
            "[!!str 0o7, !!int \"3\", !!float 1, !!bool true, !!null null, ! 12, !local x]",
            #"["0o7",3,1,true,null,"12","x"]"#
        ),
        // A sign after the prefix is not a number: text, not a silently different value.
        ("[0x-1, 0o+7, 0x1g, 0o8]", #"["0x-1","0o+7","0x1g","0o8"]"#),
        // Floats, infinities, NaN.
        ("[1.5, -2e3, .5, 1., .inf, -.Inf, .nan]", #"[1.5,-2000,0.5,1,"Infinity","-Infinity","NaN"]"#),
        // Null spellings; quoted forms stay strings.
        ("[~, null, Null, NULL, 'null', \"true\", '1']", #"[null,null,null,null,"null","true","1"]"#),
        // Dates and versions are strings.
        ("[2026-11-21, 1.2.3, 3.1.0]", #"["2026-11-21","1.2.3","3.1.0"]"#),
        // An integer beyond 64 bits (a uint64's largest) is kept digit for digit, not rounded.
        (
            "[18446744073709551615, +18446744073709551616, !!int 99999999999999999999, -009223372036854775809]",
            #"[18446744073709551615,18446744073709551616,99999999999999999999,-9223372036854775809]"#
        ),
    ])
    func coreSchema(yaml: String, expected: String) throws {
        #expect(try json(yaml) == expected)
    }

    @Test(arguments: [
        // Double-quoted escapes.
        (#"a: "tab\tnl\nq\"bs\\sl\/u\u00e9U\U0001F600x\x41 nbsp\_end""#, "tab\tnl\nq\"bs\\sl/uéU😀xA nbsp\u{A0}end"),
        // Escaped line break joins without a space; plain break folds to a space.
        ("a: \"one\\\n   two\n   three\"", "onetwo three"),
        // Empty lines inside quotes become line breaks.
        ("a: \"x\n\n  y\"", "x\ny"),
        // Single quotes: '' is a quote, no escapes.
        ("a: 'it''s \\n'", "it's \\n"),
        ("a: 'multi\n  line'", "multi line"),
    ])
    func quotedScalars(yaml: Snippet, expected: Snippet) throws {
        let yaml = yaml.text
        let expected = expected.text
        let node = try DocumentReader.read(Array(yaml.utf8), file: "t.yaml", format: .yaml)
        #expect(node["a"]?.string == expected)
    }

    @Test(arguments: [
        // Literal: clip keeps one newline.
        ("a: |\n  line 1\n   indented\n\n  line 3\n\n", "line 1\n indented\n\nline 3\n"),
        // Literal strip and keep.
        ("a: |-\n  x\n\n", "x"),
        ("a: |+\n  x\n\n", "x\n\n"),
        // Folded: lines join with spaces, empty lines become breaks, more-indented lines keep breaks.
        ("a: >\n  one\n  two\n\n  three\n    code\n  four\n", "one two\nthree\n  code\nfour\n"),
        ("a: >-\n  folded\n  text\n", "folded text"),
        // Explicit indentation indicator, with a first line more indented than the rest.
        ("a: |2\n    four\n  two\n", "  four\ntwo\n"),
        // Indicators in either order, and a comment after them.
        ("a: |-2 # note\n  x\nb: 1\n", "x"),
        // An empty block scalar.
        ("a: |\nb: 1\n", ""),
        // Block scalar inside a sequence.
        ("a:\n- |\n  in seq\n", ""),
    ])
    func blockScalars(yaml: Snippet, expected: Snippet) throws {
        let yaml = yaml.text
        let expected = expected.text
        let node = try DocumentReader.read(Array(yaml.utf8), file: "t.yaml", format: .yaml)
        if let text = node["a"]?.string {
            #expect(text == expected)
        } else {
            #expect(node["a"]?.sequence?.first?.string == "in seq\n")
        }
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let yaml = """
            base: &base
              type: object
              nullable: false
            copy: *base
            list: [&one 1, *one]
            merged:
              <<: *base
              nullable: true
            """
        #expect(
            try json(yaml)
                == #"{"base":{"nullable":false,"type":"object"},"copy":{"nullable":false,"type":"object"},"list":[1,1],"merged":{"nullable":true,"type":"object"}}"#
        )
    }

    @Test(arguments: [
        // Every error names the line and column, and says what is wrong.
        ("a: 1\n  b: 2\n", 2, 3, "cannot continue a multi-line plain scalar"),
        ("a:\n  b:\n    c: 1\n   d: 2\n", 4, 4, "Unexpected indentation"),
        ("a: 1\na: 2\n", 2, 1, "Duplicate key"),
        ("a:\n\tb: 1\n", 2, 1, "Tabs are not allowed"),
        ("a:\n \tb: 1\n", 2, 2, "Tabs are not allowed"),
        ("- !!str, x\n", 1, 3, "A tag must be followed by a space"),
        ("a: !!int x\n", 1, 4, "does not match its tag !!int"),
        ("? [a]\n: 1\n", 1, 1, "collections are not supported"),
        ("? - a\n: 1\n", 1, 1, "collections are not supported"),
        ("?\n- a\n: 1\n", 1, 1, "collections are not supported"),
        ("? a: b\n", 1, 1, "collections are not supported"),
        ("? \"a\"\n  b\n", 2, 3, "Expected ': value' at the indentation of the explicit key"),
        ("[a, ? b]: 1\n", 1, 1, "flow collection as a mapping key"),
        ("{a: ? b}\n", 1, 5, "explicit key"),
        ("a: *missing\n", 1, 4, "no anchor"),
        ("a: \"open\n", 1, 4, "never closed"),
        ("a: [1, 2\n", 1, 4, "never closed"),
        ("a: {b: 1]\n", 1, 9, "Expected ',' or '}'"),
        ("a: \"\\q\"\n", 1, 5, "Unknown escape"),
        ("a: \"\\u12\"\n", 1, 5, "hex digits"),
        ("a: b: c\n", 1, 4, "must start on a new line"),
        ("a: - b\n", 1, 4, "same line as its key"),
        ("- a\nb: 1\n", 2, 1, "Unexpected content"),
        ("a: 1\n---\nb: 2\n", 2, 1, "Several YAML documents"),
        ("%TAG e x\n---\na: 1\n", 1, 1, "%TAG takes a handle"),
        ("%TAG !e! a:\n%TAG !e! b:\n---\na: 1\n", 2, 1, "defined twice"),
        ("a: !e!foo bar\n", 1, 4, "The tag handle !e! is not defined"),
        ("a: @x\n", 1, 4, "cannot start with"),
        ("a: |x\n  y\n", 1, 5, "Only a comment"),
        ("k: v\nplain line\n", 2, 1, "Expected a mapping entry"),
        ("d: one\n  two: x\n", 2, 3, "cannot continue a multi-line plain scalar"),
        ("a: &x\n  &y b\n", 2, 3, "only one anchor"),
        ("<<: 1\n", 1, 5, "merge key"),
        ("a: é\nb: [ü, *nope]\n", 2, 8, "no anchor"),
        // Text after a value on its line is named as such, not as indentation.
        ("a: \"x\"y\n", 1, 7, "Unexpected text after the value on the same line"),
        ("- [1] z\n", 1, 7, "Unexpected text after the value on the same line"),
        // Columns are counted back to the line's start, whichever break ended the line before.
        ("a: 1\rb: *nope\r", 2, 4, "no anchor"),
        ("a: 1\r\nb: *nope\r\n", 2, 4, "no anchor"),
        ("\u{FEFF}a: *nope\n", 1, 4, "no anchor"),
        ("a: [1,\n  *nope]\n", 2, 3, "no anchor"),
    ])
    func errorsPointAtTheProblem(yaml: Snippet, line: Int, column: Int, message: String) {
        let yaml = yaml.text
        do {
            let node = try DocumentReader.read(Array(yaml.utf8), file: "spec.yaml", format: .yaml)
            Issue.record("Expected an error, read \(node.canonicalJSON)")
        } catch {
            #expect(error.location.file == "spec.yaml")
            #expect(error.location.line == line)
            #expect(error.location.column == column)
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("spec.yaml:\(line):\(column): error: "))
        }
    }

    @Test func locationsArePreserved() throws {
        let node = try DocumentReader.read(Array("a:\n  b: [1, x]\n".utf8), file: "f.yaml", format: .yaml)
        let inner = try #require(node["a"]?["b"]?.sequence)
        #expect(inner[1].location == SourceLocation(file: "f.yaml", line: 2, column: 10))
    }
}
