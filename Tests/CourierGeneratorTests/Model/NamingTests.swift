import Testing

@testable import CourierGenerator

/// How names from descriptions become Swift names.
@Suite struct NamingTests {
    @Test(arguments: [
        // Separators and case changes.
        ("owner_name", "ownerName"),
        ("X-Rate-Limit", "xRateLimit"),
        ("with spaces", "withSpaces"),
        // Initialisms in one case, except at the start.
        ("avatarUrl", "avatarURL"),
        ("pet_id", "petID"),
        ("userIds", "userIDs"),
        ("html_url", "htmlURL"),
        ("id", "id"),
        ("URL", "url"),
        ("idToken", "idToken"),
        ("node_id", "nodeID"),
        // Words that only start like an initialism are left alone.
        ("identity", "identity"),
        ("apiary", "apiary"),
        ("ipAddress", "ipAddress"),
        // Digits.
        ("2fa_enabled", "_2FaEnabled"),
    ])
    func memberNames(_ name: String, _ expected: String) {
        #expect(Naming.memberName(name) == expected)
    }

    @Test(arguments: [
        ("api_key", "APIKey"),
        ("UserId", "UserID"),
        ("json-patch", "JSONPatch"),
        ("pet", "Pet"),
        // Standard names are not shadowed.
        ("url", "URLModel"),
        ("error", "ErrorModel"),
    ])
    func typeNames(_ name: String, _ expected: String) {
        #expect(Naming.typeName(name) == expected)
    }

    @Test func typeNamesAreClaimedOnceInOnePlace() {
        let names = TypeNames(reserved: ["PetstoreAPI"])
        #expect(names.claim("Pet") == "Pet")
        #expect(names.claim("Pet") == "Pet2")
        #expect(names.claim("PetstoreAPI") == "PetstoreAPI2")
        // Swift's own names are taken too.
        #expect(names.claim("String") == "String2")
        // A façade is claimed once, however many operations name it.
        #expect(names.claimClient("Auth") == "Auth")
        #expect(names.claimClient("Auth") == "Auth")
        #expect(names.claim("Auth") == "Auth2")
        #expect(names.claimClient("Pet") == "Pet3")
    }
}
