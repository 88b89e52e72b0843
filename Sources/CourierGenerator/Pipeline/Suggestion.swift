/// The known name that an unknown one (a misspelt option or setting) most probably meant.
enum Suggestion {
    /// The known name that shares the most leading characters with `name`, if it shares at
    /// least four (`--module-name`: `--module`; `overlay`: `overlays`).
    /// - Parameters:
    ///   - name: The name that is not known.
    ///   - known: The names that are.
    /// - Returns: The closest, or `nil` where none is close.
    static func closest(to name: String, among known: [String]) -> String? {
        func shared(_ a: String, _ b: String) -> Int { zip(a, b).prefix { $0 == $1 }.count }
        let best = known.max { shared(name, $0) < shared(name, $1) }
        guard let best, shared(name, best) >= 4 else { return nil }
        return best
    }
}
