import Foundation

extension JSONPath {
    /// A node a query reached, and the path from the root to it.
    typealias Selected = (path: [Step], node: Node)

    /// Runs a parsed query against a document (RFC 9535, section 2).
    struct Evaluation {
        let root: Node

        func select(_ query: Query, from start: [Selected]) -> [Selected] {
            query.segments.reduce(start) { nodes, segment in
                nodes.flatMap { apply(segment, to: $0) }
            }
        }

        private func apply(_ segment: Segment, to selected: Selected) -> [Selected] {
            let targets = segment.isDescendant ? descendants(of: selected) : [selected]
            return targets.flatMap { target in segment.selectors.flatMap { apply($0, to: target) } }
        }

        /// The node and everything below it, each before its children.
        private func descendants(of selected: Selected) -> [Selected] {
            var all: [Selected] = [selected]
            for child in children(of: selected) { all += descendants(of: child) }
            return all
        }

        private func children(of selected: Selected) -> [Selected] {
            switch selected.node.value {
            case .mapping(let mapping): mapping.entries.map { (selected.path + [.key($0.key)], $0.value) }
            case .sequence(let items): items.enumerated().map { (selected.path + [.index($0.offset)], $0.element) }
            default: []
            }
        }

        private func apply(_ selector: Selector, to selected: Selected) -> [Selected] {
            switch selector {
            case .name(let name):
                guard let child = selected.node.mapping?[name] else { return [] }
                return [(selected.path + [.key(name)], child)]
            case .wildcard:
                return children(of: selected)
            case .index(let index):
                guard let items = selected.node.sequence else { return [] }
                let position = index < 0 ? items.count + index : index
                guard items.indices.contains(position) else { return [] }
                return [(selected.path + [.index(position)], items[position])]
            case .slice(let start, let end, let step):
                guard let items = selected.node.sequence else { return [] }
                return Self.slice(count: items.count, start: start, end: end, step: step ?? 1).map {
                    (selected.path + [.index($0)], items[$0])
                }
            case .filter(let condition):
                return children(of: selected).filter { holds(condition, current: $0.node) }
            }
        }

        /// The positions a slice selects (RFC 9535, 2.3.4.2.2).
        static func slice(count: Int, start: Int?, end: Int?, step: Int) -> [Int] {
            guard step != 0 else { return [] }
            func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
            if step > 0 {
                let lower = min(max(normalized(start ?? 0), 0), count)
                let upper = min(max(normalized(end ?? count), 0), count)
                return Array(stride(from: lower, to: upper, by: step))
            }
            let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
            let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
            return Array(stride(from: upper, to: lower, by: step))
        }

        // MARK: Filters

        private func holds(_ condition: Condition, current: Node) -> Bool {
            switch condition {
            case .any(let alternatives): alternatives.contains { holds($0, current: current) }
            case .all(let parts): parts.allSatisfy { holds($0, current: current) }
            case .not(let inner): !holds(inner, current: current)
            case .exists(let query): !nodes(query, current: current).isEmpty
            case .function(let call): logical(call, current: current)
            case .compare(let left, let comparison, let right):
                Self.compare(value(left, current: current), comparison, value(right, current: current))
            }
        }

        private func nodes(_ query: Query, current: Node) -> [Selected] {
            select(query, from: [([], query.isRelative ? current : root)])
        }

        /// An operand's value, or `nil` for RFC 9535's Nothing.
        private func value(_ operand: Operand, current: Node) -> Node? {
            switch operand {
            case .literal(let node): node
            case .query(let query): nodes(query, current: current).first?.node
            case .function(let call): value(of: call, current: current)
            }
        }

        private func argumentValue(_ argument: Argument, current: Node) -> Node? {
            switch argument {
            case .literal(let node): node
            case .query(let query): nodes(query, current: current).first?.node
            case .function(let call): value(of: call, current: current)
            case .condition: nil
            }
        }

        private func argumentNodes(_ argument: Argument, current: Node) -> [Selected] {
            if case .query(let query) = argument { return nodes(query, current: current) }
            return []
        }

        private func value(of call: FunctionCall, current: Node) -> Node? {
            let location = SourceLocation(file: "", line: 1, column: 1)
            switch call.name {
            case .length:
                switch argumentValue(call.arguments[0], current: current)?.value {
                case .string(let text): return Node(.integer(text.unicodeScalars.count), at: location)
                case .sequence(let items): return Node(.integer(items.count), at: location)
                case .mapping(let mapping): return Node(.integer(mapping.count), at: location)
                default: return nil
                }
            case .count:
                return Node(.integer(argumentNodes(call.arguments[0], current: current).count), at: location)
            case .value:
                let selected = argumentNodes(call.arguments[0], current: current)
                return selected.count == 1 ? selected[0].node : nil
            case .match, .search:
                return nil
            }
        }

        private func logical(_ call: FunctionCall, current: Node) -> Bool {
            // Only `match` and `search` are logical: the parser refuses any other function as a test.
            guard let text = argumentValue(call.arguments[0], current: current)?.string,
                let pattern = argumentValue(call.arguments[1], current: current)?.string,
                // I-Regexp's `.` is any character but a line break, as ICU's is by default;
                // `match` is of the whole text (`\z`: not before a last line break, as `$` is).
                let expression = try? NSRegularExpression(
                    pattern: call.name == .match ? "\\A(?:\(pattern))\\z" : pattern)
            else { return false }
            let range = NSRange(text.startIndex..., in: text)
            return expression.firstMatch(in: text, options: [], range: range) != nil
        }

        // MARK: Comparisons

        static func compare(_ left: Node?, _ comparison: Comparison, _ right: Node?) -> Bool {
            switch comparison {
            case .equal: equal(left, right)
            case .notEqual: !equal(left, right)
            case .less: less(left, right)
            case .lessOrEqual: less(left, right) || equal(left, right)
            case .greater: less(right, left)
            case .greaterOrEqual: less(right, left) || equal(left, right)
            }
        }

        private static func equal(_ left: Node?, _ right: Node?) -> Bool {
            guard let left, let right else { return left == nil && right == nil }
            if let a = left.number, let b = right.number { return a == b && sameInteger(left, right) }
            switch (left.value, right.value) {
            case (.null, .null): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
            case (.sequence(let a), .sequence(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
            case (.mapping(let a), .mapping(let b)):
                return a.count == b.count && a.entries.allSatisfy { entry in equal(entry.value, b[entry.key]) }
            default: return false
            }
        }

        /// Two integers beyond a double's precision compare by their digits.
        private static func sameInteger(_ left: Node, _ right: Node) -> Bool {
            switch (left.value, right.value) {
            case (.largeInteger(let a), .largeInteger(let b)): a == b
            case (.integer(let a), .integer(let b)): a == b
            default: true
            }
        }

        private static func less(_ left: Node?, _ right: Node?) -> Bool {
            guard let left, let right else { return false }
            if case .integer(let a) = left.value, case .integer(let b) = right.value { return a < b }
            if let a = left.number, let b = right.number { return a < b }
            if let a = left.string, let b = right.string {
                return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
            }
            return false
        }
    }
}
