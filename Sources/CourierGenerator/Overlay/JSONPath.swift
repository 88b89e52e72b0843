/// A JSONPath query (RFC 9535), as an overlay's `target` names the parts of a description it
/// changes: `$.paths['/pets'].get`, `$.components.schemas.*.properties[?@.format == 'date']`,
/// `$..[?@.operationId == 'listPets']`.
///
/// The whole of RFC 9535: names, wildcards, indices, slices, descendants, filters with
/// comparisons, `&&`, `||`, `!`, existence tests, and the functions `length`, `count`, `match`,
/// `search` and `value` (their regular expressions read as `NSRegularExpression` reads them,
/// which takes every I-Regexp, RFC 9485).
package struct JSONPath: Sendable, CustomStringConvertible {
    /// A step from a node to one of its children.
    package enum Step: Hashable, Sendable, CustomStringConvertible {
        /// A mapping's member.
        case key(String)
        /// A sequence's item.
        case index(Int)

        /// `['key']` or `[3]`, as a normalized path writes it.
        package var description: String {
            switch self {
            case .key(let key):
                "['\(key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'"))']"
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// A query that could not be read, and where in its text.
    package struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        package var message: String
        /// The position in the query's text, in characters from 1.
        package var position: Int

        /// The message and the position.
        package var description: String { "\(message) (at character \(position))" }
    }

    /// The query as written.
    package let text: String
    let query: Query

    /// Reads a query.
    /// - Parameter text: The query, starting with `$`.
    /// - Throws: ``SyntaxError`` with the position of the problem.
    package init(_ text: String) throws(SyntaxError) {
        self.text = text
        var parser = Parser(text)
        query = try parser.rootQuery()
    }

    /// The query as written.
    package var description: String { text }

    /// The nodes the query selects, as the paths from the root that reach them, in the order
    /// RFC 9535 gives: document order, descendants after their ancestor, and a node as often as
    /// selectors select it (`$.o[*, *]` gives each member twice).
    /// - Parameter root: The document.
    /// - Returns: The paths.
    package func select(in root: Node) -> [[Step]] {
        Evaluation(root: root).select(query, from: [([], root)]).map(\.path)
    }
}

extension Node {
    /// The node a path from this one reaches, if there is one.
    /// - Parameter path: Steps from this node, as ``JSONPath/select(in:)`` gives them.
    /// - Returns: The node.
    package func descendant(at path: [JSONPath.Step]) -> Node? {
        path.reduce(Optional(self)) { node, step in
            switch step {
            case .key(let key): node?.mapping?[key]
            case .index(let index): node?.sequence.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            }
        }
    }
}

// MARK: - The query's parts

extension JSONPath {
    /// `$…` or `@…`: where a query starts and its segments.
    struct Query: Sendable {
        var isRelative: Bool
        var segments: [Segment]

        /// Whether it selects at most one node: names and indices only, no descendants.
        var isSingular: Bool {
            segments.allSatisfy { segment in
                !segment.isDescendant && segment.selectors.count == 1
                    && { if case .name = $0 { true } else if case .index = $0 { true } else { false } }(
                        segment.selectors[0])
            }
        }
    }

    /// `.name`, `[…]` or `..[…]`.
    struct Segment: Sendable {
        var selectors: [Selector]
        var isDescendant: Bool
    }

    enum Selector: Sendable {
        case name(String)
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
        case filter(Condition)
    }

    /// A filter's logical expression.
    indirect enum Condition: Sendable {
        case any([Condition])
        case all([Condition])
        case not(Condition)
        case compare(Operand, Comparison, Operand)
        /// Whether a query selects anything.
        case exists(Query)
        /// A function whose result is logical (`match`, `search`).
        case function(FunctionCall)
    }

    enum Comparison: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// One side of a comparison.
    enum Operand: Sendable {
        case literal(Node)
        case query(Query)
        case function(FunctionCall)
    }

    struct FunctionCall: Sendable {
        var name: Function
        var arguments: [Argument]
    }

    /// RFC 9535's functions, and what they take and give.
    enum Function: String, Sendable {
        case length, count, match, search, value

        enum Kind { case value, logical, nodes }

        var parameters: [Kind] {
            switch self {
            case .length: [.value]
            case .count, .value: [.nodes]
            case .match, .search: [.value, .value]
            }
        }

        var result: Kind {
            switch self {
            case .length, .count, .value: .value
            case .match, .search: .logical
            }
        }
    }

    enum Argument: Sendable {
        case literal(Node)
        case query(Query)
        case condition(Condition)
        case function(FunctionCall)
    }
}
