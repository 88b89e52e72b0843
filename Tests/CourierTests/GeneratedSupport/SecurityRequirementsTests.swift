@_spi(Generated) import Courier
import Testing

/// Which schemes a generated client sends for an operation's security requirement.
@Suite struct SecurityRequirementsTests {
    @Test(arguments: [
        // No requirement declared anywhere: every credential that is set.
        (nil as [[String]]?, ["token", "key"], SecurityRequirements.Selection.all),
        // `security: []`: a public operation gets nothing.
        ([], ["token", "key"], .only([])),
        // One requirement with two schemes: both together.
        ([["key", "token"]], ["token", "key"], .only(["key", "token"])),
        // …and nothing when one of them is missing.
        ([["key", "token"]], ["token"], .only([])),
        // Alternatives: the first that can be met.
        ([["basic"], ["key"]], ["basic", "key"], .only(["basic"])),
        ([["basic"], ["key"]], ["key"], .only(["key"])),
        // Optional authentication (an empty alternative): sent when it can be, else nothing.
        ([["key"], []], ["key"], .only(["key"])),
        ([[], ["key"]], ["key"], .only(["key"])),
        ([["key"], []], [], .only([])),
    ])
    func selection(alternatives: [[String]]?, set: [String], expected: SecurityRequirements.Selection) {
        #expect(SecurityRequirements.schemesToSend(alternatives, isSet: set.contains) == expected)
    }
}
