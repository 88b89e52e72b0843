import CourierTestSupport
import Testing

@testable import CourierGenerator

/// How names from descriptions become Swift names.
@Suite(.onComputeThreads) struct NamingTests {
    /// The kinds of character words are split by, read from the byte for ASCII, are Unicode's.
    @Test func characterKindsAreUnicodes() {
        let characters =
            (0..<128).map { Character(Unicode.Scalar(UInt8($0))) } + [
                "é", "Ä", "ß", "ǅ", "٣", "½", "Ⅻ", "日", "\u{1F600}", "e\u{301}", "\r\n", "_",
            ]
        for character in characters {
            let kind = Naming.CharacterKind(character)
            #expect(kind.contains(.letter) == character.isLetter, "\(character.unicodeScalars.first!.value)")
            #expect(kind.contains(.number) == character.isNumber, "\(character.unicodeScalars.first!.value)")
            #expect(kind.contains(.uppercase) == character.isUppercase, "\(character.unicodeScalars.first!.value)")
            #expect(kind.contains(.lowercase) == character.isLowercase, "\(character.unicodeScalars.first!.value)")
        }
    }

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
        ("sha256hash", "sha256Hash"),
        // One lower-case letter that ends a word after digits stays with them.
        ("k8s", "k8s"),
        ("gpt-4o-transcribe", "gpt4oTranscribe"),
        ("bbpos_chipper2x", "bbposChipper2x"),
        // Numbers that meet stay apart, so that versions and dates read as written.
        ("1.0.2", "_1_0_2"),
        ("2020-08-27", "_2020_08_27"),
        ("v1.2", "v1_2"),
        ("oauth_2_0", "oauth2_0"),
        ("v2010", "v2010"),
        // A leading sign is a word: GitHub's reactions `+1` and `-1` are not both `_1`.
        ("+1", "plus1"),
        ("-1", "minus1"),
        ("-0.5", "minus0_5"),
        ("a-1", "a1"),
        ("reactions-+1", "reactionsPlus1"),
        ("reactions--1", "reactionsMinus1"),
        // So is a sign that starts a name before a letter: a descending sort (`-created`) beside
        // its ascending one, negative infinity beside `INF`; inside a name a dash separates.
        ("-created", "minusCreated"),
        ("+score", "plusScore"),
        ("-INF", "minusINF"),
        ("created-at", "createdAt"),
        ("--verbose", "verbose"),
        // CONSTANT_CASE is read as words; acronyms joined another way stay acronyms.
        ("SUB_COMMAND", "subCommand"),
        ("GUILD_ID", "guildID"),
        ("ZEROES", "zeroes"),
        ("EST5EDT", "est5EDT"),
        ("NZ-CHAT", "nzCHAT"),
    ])
    func memberNames(_ name: String, _ expected: String) {
        #expect(Naming.memberName(name) == expected)
    }

    /// Values whose names would be the same but for a sign spell their signs, every value with
    /// one, so that none is told apart by a number added to it (Stripe's time zones: `Etc/GMT-1`
    /// was `etcGMT13`). Values that differ otherwise keep their names; a dash between words
    /// still separates them.
    @Test(arguments: [
        (
            ["Etc/GMT", "Etc/GMT+1", "Etc/GMT-1", "Etc/GMT-13", "Etc/GMT0", "America/Port-au-Prince"],
            ["etcGMT", "etcGMTPlus1", "etcGMTMinus1", "etcGMTMinus13", "etcGMT0", "americaPortAuPrince"]
        ),
        (["GMT+0", "GMT-0", "GMT0"], ["gmtPlus0", "gmtMinus0", "gmt0"]),
        (["gpt-4o", "gpt-4", "utf-8"], ["gpt4o", "gpt4", "utf8"]),
        (["a-1", "a1"], ["aMinus1", "a1"]),
    ])
    func namesThatOnlySignsTellApartSpellTheirSigns(_ texts: [String], _ expected: [String]) {
        #expect(Naming.memberNames(texts) == expected)
    }

    @Test(arguments: [
        ("api_key", "APIKey"),
        ("UserId", "UserID"),
        ("json-patch", "JSONPatch"),
        ("pet", "Pet"),
        // Standard names are not shadowed.
        ("url", "URLModel"),
        ("error", "ErrorModel"),
        ("api.v1.2", "APIV1_2"),
        ("+1", "Plus1"),
        ("k8s_cluster", "K8sCluster"),
    ])
    func typeNames(_ name: String, _ expected: String) {
        #expect(Naming.typeName(name) == expected)
    }

    @Test func typeNamesAreClaimedOnceInOnePlace() {
        let names = TypeNames(reserved: ["PetstoreAPI"])
        #expect(names.claim("Pet") == "Pet")
        #expect(names.claim("Pet") == "Pet2")
        #expect(names.claim("PetstoreAPI") == "PetstoreAPI2")
        // After a number, the next number follows an underscore: `Case22` reads as case 22.
        #expect(names.claim("ChoiceCase2") == "ChoiceCase2")
        #expect(names.claim("ChoiceCase2") == "ChoiceCase2_2")
        var members = UniqueNames()
        #expect(
            [members.claim("v1"), members.claim("v1"), members.claim("value"), members.claim("value")] == [
                "v1", "v1_2", "value", "value2",
            ])
        // Swift's own names are taken too.
        #expect(names.claim("String") == "String2")
        // A façade is claimed once, however many operations name it.
        #expect(names.claimClient("Auth") == "Auth")
        #expect(names.claimClient("Auth") == "Auth")
        #expect(names.claim("Auth") == "Auth2")
        #expect(names.claimClient("Pet") == "Pet3")
    }

    /// Names built from where a schema appears stay within 50 characters: repeated words go
    /// first, then the oldest context, so the words nearest the value stay.
    @Test(arguments: [
        // Short enough: kept as it is, repeated words and all.
        ("PetOwnerOwner", "PetOwnerOwner"),
        // Stripe's path words repeat (`/customers/{customer}`), then the oldest context goes.
        (
            "PostCustomersCustomerSubscriptionsSubscriptionExposedIDRequestPaymentSettingsPaymentMethodOptionsAcssDebitCase1MandateOptionsTransactionType",
            "PostAcssDebitCase1MandateOptionsTransactionType"
        ),
        (
            "PutMetadataTemplatesEnterpriseSecurityClassification6VMVochwUWoSchemaUpdateRequestItemDataModelStaticConfigClassification",
            "PutRequestItemDataModelStaticConfigClassification"
        ),
    ])
    func longInlineNamesAreShortened(name: String, expected: String) {
        #expect(Naming.shortened(name) == expected)
        #expect(Naming.shortened(name).count <= Naming.typeNameLimit)
    }

    /// A dotted schema name drops the context each segment repeats (Twilio's schema names).
    @Test(arguments: [
        (
            "api.v2010.account.incoming_phone_number.incoming_phone_number_assigned_add_on.incoming_phone_number_assigned_add_on_extension",
            "api.v2010.account.incoming_phone_number_assigned_add_on_extension"
        ),
        (
            "api.v2010.account.available_phone_number_country.available_phone_number_local",
            "api.v2010.account.available_phone_number_country.local"
        ),
        // Nothing repeated: unchanged.
        ("billing_portal.configuration", "billing_portal.configuration"),
        ("plain", "plain"),
    ])
    func repeatedSegmentsAreDropped(name: String, expected: String) {
        #expect(Naming.withoutRepeatedSegments(name) == expected)
    }

    /// Key sets are one string of names where that can hold them, else an array literal.
    @Test(arguments: [
        (["id", "owner_name"], #""id owner_name""#),
        ([], #""""#),
        (["first name", "id"], #"["first name", "id"]"#),
        (["", "id"], #"["", "id"]"#),
        (["tab\tkey"], #""tab\tkey""#),
    ])
    func keyNamesLiterals(_ names: [String], _ expected: String) {
        #expect(Naming.keyNamesLiteral(names) == expected)
    }
}
