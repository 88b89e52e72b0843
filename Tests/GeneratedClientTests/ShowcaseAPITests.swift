@_spi(Generated) import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import ShowcaseAPI
import Testing

/// The generated Showcase client: every construct decodes real payloads, and calls go to the
/// loopback test server.
@Suite struct ShowcaseAPITests {
    let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        return decoder
    }()

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try decoder.decode(type, from: Data(json.utf8))
    }

    /// The value as Foundation's decoder and as Courier's (which the client uses) read it.
    func decodedByBoth<T: Decodable>(_ type: T.Type, _ json: String) throws -> [T] {
        [try decode(type, json), try JSONDecoding.decode(type, from: Data(json.utf8), options: decoder)]
    }

    func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .rfc3339
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aWidgetDecodesEveryKindOfProperty() throws {
        let widget = try decode(
            Widget.self,
            #"""
            {"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "name": "Sprocket", "kind": "gizmo",
             "weight": 9000000000, "price": 9.5, "ratio": 123456.789, "tags": ["a", "b"],
             "createdAt": "2026-11-21T12:15:00Z", "releaseDate": "2026-12-01", "homepage": "https://example.com/w",
             "thumbnail": "AQID", "note": null, "metadata": {"any": [1, "x"]}, "anything": 3,
             "attributes": {"teeth": 12}, "readings": [1.5, null, 2], "labels": {"a": "x", "b": null}, "class": "premium", "snake_case_name": "s", "kebab-name": "k",
             "legacy_code": "L1", "status": 2, "dimensions": {"width": 1.5},
             "parent": {"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5e", "name": "Root", "kind": "gadget"},
             "children": [], "shape": {"kind": "round", "radius": 2}}
            """#)
        #expect(widget.kind == .gizmo)
        #expect(widget.weight == 9_000_000_000)
        // `format: float`, sent with more digits than a Float keeps (it read 123456.79).
        #expect(widget.ratio == 123456.789)
        #expect(widget.thumbnail == Data([1, 2, 3]))
        #expect(widget.homepage?.host == "example.com")
        #expect(widget.metadata?["any"] == [1, "x"])
        #expect(widget.attributes == ["teeth": 12])
        // Array elements and dictionary values that may be null are optional.
        #expect(widget.readings == [1.5, nil, 2])
        let labels: [String: String?] = ["a": "x", "b": nil]
        #expect(widget.labels == labels)
        #expect(widget.class == "premium" && widget.snakeCaseName == "s" && widget.kebabName == "k")
        #expect(widget.status == .value2)
        #expect(widget.dimensions?.width == 1.5)
        #expect(widget.parent?.name == "Root")
        #expect(widget.shape == .circle(Circle(kind: "round", radius: 2)))
        // An optional key's default is the server's to apply: a missing key stays nil, so that
        // encoding the value again sends nothing the server did not send.
        #expect(widget.size == nil && widget.visible == nil)
        #expect(widget.parent?.size == nil)
    }

    /// `format: decimal` is a `Decimal`: every digit the server sends survives the client's
    /// decoding and encoding again (a `Double` keeps about 16), and a query sends them all.
    @Test func aDecimalKeepsEveryDigit() async throws {
        let digits = "12345678901234567890.12"
        let transport = StubTransport()
        let body = #"{"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "name": "N", "kind": "gizmo", "cost": \#(digits)}"#
        transport.stub(
            .get, "/status/200",
            with: .response(
                TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))))
        let stubbed = Showcase(
            client: APIClient(configuration: .init(baseURL: URL(string: "https://api.test")!, transport: transport)))
        let widget = try await stubbed.failWithStatus(code: 200)
        #expect(widget.cost == Decimal(string: digits))
        #expect(widget.cost != Decimal(Double(digits)!))  // what a `Double` property would hold
        #expect(try encode(widget).contains(#""cost":\#(digits)"#))
        let echo = try await Showcase(baseURL: TestServer.shared.baseURL)
            .widgetEcho(id: "w", maxCost: Decimal(string: digits))
        #expect(echo.query?["maxCost"] == [digits])
    }

    /// Lists that keep their paging fields in an object of the page walk every page: JSON:API's
    /// and Laravel's `links.next`, and Slack's `response_metadata.next_cursor` (`""` on the last
    /// page ends the list).
    @Test(arguments: [0, 1, 3, 7])
    func pagingFieldsInAnObjectOfThePageWalkTheList(total: Int) async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let expected = (0..<total).map { PagedItem(id: "item_\($0)", n: $0) }
        var linked: [PagedItem] = []
        for try await item in api.listLinkedItemsItems(namespace: "links-\(total)", limit: 3, total: total) {
            linked.append(item)
        }
        #expect(linked == expected)
        var members: [PagedItem] = []
        for try await item in api.listSlackMembersItems(namespace: "slack-\(total)", limit: 3, total: total) {
            members.append(item)
        }
        #expect(members == expected)
        // The same list, its paging declared in `x-speakeasy-pagination`: detection alone finds
        // no way to page it (two arrays), the declaration does.
        var declared: [PagedItem] = []
        for try await item in api.listDeclaredMembersItems(namespace: "declared-\(total)", limit: 3, total: total) {
            declared.append(item)
        }
        #expect(declared == expected)
        // A list whose next link only AutoRest's `x-ms-pageable` names (Azure Batch's
        // `odata.nextLink`, a dot in the name).
        var pooled: [PagedItem] = []
        for try await item in api.poolsListItems(namespace: "azure-\(total)", limit: 3, total: total) {
            pooled.append(item)
        }
        #expect(pooled == expected)
    }

    /// A client whose decoder assumes a time zone reads a generated model's date-time without
    /// an offset (a .NET `DateTime`) as a time there; the default client refuses it and says why.
    @Test func aClientCanReadDateTimesWithoutAnOffset() async throws {
        let transport = StubTransport()
        let body =
            #"{"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "name": "N", "createdAt": "2026-11-21T12:15:00.12"}"#
        transport.stub(
            .get, "/status/200",
            with: .response(
                TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))))
        let utc = Showcase(
            client: APIClient(baseURL: URL(string: "https://api.test")!) { configuration in
                configuration.transport = transport
                configuration.decoder.dateDecodingStrategy = .rfc3339(assumingTimeZone: TimeZone(identifier: "UTC")!)
            })
        let widget = try await utc.failWithStatus(code: 200)
        #expect(widget.createdAt == RFC3339.date(from: "2026-11-21T12:15:00.12Z"))
        let strict = Showcase(
            client: APIClient(configuration: .init(baseURL: URL(string: "https://api.test")!, transport: transport)))
        let error = await #expect(throws: ServiceError.self) { try await strict.failWithStatus(code: 200) }
        #expect(String(describing: error).contains("rfc3339(assumingTimeZone:)"))
    }

    /// OpenAPI 3.2's `defaultMapping`: a payment whose `kind` names no variant, or that has
    /// none, is the default variant; a mapped kind is still its own.
    @Test(arguments: [
        (#"{"kind": "card", "last4": "4242"}"#, "card"),
        (#"{"kind": "bank", "iban": "DE89"}"#, "bank"),
        (#"{"kind": "crypto", "note": "BTC"}"#, "other"),
        (#"{"note": "cash"}"#, "other"),
    ])
    func aDiscriminatorsDefaultMappingTakesUnknownAndMissingTags(json: String, expected: String) throws {
        let payment = try decode(Payment.self, json)
        switch payment {
        case .cardPayment(let card): #expect(expected == "card" && card.last4 == "4242")
        case .bankPayment(let bank): #expect(expected == "bank" && bank.iban == "DE89")
        case .otherPayment(let other): #expect(expected == "other" && other.note != nil)
        case .undocumented(let value): Issue.record("Expected \(expected), got undocumented \(value)")
        }
        #expect(try decode(Payment.self, try encode(payment)) == payment)
    }

    @Test func unknownEnumValuesDecodeInsteadOfFailing() throws {
        let widget = try decode(
            Widget.self,
            #"{"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "name": "N", "kind": "sprocket", "status": 9}"#)
        #expect(widget.kind == .undocumented("sprocket"))
        #expect(widget.status == .undocumented(9))
        #expect(try encode(WidgetKind.undocumented("sprocket")) == #""sprocket""#)
        #expect(WidgetKind(rawValue: "doo-hickey") == .dooHickey)
    }

    /// A required `readOnly` property of a struct that is sent is optional: a note to create has
    /// no id yet, and the server refuses one that sends it (the initializer required an id, which
    /// was sent). The note the server returns carries it, and encodes back whole.
    @Test func aReadOnlyPropertyIsLeftOutOfTheNoteToCreate() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let note = try await api.createNote(body: Note(text: "Buy milk"))
        #expect(note == Note(id: 7, text: "Buy milk"))
        #expect(try encode(Note(text: "Buy milk")) == #"{"text":"Buy milk"}"#)
        await #expect(throws: ServiceError.self) { try await api.createNote(body: Note(id: 1, text: "Buy milk")) }
    }

    @Test func aMissingRequiredKeyIsADecodingError() {
        #expect(throws: DecodingError.self) { try decode(Widget.self, #"{"name": "N", "kind": "gadget"}"#) }
    }

    /// A required key with a default takes it when the key is missing; a `null` there is an
    /// error, through either decoder, as for any required key: read as the default, it was
    /// encoded again as `"gadget"`, and a union took the variant that cannot hold it.
    @Test func aRequiredKeysDefaultFillsAMissingKeyButNotANull() throws {
        let id = #""id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "name": "N""#
        #expect(try decode(Widget.self, "{\(id)}").kind == .gadget)
        #expect(throws: DecodingError.self) { try decode(Widget.self, #"{\#(id), "kind": null}"#) }
        #expect(throws: DecodingError.self) {
            try JSONDecoding.decode(Widget.self, from: Data(#"{\#(id), "kind": null}"#.utf8), options: decoder)
        }
    }

    @Test func unionsHonourTheDiscriminatorMapping() throws {
        #expect(try decode(Shape.self, #"{"kind": "round", "radius": 1}"#) == .circle(Circle(kind: "round", radius: 1)))
        #expect(try decode(Shape.self, #"{"kind": "square", "side": 2}"#) == .square(Square(kind: "square", side: 2)))
        // An unknown variant is kept, not a failure.
        #expect(
            try decode(Shape.self, #"{"kind": "hexagon", "sides": 6}"#)
                == .undocumented(["kind": "hexagon", "sides": 6]))
        #expect(try encode(Shape.square(Square(kind: "square", side: 2))) == #"{"kind":"square","side":2}"#)
    }

    @Test func unionsWithoutADiscriminatorTakeTheVariantTheKeysProve() throws {
        #expect(try decode(Pet.self, #"{"barks": true}"#) == .dog(Dog(barks: true)))
        #expect(try decode(Pet.self, #"{"meows": false}"#) == .cat(Cat(meows: false)))
        #expect(try decode(IDOrName.self, "42") == .int(42))
        #expect(try decode(IDOrName.self, #""forty-two""#) == .string("forty-two"))
        // A list of types is a union of them.
        #expect(try decode(IDOrNames.self, "9007199254740993") == .int64(9_007_199_254_740_993))
        #expect(try decode(IDOrNames.self, #""x""#) == .string("x"))
        #expect(try decode(IDOrNames.self, #"["a", "b"]"#) == .stringArray(["a", "b"]))
        #expect(try decode(IDOrNames?.self, "null") == nil)
        #expect(throws: DecodingError.self) { try decode(IDOrNames.self, "true") }
        // An object no variant accepts is kept whole, not dropped or forced into a variant.
        #expect(try decode(Pet.self, #"{"quacks": true}"#) == .undocumented(["quacks": true]))
        #expect(try encode(Pet.undocumented(["quacks": true])) == #"{"quacks":true}"#)
        // A value of a kind no variant takes is an error.
        #expect(throws: DecodingError.self) { try decode(IDOrName.self, "true") }
        #expect(throws: DecodingError.self) { try decode(Pet.self, "7") }
    }

    /// A boolean that allows one value (`deleted: true`) is a tag like a string constant: it
    /// proves its variant where every variant's `object` is the same, and a payload with the
    /// other value rules that variant out. Either way no key is lost.
    @Test(arguments: [
        (#"{"id":"m1","object":"member","deleted":true,"name":"Ada"}"#, "deletedMember"),
        (#"{"id":"m1","object":"member","name":"Ada"}"#, "member"),
        (#"{"id":"m1","object":"member","name":"Ada","deleted":false}"#, "member"),
    ])
    func aOneValueBooleanIsATag(json: String, variant: String) throws {
        let decoded = try decode(MemberOrDeleted.self, json)
        switch (decoded, variant) {
        case (.deletedMember(let member), "deletedMember"):
            #expect(member.id == "m1" && member.deleted && member.additionalProperties == ["name": "Ada"])
        case (.member(let member), "member"): #expect(member.name == "Ada")
        default: Issue.record("\(json) decoded as \(decoded), not as \(variant)")
        }
        let reencoded = try JSONSerialization.jsonObject(with: Data(try encode(decoded).utf8)) as? NSDictionary
        #expect(reencoded == (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary))
        // The constant is filled in, not an argument.
        #expect(DeletedMember(id: "m2").deleted)
    }

    /// Inline variants are named by their constant tag, and chosen by it.
    @Test func inlineVariantsAreNamedAndChosenByTheirTag() throws {
        let image = try decode(MessageContent.self, #"{"type": "image_url", "image_url": "https://example.com/a.png"}"#)
        #expect(image == .imageURL(MessageContentImageURL(imageURL: "https://example.com/a.png")))
        // The constant is filled in: it is not an argument.
        #expect(try encode(MessageContent.text(MessageContentText(text: "Hi"))) == #"{"text":"Hi","type":"text"}"#)
        #expect(
            try decode(MessageContent.self, #"{"type": "audio", "data": "…"}"#)
                == .undocumented(["type": "audio", "data": "…"]))
    }

    /// A webhook's body, as a server receives it, decodes with the method named after it.
    @Test func aWebhookBodyDecodes() throws {
        let body = Data(
            #"{"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "name": "New", "kind": "gizmo", "createdAt": "2026-11-21T12:15:00Z"}"#
                .utf8)
        let widget = try Showcase.Webhooks.widgetCreated(body)
        #expect(widget.name == "New" && widget.kind == .gizmo)
        #expect(widget.createdAt == RFC3339.date(from: "2026-11-21T12:15:00Z"))
        #expect(throws: DecodingError.self) { try Showcase.Webhooks.widgetCreated(Data(#"{"name": "no id"}"#.utf8)) }
    }

    /// OpenAPI's polymorphism: a reference to a schema with a `discriminator` holds that schema
    /// or any that extends it through `allOf` (Fish's Salmon too), each in its own case, chosen by
    /// the discriminator's value: the mapping's, a `const`'s, else the schema's name.
    @Test(arguments: [
        (#"{"species":"Bird","name":"Zazu","wingspan":0.5}"#, "bird"),
        (#"{"species":"Fish","name":"Nemo","fins":5}"#, "fish"),
        (#"{"species":"salmon","name":"Sam","fins":7,"river":"Tay"}"#, "salmon"),
        (#"{"species":"horse","name":"Shadow","hands":12.5}"#, "pony"),
        (#"{"species":"Animal","name":"Generic","legs":4}"#, "animalBase"),
        // A schema that only names Animal is Animal: what its mapping value names, and what
        // extends it through that name.
        (#"{"species":"beast","name":"Generic","legs":4}"#, "animalBase"),
        (#"{"species":"Gecko","name":"Gex","sticky":true}"#, "gecko"),
        (#"{"species":"Dragon","name":"Smaug","fire":true}"#, "undocumented"),
        // The mapping replaces the name it maps: Salmon's name is not one of its values.
        (#"{"species":"Salmon","name":"Sam"}"#, "undocumented"),
    ])
    func aSchemaExtendedThroughAllOfHoldsEachExtension(json: String, variant: String) throws {
        let decoded = try decode(Animal.self, json)
        let found: String
        switch decoded {
        case .bird(let bird): found = bird.wingspan == 0.5 ? "bird" : "bird with \(bird)"
        case .fish(let fish): found = fish.fins == 5 ? "fish" : "fish with \(fish)"
        case .salmon(let salmon): found = salmon.river == "Tay" && salmon.fins == 7 ? "salmon" : "salmon with \(salmon)"
        case .pony(let pony): found = pony.hands == 12.5 ? "pony" : "pony with \(pony)"
        case .gecko(let gecko): found = gecko.sticky == true ? "gecko" : "gecko with \(gecko)"
        case .animalBase(let animal): found = animal.additionalProperties == ["legs": 4] ? "animalBase" : "\(animal)"
        case .undocumented: found = "undocumented"
        }
        #expect(found == variant)
        let reencoded = try JSONSerialization.jsonObject(with: Data(try encode(decoded).utf8)) as? NSDictionary
        #expect(reencoded == (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary))
    }

    /// An intermediate parent that declares its discriminator in an inline part of its `allOf`
    /// (Microsoft Graph's `directoryObject`) is polymorphic too: each extension lands in its own
    /// case, and the value its ancestor's mapping gives it (`#graph.directoryObject`) is its own.
    @Test(arguments: [
        (##"{"@odata.type":"#graph.user","id":"u1","displayName":"Ada"}"##, "graphUser"),
        (##"{"@odata.type":"#graph.group","id":"g1","mail":null}"##, "graphGroup"),
        (##"{"@odata.type":"#graph.directoryObject","id":"d1","deletedDateTime":"2026-01-02T03:04:05Z"}"##, "base"),
        (##"{"@odata.type":"#graph.servicePrincipal","id":"s1"}"##, "undocumented"),
    ])
    func anIntermediateParentWithItsDiscriminatorInAnAllOfPartHoldsEachExtension(json: String, variant: String)
        throws
    {
        let object = try decode(DirectoryObject.self, json)
        let found =
            switch object {
            case .graphUser(let user): user.displayName == "Ada" ? "graphUser" : "\(user)"
            case .graphGroup(let group): group.mail == nil && group.id == "g1" ? "graphGroup" : "\(group)"
            case .directoryObjectBase(let base): base.deletedDateTime != nil ? "base" : "\(base)"
            case .undocumented: "undocumented"
            }
        #expect(found == variant)
        #expect(try decode([String: JSONValue].self, encode(object)) == decode([String: JSONValue].self, json))
        // Through the grandparent: its mapping names the intermediate parent and its extensions.
        let entity = try decode(Entity.self, json)
        switch (variant, entity) {
        case ("graphUser", .graphUser), ("graphGroup", .graphGroup), ("base", .directoryObject(.directoryObjectBase)),
            ("undocumented", .undocumented):
            break
        default: Issue.record("\(json) decoded as \(entity)")
        }
    }

    /// A schema that only names the parent is the parent, not a variant of it; every place that
    /// refers to the parent takes the union.
    @Test func aSchemaThatOnlyNamesAPolymorphicParentIsTheParent() throws {
        #expect(AnimalAlias.self == Animal.self)
        let enclosure = try decode(
            Enclosure.self,
            #"{"residents": [{"species": "Bird", "name": "Zazu"}, {"species": "horse", "name": "Shadow"}], "keeper": {"species": "Fish", "name": "Wanda"}}"#
        )
        #expect(
            enclosure.residents == [.bird(Bird(species: "Bird", name: "Zazu")), .pony(Pony(name: "Shadow"))])
        #expect(enclosure.keeper == .fish(Fish(species: "Fish", name: "Wanda")))
        #expect(try encode(Animal.pony(Pony(name: "Shadow"))) == #"{"name":"Shadow","species":"horse"}"#)
        // A plain string discriminator defaults to the value every union gives the schema (the
        // mapping's, else its name), so a value built in Swift is sent as its own variant.
        #expect(Bird(name: "Zazu") == Bird(species: "Bird", name: "Zazu"))
        #expect(Salmon(name: "Sam").species == "salmon")
        #expect(try decode(Animal.self, encode(Animal.salmon(Salmon(name: "Sam")))) == .salmon(Salmon(name: "Sam")))
        // A value may hold its own kind, each in its case.
        let school = try decode(
            Animal.self,
            #"{"species": "Fish", "name": "Lead", "school": [{"species": "salmon", "name": "Sam"}, {"species": "Fish", "name": "Nemo"}]}"#
        )
        #expect(
            school
                == .fish(
                    Fish(
                        species: "Fish", name: "Lead",
                        school: [
                            .salmon(Salmon(species: "salmon", name: "Sam")), .fish(Fish(species: "Fish", name: "Nemo")),
                        ])))
        // Without its discriminator, an object proves no variant: it is kept whole.
        #expect(try decode(Animal.self, #"{"name": "Nobody"}"#) == .undocumented(["name": "Nobody"]))
    }

    /// References made nullable as Microsoft Graph writes them (beside the reference, an object
    /// that may be null and says nothing more) are the referenced type, optional: a recipient, a
    /// `null` kept as `null`, a missing key, and keys the description does not list all survive.
    @Test(arguments: [
        #"{"sender":{"emailAddress":{"address":"ada@example.com","name":"Ada"}},"from":{"emailAddress":null}}"#,
        #"{"sender":null,"from":null,"subject":null}"#,
        ##"{"sender":{"emailAddress":{"address":"a@b.c","@odata.etag":"W/1"},"@odata.type":"#microsoft.graph.recipient"}}"##,
    ])
    func aReferenceThatMayBeNullIsOptional(json: String) throws {
        let message = try decode(GraphMessage.self, json)
        if json.contains("ada@example.com") {
            #expect(message.sender?.emailAddress?.name == "Ada")
            #expect(message.from != nil && message.from?.emailAddress == nil)
        }
        #expect(try decode([String: JSONValue].self, encode(message)) == decode([String: JSONValue].self, json))
    }

    /// A required reference that may be `null` is written as `null` when it is `nil`; an
    /// optional one is left out.
    @Test func aRequiredReferenceThatMayBeNullIsWrittenAsNull() throws {
        #expect(try encode(GraphMessage(subject: "Hi")) == #"{"sender":null,"subject":"Hi"}"#)
    }

    /// A polymorphic body for a server that reads `$type` only as the first member of its object
    /// (ASP.NET Core's System.Text.Json; the loopback server answers 400 as it does): the tag of
    /// every object leads it, nested parcels too, whatever order `JSONEncoder` picks.
    @Test func aDiscriminatorLeadsEveryObjectItTags() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let pallet = Freight.freightPallet(
            FreightPallet(
                reference: "P-1",
                parcels: [
                    .freightParcel(FreightParcel(reference: "A", weight: 1.5, fragile: true)),
                    .freightParcel(FreightParcel(weight: 2, additionalProperties: ["note": "top"])),
                ],
                dock: 4))
        for _ in 0..<10 {
            #expect(try await api.bookFreight(body: pallet) == pallet)
        }
        // The server does read the order: a tag after another member is refused.
        let late = Endpoint<Freight>.post(
            "/freight",
            body: .data(Data(#"{"reference":"P-2","$type":"pallet"}"#.utf8), contentType: "application/json"))
        do {
            _ = try await api.client.send(late.errorBody(ValidationProblem.self))
            Issue.record("Expected the server to refuse a tag that comes second")
        } catch .server(let failure) {
            #expect(failure.status == 400)
            let problem = try #require(failure.body as? ValidationProblem)
            #expect(problem.errors?["$"]?.first?.contains("not the first property") == true)
        }
    }

    /// A parent whose `oneOf` lists its own extensions (springdoc's shape for Jackson subtypes) is
    /// the choice between them; an extension takes the parent's properties, not that choice
    /// again, which recursed without end.
    @Test func aParentListingItsExtensionsIsTheirUnion() throws {
        let json = #"{"kind":"Bike","wheels":2,"gears":21,"towing":{"kind":"Car","doors":3}}"#
        let vehicle = try decode(Vehicle.self, json)
        guard case .bike(let bike) = vehicle, case .car(let car)? = bike.towing else {
            Issue.record("\(vehicle)")
            return
        }
        #expect(bike.gears == 21 && bike.wheels == 2 && car.doors == 3)
        let reencoded = try JSONSerialization.jsonObject(with: Data(try encode(vehicle).utf8)) as? NSDictionary
        #expect(reencoded == (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary))
        #expect(try decode(Car.self, #"{"kind":"Car","doors":2}"#) == Car(kind: "Car", doors: 2))
    }

    @Test func allOfMergesProperties() throws {
        let extended = try decode(Extended.self, #"{"id": 7, "label": "x", "createdAt": "2026-11-21T12:15:00.5Z"}"#)
        #expect(extended.id == 7 && extended.label == "x")
        #expect(extended.createdAt == RFC3339.date(from: "2026-11-21T12:15:00.5Z"))
    }

    /// `allOf` with a `oneOf` member: the merged properties and the chosen shape, both read from
    /// (and written to) one object.
    @Test func anAllOfWithAOneOfKeepsBothParts() throws {
        let listing = try decode(Listing.self, #"{"id": 7, "kind": "round", "radius": 2.5}"#)
        #expect(listing.id == 7 && listing.createdAt == nil)
        #expect(listing.variant == .circle(Circle(kind: "round", radius: 2.5)))
        #expect(try encode(listing) == #"{"id":7,"kind":"round","radius":2.5}"#)
        let square = Listing(id: 8, variant: .square(Square(kind: "square", side: 3)))
        #expect(try decode(Listing.self, try encode(square)) == square)
        #expect(throws: DecodingError.self) { try decode(Listing.self, #"{"kind": "round", "radius": 1}"#) }
    }

    /// Properties beside a `oneOf`: the recipient, and either a street or a locker, each case
    /// named by the one key its alternative requires.
    @Test func propertiesBesideAOneOfKeepBoth() throws {
        let locker = try decode(Delivery.self, #"{"recipient": "Ada", "locker": 12}"#)
        #expect(locker.recipient == "Ada")
        #expect(locker.variant == .locker(DeliveryVariantLocker(locker: 12)))
        let street = try decode(Delivery.self, #"{"recipient": "Ada", "street": "Main St"}"#)
        #expect(street.variant == .street(DeliveryVariantStreet(street: "Main St")))
        #expect(try encode(street) == #"{"recipient":"Ada","street":"Main St"}"#)
        // Neither alternative: the object is kept as it came, and encodes back the same.
        let neither = try decode(Delivery.self, #"{"recipient": "Ada", "drone": true}"#)
        #expect(neither.variant == .undocumented(["recipient": "Ada", "drone": true]))
        #expect(try encode(neither) == #"{"drone":true,"recipient":"Ada"}"#)
    }

    /// Identical inline schemas are one type under every name: a destination is an origin, and
    /// the `""` that clears a field decodes the same wherever it appears.
    @Test func identicalInlineShapesShareOneType() throws {
        #expect(ShipmentDestination.self == ShipmentOrigin.self)
        #expect(ShipmentForwardTo.self == ShipmentReturnTo.self)
        #expect(ShipmentReturnToObject.self == ShipmentOrigin.self)
        let shipment = try decode(
            Shipment.self,
            #"{"origin": {"city": "Lyon", "country": "FR"}, "destination": {"city": "Austin", "country": "US"}, "#
                + #""returnTo": {"city": "Lyon", "country": "DE"}, "forwardTo": ""}"#)
        let destination: ShipmentDestination = ShipmentOrigin(city: "Austin", country: .us)
        #expect(shipment.origin == ShipmentOrigin(city: "Lyon", country: .fr))
        #expect(shipment.destination == destination)
        #expect(shipment.returnTo == .object(ShipmentOrigin(city: "Lyon", country: .undocumented("DE"))))
        #expect(shipment.forwardTo == .empty(.empty))
        #expect(try decode(Shipment.self, try encode(shipment)) == shipment)
    }

    /// A struct without properties is still a JSON object, both ways. Its schema allows no keys
    /// (`additionalProperties: false`), but a key a server sends anyway is kept, not lost.
    @Test func anEmptyObjectIsAnObject() throws {
        #expect(try encode(Acknowledgement()) == "{}")
        let unexpected = try decode(Acknowledgement.self, #"{"added": 1}"#)
        #expect(unexpected == Acknowledgement(additionalProperties: ["added": 1]))
        #expect(try encode(unexpected) == #"{"added":1}"#)
        #expect(throws: DecodingError.self) { try decode(Acknowledgement.self, "[]") }
        #expect(throws: DecodingError.self) { try decode(Acknowledgement.self, #""text""#) }
    }

    /// A union's case of a date, a UUID or a URL reads and writes its value as a property of
    /// that type does (`Date(from:)` read the seconds since 2001 and failed on a timestamp; a
    /// URL wrote an object), and URLs inside dictionaries and arrays of optionals keep their
    /// text (they came back escaped). Found by `Scripts/random-schemas.py`.
    @Test func unionCasesAndNestedValuesKeepTheirText() throws {
        let json = #"""
            {"due":"2026-11-26T10:00:00.5Z","links":{"docs":"https://例え.jp/パス","raw":"https://example.com/%zz"},\#
            "mirrors":["https://example.com/a b",null],"repeats":null,"target":"https://example.com/%7Euser"}
            """#
        let reminder = try decode(Reminder.self, json)
        #expect(reminder.due == .date(Date(timeIntervalSince1970: 1_795_687_200.5)))
        #expect(reminder.due.description == "2026-11-26T10:00:00.5Z")
        #expect(reminder.target == .url(URL(string: "https://example.com/%7Euser")!))
        #expect(reminder.links?["raw"]?.host == "example.com")
        #expect(reminder.mirrors?.count == 2 && reminder.mirrors?[1] == nil)
        // A union whose alternative allows null (`enum: [daily, weekly, null]`) allows it: the
        // required key is optional and sent as `null` (it failed: "matches none of the variants").
        #expect(reminder.repeats == nil)
        #expect(try decode(JSONValue.self, encode(reminder)) == decode(JSONValue.self, json))

        let uuid = UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!
        let later = try decode(
            Reminder.self, #"{"due": 3600, "repeats": "daily", "target": "6ba7b810-9dad-11d1-80b4-00c04fd430c8"}"#)
        #expect(later.due == .int(3600) && later.target == .uuid(uuid) && later.repeats == .string(.daily))
        #expect(
            try encode(later) == #"{"due":3600,"repeats":"daily","target":"6ba7b810-9dad-11d1-80b4-00c04fd430c8"}"#)
        #expect(later.target?.description == "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
        #expect(throws: DecodingError.self) { try decode(Reminder.self, #"{"due": "next week"}"#) }
    }

    /// A union whose text is only string enums (or a plain string) takes a string literal and
    /// offers the enums' values as members, though other variants take objects or numbers (`tool_choice` is `"auto"`,
    /// `"none"` or an object naming a tool, as Text Generation Inference describes it): it was
    /// written `.case2(._none)`. A word no enum lists is the first enum's `undocumented` text.
    @Test func aUnionOfWordsAndObjectsTakesAStringLiteral() throws {
        let none: ToolChoice = "none"
        #expect(none == .case2(._none) && none == ._none)
        let auto: ToolChoice = "auto"
        #expect(auto == .auto(.auto))
        let other: ToolChoice = "required"
        #expect(other == .auto(.undocumented("required")))
        let request = ReplyRequest(input: "hi", toolChoice: "none")
        #expect(try encode(request) == #"{"input":"hi","tool_choice":"none"}"#)
        let named = try decode(ReplyRequest.self, #"{"input": "hi", "tool_choice": {"function": {"name": "weather"}}}"#)
        #expect(named.toolChoice == .object(ToolChoiceObject(function: ToolChoiceObjectFunction(name: "weather"))))
        #expect(try decode(ReplyRequest.self, #"{"input": "hi", "tool_choice": "none"}"#).toolChoice == ._none)
        let repeats: ReminderRepeats = "weekly"
        #expect(repeats == .weekly && repeats == .string(.weekly))
        // A plain string beside an integer: the literal is the string.
        let name: IDOrName = "widget"
        #expect(name == .string("widget"))
    }

    /// An `anyOf` that only lists required keys describes nothing more to decode; with no member
    /// to hold them, the struct keeps the keys it does not declare itself (they were dropped).
    @Test func alternativesThatOnlyRequireKeysAddNoMember() throws {
        let contact = try decode(Contact.self, #"{"name": "Ada", "phone": "555"}"#)
        #expect(contact == Contact(name: "Ada", phone: "555"))
        #expect(try encode(contact) == #"{"name":"Ada","phone":"555"}"#)
        let extra = try decode(Contact.self, #"{"name": "Ada", "email": "a@b.test", "title": "Countess"}"#)
        #expect(extra.additionalProperties == ["title": "Countess"])
        #expect(try encode(extra) == #"{"email":"a@b.test","name":"Ada","title":"Countess"}"#)
    }

    @Test func extraKeysAreKeptBesideDeclaredProperties() throws {
        let value = try decode(Extensible.self, #"{"name": "n", "color": "red", "size": "L"}"#)
        #expect(value.name == "n")
        #expect(value.additionalProperties == ["color": "red", "size": "L"])
        #expect(try encode(value) == #"{"color":"red","name":"n","size":"L"}"#)
    }

    /// Numbers in keys no schema declares keep every digit, with Courier's decoder and
    /// Foundation's: a `uint64` ID past `Int.max`, a 20-digit decimal and a 17-digit number a
    /// `Double` rounds come back as they were sent (refused before; before that, encoded again
    /// as the nearest `Double`'s digits, `1.8446744073709552e+19`).
    @Test func undeclaredNumbersKeepEveryDigit() throws {
        let json = #"{"id":18446744073709551615,"rate":0.10000000000000000555,"total":9007199254740993.5}"#
        for decode in [
            { try JSONDecoding.decode(Acknowledgement.self, from: Data(json.utf8), options: decoder) },
            { try JSONDecoder().decode(Acknowledgement.self, from: Data(json.utf8)) },
        ] {
            let value = try decode()
            #expect(value.additionalProperties["id"] == .decimal(Decimal(string: "18446744073709551615")!))
            #expect(value.additionalProperties["total"] == .decimal(Decimal(string: "9007199254740993.5")!))
            #expect(try encode(value) == json)
        }
    }

    /// A subtype's `x-ms-discriminator-value` (AutoRest's descriptions) is its tag where no
    /// mapping names it: a payload so tagged lands in that subtype's case (it was left
    /// `undocumented`, the tag taken for the schema's name), and a new value gets the tag.
    @Test(arguments: [
        (##"{"@odata.type": "#Microsoft.Media.H264Video", "profile": "High"}"##, "h264Codec"),
        (##"{"@odata.type": "#Microsoft.Media.AacAudio", "channels": 2}"##, "aacCodec"),
        (#"{"@odata.type": "Codec", "label": "any"}"#, "codecBase"),
    ])
    func autoRestDiscriminatorValuesTagTheirSubtypes(json: String, expected: String) throws {
        let codec = try decode(Codec.self, json)
        let found =
            switch codec {
            case .h264Codec: "h264Codec"
            case .aacCodec: "aacCodec"
            case .codecBase: "codecBase"
            case .undocumented: "undocumented"
            }
        #expect(found == expected)
        #expect(try decode(JSONValue.self, encode(codec)) == decode(JSONValue.self, json))
        #expect(H264Codec(profile: "Main").odataType == "#Microsoft.Media.H264Video")
    }

    /// Kubernetes' `int-or-string` holds a number or a name: `"targetPort": 8080` decodes (a
    /// string property failed on it) and both come back as they were sent.
    @Test(arguments: [#"{"nodePort": 30080, "targetPort": 8080}"#, #"{"nodePort": "node", "targetPort": "http"}"#])
    func intOrStringHoldsEither(json: String) throws {
        let spec = try decode(PortSpec.self, json)
        #expect(spec.targetPort == (json.contains("8080") ? .int(8080) : .string("http")))
        #expect(try encode(spec) == json.replacingOccurrences(of: " ", with: ""))
    }

    /// An enum written as alternatives of constants (Discord's) decodes each value to its own
    /// named case, and a value the description does not list to `undocumented`, where a union of
    /// one-value enums took any number as its first case. An empty `oneOf` leaves an integer.
    @Test(arguments: [
        (#"{"flags":4,"kind":0,"style":"0000"}"#, ChannelKind.guildText, ChannelStyle.zeroes, Int?.some(4)),
        (#"{"kind":2,"style":"shield"}"#, .guildVoice, .shield, nil),
        (#"{"kind":13,"style":"banner9"}"#, .undocumented(13), .undocumented("banner9"), nil),
    ])
    func constantAlternativesDecodeToTheirOwnCases(json: String, kind: ChannelKind, style: ChannelStyle, flags: Int?)
        throws
    {
        let channel = try decode(Channel.self, json)
        #expect(channel.kind == kind)
        #expect(channel.style == style)
        #expect(channel.flags == flags)
        #expect(try encode(channel) == json)
    }

    /// Of a number's and a decimal's cases, the number's takes only what a `Double` holds
    /// exactly: `9007199254740993` was the `Double` `9007199254740992`.
    @Test(arguments: [
        ("1.5", Reading.double(1.5)),
        ("12", .double(12)),
        ("9007199254740993", .decimal(Decimal(string: "9007199254740993")!)),
        ("0.10000000000000000555", .decimal(Decimal(string: "0.10000000000000000555")!)),
    ])
    func aNumberADoubleWouldRoundIsTheDecimal(json: String, expected: Reading) throws {
        for reading in try decodedByBoth(Reading.self, json) {
            #expect(reading == expected)
            #expect(try encode(reading) == json)
        }
    }

    /// The same holds for a case that reads numbers as `Double`s within a union of its own (a
    /// flag or a number), which declines them: `9007199254740993` was its `Double`
    /// `9007199254740992`, though the decimal's case was there to keep it (seed 291 at sixty
    /// schemas).
    @Test(arguments: [
        ("true", Gauge.case1(.bool(true))),
        ("1.5", .case1(.double(1.5))),
        ("9007199254740992", .case1(.double(9007199254740992))),
        ("9007199254740993", .decimal(Decimal(string: "9007199254740993")!)),
        ("0.10000000000000000555", .decimal(Decimal(string: "0.10000000000000000555")!)),
    ])
    func aNumberANestedDoubleWouldRoundIsTheDecimal(json: String, expected: Gauge) throws {
        for gauge in try decodedByBoth(Gauge.self, json) {
            #expect(gauge == expected)
            #expect(try encode(gauge) == json)
        }
    }

    /// Of two object variants with the same keys, a value a `Double` would round goes to the one
    /// whose property keeps every digit: the first, whose property is a `Double`, declines it.
    @Test(arguments: [
        (#"{"value":1.5}"#, true),
        (#"{"value":9007199254740992}"#, true),
        (#"{"value":9007199254740993}"#, false),
        (#"{"value":0.10000000000000000555}"#, false),
        (#"{"series":[1.5,2]}"#, true),
        (#"{"series":[1.5,9007199254740993]}"#, false),
        (#"{"byName":{"a":1.5}}"#, true),
        (#"{"byName":{"a":1.5,"b":0.10000000000000000555}}"#, false),
    ])
    func aPropertyADoubleWouldRoundGoesToTheVariantThatKeepsIt(json: String, isDouble: Bool) throws {
        for meter in try decodedByBoth(Meter.self, json) {
            switch meter {
            case .case1: #expect(isDouble, "\(meter)")
            case .case2: #expect(!isDouble, "\(meter)")
            case .undocumented: Issue.record("\(meter)")
            }
            #expect(try encode(meter) == json)
        }
    }

    /// Of a union's arrays (or dictionaries) of numbers and of decimals, one with a number a
    /// `Double` would round is the decimals'.
    @Test(arguments: [
        ("[1.5,2]", 0),
        ("[1.5,9007199254740993]", 1),
        (#"{"a":1.5}"#, 2),
        (#"{"a":1.5,"b":0.10000000000000000555}"#, 3),
    ])
    func aListWithANumberADoubleWouldRoundIsTheDecimals(json: String, expected: Int) throws {
        for samples in try decodedByBoth(Samples.self, json) {
            let index =
                switch samples {
                case .doubleArray: 0
                case .decimalArray: 1
                case .doubleDictionary: 2
                case .decimalDictionary: 3
                case .undocumented: -1
                }
            #expect(index == expected, "\(samples)")
            #expect(try encode(samples) == json)
        }
    }

    /// A union of objects within a union counts as one variant with the keys all its
    /// alternatives require and its discriminator's values: a knob tagged for the control is
    /// the control, though the bare knob's enum knows its position (it was ambiguous: random-
    /// schemas seed 326 at sixty schemas). An untagged knob is the bare knob.
    @Test func aTagOfANestedUnionCountsForIt() throws {
        let tagged = #"{"position":2,"type":"knob"}"#
        for value in try decodedByBoth(KnobOrControl.self, tagged) {
            #expect(value == .control(.controlKnob(ControlKnob(position: .value2))), "\(value)")
            #expect(try encode(value) == tagged)
        }
        let bare = #"{"position":1}"#
        for value in try decodedByBoth(KnobOrControl.self, bare) {
            #expect(value == .knob(Knob(position: .value1)), "\(value)")
        }
        let slider = #"{"level":0.5,"type":"slider"}"#
        for value in try decodedByBoth(KnobOrControl.self, slider) {
            #expect(value == .control(.controlSlider(ControlSlider(level: 0.5))), "\(value)")
        }
    }

    /// OpenAPI 3.1 reads a `$ref` beside other keywords as one more `allOf` part: each
    /// measurement is a `Measurement` with its own `kind` and value, so each lands in its own
    /// case. (Read the 3.0 way, both were `Measurement`, and a humidity reading was taken for a
    /// temperature.)
    @Test(arguments: [
        (#"{"at":"2026-11-27T10:00:00Z","celsius":21.5,"kind":"temperature"}"#, true),
        (#"{"at":"2026-11-27T10:00:00Z","kind":"humidity","percent":40}"#, false),
    ])
    func aReferenceBesidePropertiesExtendsWhatItRefersTo(json: String, isTemperature: Bool) throws {
        for value in try decodedByBoth(AnyMeasurement.self, json) {
            switch value {
            case .temperatureMeasurement(let measurement):
                #expect(isTemperature && measurement.celsius == 21.5 && measurement.kind == .temperature)
            case .humidityMeasurement(let measurement):
                #expect(!isTemperature && measurement.percent == 40)
            case .undocumented:
                Issue.record("\(value)")
            }
            #expect(try encode(value) == json)
        }
        let temperature = TemperatureMeasurement(at: Date(timeIntervalSince1970: 0), celsius: -3)
        #expect(try encode(temperature) == #"{"at":"1970-01-01T00:00:00Z","celsius":-3,"kind":"temperature"}"#)
    }

    /// Of two variants with the same keys, text goes to the one whose property is text: the
    /// one whose property is a number read `"42"` as `42` (generated models read numbers sent as
    /// text), so the value landed in the wrong case and was sent back as a number. Where no
    /// other variant reads the value, the number is still read from its text.
    @Test(arguments: [
        (#"{"name":"n","value":"42"}"#, Setting.textSetting(TextSetting(name: "n", value: "42"))),
        (#"{"name":"n","value":42}"#, .numericSetting(NumericSetting(name: "n", value: 42))),
    ])
    func textLandsInTheVariantThatTakesText(json: String, expected: Setting) throws {
        for setting in try decodedByBoth(Setting.self, json) {
            #expect(setting == expected)
            #expect(try encode(setting) == json)
        }
        let priced = try decode(PricedSetting.self, #"{"price": "-0.0075"}"#)
        #expect(priced == .priced(PricedSettingPriced(price: -0.0075)))
        #expect(try decode(PricedSetting.self, #"{"price": true}"#) == .free(PricedSettingFree(price: true)))
    }

    /// Objects of one shape told apart only by an integer tag (a one-value enum narrowing a
    /// shared enum through `allOf`, as Discord writes its options) each land in their own case;
    /// a tag neither lists is `undocumented`.
    @Test(arguments: [
        (#"{"name":"on","type":5}"#, "booleanOption"),
        (#"{"name":"who","type":6}"#, "userOption"),
        (#"{"name":"role","type":8}"#, "undocumented"),
    ])
    func anIntegerTagChoosesTheCase(json: String, expected: String) throws {
        let option = try decode(CommandOption.self, json)
        let found =
            switch option {
            case .booleanOption(let value): value.type == .boolean ? "booleanOption" : "wrong tag"
            case .userOption(let value): value.type == .user ? "userOption" : "wrong tag"
            case .undocumented: "undocumented"
            }
        #expect(found == expected)
        #expect(try encode(option) == json)
    }

    /// A date and a URL named by schemas of their own (`Moment`, `WebLink`) are read as a date
    /// and a URL: a union's `Moment` case read a timestamp with `Date(from:)` (seconds since
    /// 2001), so the union failed on every timestamp, and a dictionary of `WebLink`s re-wrote
    /// each URL's text (`例え.jp` as `xn--r8jz45g.jp`; random-schemas seed 134).
    @Test func aliasesAreCodedAsWhatTheyStandFor() throws {
        let json = #"{"at":"2024-05-06T07:08:09Z","links":{"home":"https://例え.jp/パス"}}"#
        for schedule in try decodedByBoth(Schedule.self, json) {
            #expect(schedule.at == .moment(Date(timeIntervalSince1970: 1_714_979_289)))
            #expect(schedule.links?["home"] != nil)
            let sent = try JSONDecoder().decode(JSONValue.self, from: Data(try encode(schedule).utf8))
            #expect(sent == (try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))))
        }
        #expect(try decode(Schedule.self, #"{"at": 5}"#).at == .int(5))
    }

    @Test func recursiveSchemasNest() throws {
        let comment = try decode(
            ShowcaseAPI.Comment.self,
            #"{"text": "c", "replyTo": {"text": "b", "replyTo": {"text": "a"}}, "thread": {"first": {"text": "a"}}}"#)
        #expect(comment.replyTo?.replyTo?.text == "a")
        #expect(comment.thread?.first?.text == "a")
        var edited = comment
        edited.replyTo = nil
        #expect(edited.replyTo == nil && comment.replyTo != nil)
    }

    @Test func servers() {
        #expect(Showcase.Servers.server1().absoluteString == "http://127.0.0.1:8080")
        #expect(Showcase.Servers.server1(scheme: "https", port: "9443").absoluteString == "https://127.0.0.1:9443")
    }

    /// Each operation gets the credentials its description requires, and no others.
    @Test func eachOperationGetsOnlyTheCredentialsItRequires() async throws {
        let everything = Showcase.Credentials(
            bearerAuth: "t0k3n", apiKey: "k", basicAuth: .init(username: "u", password: "p"))
        let api = Showcase(baseURL: TestServer.shared.baseURL) {
            $0.middlewares = [Showcase.authentication { everything }]
        }
        // The document's requirement: bearer only.
        let echo = try await api.widgetEcho(id: "w")
        #expect(echo.headers["authorization"] == "Bearer t0k3n")
        #expect(echo.headers["x-api-key"] == nil)
        // Both schemes together.
        let widget = Widget(id: UUID(), name: "W", kind: .gadget, class: "c")
        let created = try await api.createWidget(body: widget)
        #expect(created.headers["authorization"] == "Bearer t0k3n" && created.headers["x-api-key"] == "k")
        // A public operation (`security: []`): no credential at all.
        let form = try await api.submitForm(body: SubmitFormRequest(email: "a@example.com"))
        #expect(form.headers["authorization"] == nil && form.headers["x-api-key"] == nil)
        // Alternatives: the first that can be met, Basic, and only it.
        let report = try await api.getReport()
        #expect(report.headers["authorization"] == "Basic dTpw" && report.headers["x-api-key"] == nil)
    }

    @Test func theNextAlternativeIsUsedWhenTheFirstCannotBeMet() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL) {
            $0.middlewares = [Showcase.authentication { Showcase.Credentials(apiKey: "k") }]
        }
        let report = try await api.getReport()
        #expect(report.headers["authorization"] == nil && report.headers["x-api-key"] == "k")
        // Bearer alone is required here, and not set: nothing is sent (the server will refuse).
        let echo = try await api.widgetEcho(id: "w")
        #expect(echo.headers["authorization"] == nil && echo.headers["x-api-key"] == nil)
    }

    @Test func everyParameterStyleReachesTheServer() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let echo = try await api.widgetEcho(
            id: "a/b c", tags: ["x", "y z"], ids: [1, 2, 3], filter: Filter(name: "Ada", minSize: 2), sort: .desc,
            since: Date(timeIntervalSince1970: 0), xRequestID: "req-9")
        #expect(echo.path == "/echo/widgets/a%2Fb%20c")
        #expect(echo.query?["tags"] == ["x", "y z"])
        #expect(echo.query?["ids"] == ["1,2,3"])
        #expect(echo.query?["filter[name]"] == ["Ada"])
        #expect(echo.query?["filter[minSize]"] == ["2"])
        #expect(echo.query?["sort"] == ["desc"])
        #expect(echo.query?["since"] == ["1970-01-01T00:00:00Z"])
        #expect(echo.headers["x-request-id"] == "req-9")
    }

    /// An OpenAPI 3.2 `query` operation sends HTTP's QUERY with its body.
    @Test func aQueryOperationSendsQUERYWithItsBody() async throws {
        let echo = try await Showcase(baseURL: TestServer.shared.baseURL).searchEcho(
            body: Filter(name: "Ada", minSize: 2))
        #expect(echo.method == "QUERY" && echo.path == "/echo/search")
        #expect(echo.body == #"{"minSize":2,"name":"Ada"}"# || echo.body == #"{"name":"Ada","minSize":2}"#)
    }

    /// Path parameters in each of OpenAPI's path styles: a value's own comma, dot or semicolon is
    /// encoded, the separators between values are not.
    @Test func pathStylesReachTheServerAsRFC6570WritesThem() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let echo = try await api.echoPathStyles(tags: ["a", "b,c"], labels: ["x", "y.z"], points: [1, 2], id: id)
        #expect(echo.path == "/echo/styles/a,b%2Cc/.x,y.z/;points=1;points=2/;id=e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        let empty = try await api.echoPathStyles(tags: [], labels: [], points: [], id: id)
        #expect(empty.path == "/echo/styles////;id=e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
    }

    /// Query lists in each of OpenAPI's styles, as RFC 6570 and the specification's examples write
    /// them: a comma between values is literal, a value's own comma encoded, so a server that
    /// splits the raw query before decoding it (as swift-openapi-runtime's does) reads each value.
    @Test func queryListStylesReachTheServerAsRFC6570WritesThem() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let echo = try await api.echoQueryStyles(
            names: ["a,b", "c"], words: ["d e", "f"], choices: ["g|h", "i"],
            point: EchoQueryStylesPoint(x: "1,5", y: "2"))
        #expect(echo.rawQuery == "names=a%2Cb,c&words=d%20e%20f&choices=g%7Ch%7Ci&point=x,1%2C5,y,2")
        let split = echo.rawQuery.split(separator: "&").map { $0.split(separator: "=")[1].split(separator: ",") }
        #expect(split.first?.map { $0.removingPercentEncoding } == ["a,b", "c"])
        let none = try await api.echoQueryStyles(names: [], words: [], choices: [])
        #expect(none.rawQuery.isEmpty)
    }

    /// A parameter with `allowReserved` keeps `:/?@!$'()*,;` and percent-encoded triples as they
    /// are (RFC 6570's reserved expansion) and encodes what the query gives a meaning of its own.
    @Test func aParameterThatAllowsReservedCharactersKeepsThem() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let echo = try await api.echoQueryStyles(next: "https://example.com/a b?c=d&e+f#g,(h)*;i:%7E[j]")
        #expect(echo.rawQuery == "next=https://example.com/a%20b?c%3Dd%26e%2Bf%23g,(h)*;i:%7E%5Bj%5D")
    }

    /// Header and cookie parameters that are objects or unions, in OpenAPI's `simple` style (a
    /// cookie's `form`): `x=1,y=2` exploded, `size,2,theme,dark` not, a union's string unquoted.
    @Test func headerAndCookieObjectsAreSentInTheirStyles() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let echo = try await api.echoQueryStyles(
            xPoint: EchoQueryStylesXPoint(x: 1, y: 2), xEither: .string("b c"),
            prefs: EchoQueryStylesPrefs(theme: "dark", size: 2))
        #expect(echo.headers["x-point"] == "x=1,y=2")
        #expect(echo.headers["x-either"] == "b c")
        #expect(echo.headers["cookie"] == "prefs=size,2,theme,dark")
        let number = try await api.echoQueryStyles(xEither: .int(7))
        #expect(number.headers["x-either"] == "7" && number.headers["x-point"] == nil)
    }

    /// Object and union path parameters, expanded as RFC 6570 does in each style: a value's own
    /// comma is encoded, the separators are not.
    @Test func objectPathParametersReachTheServerAsRFC6570WritesThem() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let echo = try await api.echoPathObjects(
            point: PathPoint(x: "a,b", y: 2), area: PathPoint(x: "c.d"), spot: PathPoint(x: "e", y: 3),
            either: .string("f g"))
        #expect(echo.path == "/echo/objects/x,a%2Cb,y,2/.x=c.d/;spot=x,e,y,3/f%20g")
        let number = try await api.echoPathObjects(
            point: PathPoint(x: "1"), area: PathPoint(x: "2", y: 5), spot: PathPoint(x: "3"), either: .int(4))
        #expect(number.path == "/echo/objects/x,1/.x=2.y=5/;spot=x,3/4")
    }

    /// A parameter the description gives as `content: application/json` is its value's JSON text,
    /// not a form or a list: an object, an array and a quoted string.
    @Test func jsonContentParametersAreSentAsJSONText() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let echo = try await api.echoJSONParameters(
            scope: ["a b", "c/d"], where: Filter(name: "Ada", minSize: 2), near: [1.5, -2], xContext: "a/b")
        #expect(echo.path == "/echo/search/%5B%22a%20b%22%2C%22c%2Fd%22%5D")
        #expect(echo.query?["where"] == [#"{"minSize":2,"name":"Ada"}"#])
        #expect(echo.query?["near"] == ["[1.5,-2.0]"])  // JSON: a whole `Double` keeps its fraction
        #expect(echo.headers["x-context"] == #""a/b""#)
        let none = try await api.echoJSONParameters(scope: [])
        #expect(none.query?["where"] == nil && none.headers["x-context"] == nil)
    }

    @Test func jsonAndFormBodies() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let widget = Widget(
            id: UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!, name: "W", kind: .gadget, class: "c")
        let sent = try await api.createWidget(body: widget)
        #expect(sent.method == "POST")
        #expect(sent.headers["content-type"] == "application/json")
        let roundTrip = try decode(Widget.self, try #require(sent.body))
        #expect(roundTrip == widget)

        let form = try await api.submitForm(
            body: SubmitFormRequest(email: "a+b@example.com", topics: ["x", "y"], subscribe: true))
        #expect(form.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(form.body == "email=a%2Bb%40example.com&subscribe=true&topics=x&topics=y")
    }

    /// A body offered in kinds whose schemas differ is several requests: JSON rows, a multipart
    /// upload of a CSV file, and the CSV as the body, each an overload labelled by its kind. The
    /// URL-encoded form names the JSON's schema again, so it gets no overload of its own.
    @Test func eachKindOfBodyWithItsOwnSchemaIsAnOverload() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let rows = try await api.importRows(body: ImportRowsRequest(name: "q3", rows: [["a": "1", "b": "2"]]))
        #expect(rows.headers["content-type"] == "application/json")
        #expect(
            try decode([String: JSONValue].self, try #require(rows.body)) == [
                "name": "q3", "rows": [["a": "1", "b": "2"]],
            ])

        let csv = "a,b\r\n1,2\r\n"
        let upload = try await api.importRows(
            multipartBody: ImportRowsForm(
                name: "q3", file: MultipartFile(data: Data(csv.utf8), filename: "q3.csv", contentType: "text/csv"),
                keyColumns: ["a"]),
            multipart: true)
        #expect(upload.query?["multipart"] == ["true"])
        let contentType = try #require(upload.headers["content-type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let text = try #require(upload.body)
        #expect(text.contains(#"Content-Disposition: form-data; name="file"; filename="q3.csv""#))
        #expect(text.contains("Content-Type: text/csv\r\n\r\n\(csv)\r\n--"))
        #expect(text.contains(#"name="key_columns""# + "\r\n\r\na\r\n"))

        let plain = try await api.importRows(text: csv)
        #expect(plain.headers["content-type"] == "text/csv")
        #expect(plain.body == csv)
    }

    /// A widget read with keys set to `null` goes back with them: `null` and a missing key both
    /// read `nil`, but a server told `"price": null` clears the price, and one told nothing
    /// keeps it. A key set since is sent with its value.
    @Test func keysReadAsNullAreSentAsNull() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let read =
            #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","name":"W","kind":"gadget","class":"c","#
            + #""price":null,"dimensions":null,"tags":null,"note":null,"anything":null}"#
        var widget = try decode(Widget.self, read)
        #expect(widget.price == nil && widget.dimensions == nil && widget.tags == nil && widget.anything == nil)
        #expect(widget == Widget(id: widget.id, name: "W", kind: .gadget, class: "c"))
        widget.tags = ["t"]
        let sent = try await api.createWidget(body: widget)
        let body = try decode([String: JSONValue].self, try #require(sent.body))
        #expect(body["price"] == .null && body["dimensions"] == .null && body["anything"] == .null)
        #expect(body["note"] == .null && body["tags"] == .array([.string("t")]))
        // Keys that were missing stay missing.
        #expect(body["weight"] == nil && body["cost"] == nil && body["parent"] == nil)
    }

    /// A merge patch (RFC 7396) clears a value with `null` and keeps one with a missing key:
    /// `setNull(_:)` sends a key as `null`, a property left `nil` is left out, and a property
    /// set after `setNull(_:)` sends its value.
    @Test func setNullSendsAKeyAsNullInAMergePatch() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        var update = WidgetUpdate(name: "Renamed", price: 9.5)
        update.setNull(.note)
        update.setNull(.filter)
        update.setNull(.price)
        update.setNull(.tags)
        update.tags = ["kept"]
        #expect(update.price == nil && update.note == nil && update.tags == ["kept"])
        let sent = try await api.updateWidget(widgetID: "w1", body: update)
        #expect(sent.method == "PATCH" && sent.headers["content-type"] == "application/merge-patch+json")
        let body = try decode([String: JSONValue].self, try #require(sent.body))
        #expect(
            body == [
                "name": .string("Renamed"), "note": .null, "filter": .null, "price": .null,
                "tags": .array([.string("kept")]),
            ])
        // Without `setNull(_:)`, a `nil` property is left out.
        let plain = try await api.updateWidget(widgetID: "w1", body: WidgetUpdate(name: "Only"))
        #expect(try decode([String: JSONValue].self, try #require(plain.body)) == ["name": .string("Only")])
    }

    /// `*/*` is a range, not a media type to send: raw file data (a string schema, as GitHub
    /// describes release assets) goes as bytes with the type the caller names, JSON (an object
    /// schema, as Kubernetes describes its bodies) goes as `application/json`, as it does where
    /// several JSON types are offered (ASP.NET lists a JSON Patch type first), and a binary
    /// schema answers with the body's bytes, asked for with `Accept: */*`. A `format: binary`
    /// property of a JSON value is the text the server sent, and `format: byte` is base64: `abcd`
    /// is valid base64, which would have read as three other bytes.
    @Test func anyMediaTypeSendsBytesOrJSONAndBinaryTextStaysText() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let file = try await api.putAttachment(
            name: "a.zip", body: .data(Data("abcd".utf8)), contentType: "application/zip")
        #expect(file.method == "PUT" && file.headers["content-type"] == "application/zip")
        #expect(file.body == "abcd" && file.bodyBase64 == Data("abcd".utf8))
        let unnamed = try await api.putAttachment(name: "b", body: .data(Data([0xFF, 0x00])))
        #expect(unnamed.headers["content-type"] == "application/octet-stream")
        #expect(unnamed.body == nil && unnamed.bodyBase64 == Data([0xFF, 0x00]))

        let note = try await api.postAttachmentNote(name: "a.zip", body: WidgetUpdate(name: "n"))
        #expect(note.headers["content-type"] == "application/json")
        #expect(try decode([String: JSONValue].self, try #require(note.body)) == ["name": .string("n")])

        // JSON offered under several JSON types: plain JSON, unless the caller names another.
        let plain = try await api.patchAttachmentNote(name: "a", body: WidgetUpdate(name: "p"))
        #expect(plain.headers["content-type"] == "application/json")
        let merge = try await api.patchAttachmentNote(
            name: "a", body: WidgetUpdate(name: "p"), contentType: "application/merge-patch+json")
        #expect(merge.headers["content-type"] == "application/merge-patch+json")
        #expect(try decode([String: JSONValue].self, try #require(merge.body)) == ["name": .string("p")])

        let bytes = try await api.getAttachment(name: "a.zip")
        let echo = try decode([String: JSONValue].self, String(decoding: bytes, as: UTF8.self))
        #expect(echo["method"] == .string("GET"))
        guard case .object(let headers)? = echo["headers"] else { Issue.record("no headers in \(echo)"); return }
        #expect(headers["accept"] == .string("*/*"))
    }

    /// A union tagged by an integer (its mapping's keys are the numbers' text) takes the number
    /// the payload carries: each tile lands in its own case, and an unknown number is kept whole.
    @Test(arguments: [
        (#"{"kind":1,"side":2}"#, "squareTile"), (#"{"kind":2,"radius":1.5}"#, "roundTile"),
        (#"{"kind":2}"#, "roundTile"),
    ])
    func anIntegerTagChoosesItsVariant(json: String, variant: String) throws {
        let example = DescriptionExample.decoding(Tile.self, name: "tile", json: json, variant: variant)
        let result = try example.check()
        #expect(result.isFaithful, "\(result)")
        guard case .undocumented(let value) = try decode(Tile.self, #"{"kind":3,"side":2}"#) else {
            Issue.record("An unknown tag should be kept as undocumented")
            return
        }
        #expect(value == .object(["kind": .int(3), "side": .int(2)]))
    }

    /// A form body's `encoding` object decides how each property is written, as it does for
    /// Stripe's 698 fields (`metadata[key]=value`): `deepObject` in brackets, `form` without
    /// explode as one item, and a property it gives only a `contentType` as JSON text.
    @Test func formBodiesFollowTheirEncodingObject() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let form = try await api.submitForm(
            body: SubmitFormRequest(
                email: "a@b.c", address: SubmitFormRequestAddress(city: "Paris", lines: ["1 Rue", "Apt 2"]),
                metadata: ["order": "7"], codes: ["x", "y,z"], preferences: SubmitFormRequestPreferences(theme: "dark"))
        )
        let fields = try #require(form.body).split(separator: "&").map { String($0).removingPercentEncoding! }
        #expect(
            fields == [
                "address[city]=Paris", "address[lines][]=1+Rue", "address[lines][]=Apt+2", "codes=x,y,z",
                "email=a@b.c", "metadata[order]=7", #"preferences={"theme":"dark"}"#,
            ])
        // The commas between the codes are written as they are, the one inside a code encoded.
        #expect(form.body?.contains("&codes=x,y%2Cz&") == true)
    }

    /// Each successful status gets its own body: 200 the job, 202 a ticket, 204 nothing; a status
    /// the description does not list is a decoding error that says so, not a guess.
    @Test func successfulStatusesWithDifferentBodiesEachDecode() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        #expect(try await api.getJob(outcome: "done") == .ok(Job(id: "j1", result: "ok")))
        #expect(try await api.getJob(outcome: "queued") == .accepted(GetJobResponse202(ticket: 7)))
        #expect(try await api.getJob(outcome: "none") == .noContent)
        do {
            _ = try await api.getJob(outcome: "moved")
            Issue.record("Expected a decoding error for the unlisted 201")
        } catch .decoding(let failure) {
            #expect(failure.response.status == 201)
            #expect(failure.reason.contains("lists no response for status 201"))
        }
    }

    @Test func errorBodiesDecodePerStatus() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        do {
            _ = try await api.failWithStatus(code: 404)
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.message == "Request failed with 404")
            guard case .status404(let body)? = failure.body(as: FailWithStatusErrorBody.self) else {
                Issue.record("Expected the 404 body, got \(String(describing: failure.body))")
                return
            }
            #expect(body.code == "E404")
        }
        do {
            _ = try await api.failWithStatus(code: 403, format: "problem")
            Issue.record("Expected a server error")
        } catch .server(let failure) {
            #expect(failure.status == 403)
            guard case .other(let problem)? = failure.body(as: FailWithStatusErrorBody.self) else {
                Issue.record("Expected the default body")
                return
            }
            #expect(problem.title == "Out of credit")
            #expect(failure.message == "Your balance is 30.")
        }
    }

    @Test func responsesDecodeFromTheServer() async throws {
        let api = Showcase(baseURL: TestServer.shared.baseURL)
        let users = try await api.listUsers()
        #expect(users.map(\.name) == ["Ada Lovelace", "Alan Turing"])
        #expect(users[1].email == nil)
        // `password` is required but `writeOnly`: the server leaves it out of its answers, and a
        // request carries it.
        #expect(users.allSatisfy { $0.password == nil })
        var newUser = users[0]
        newUser.password = "s3cret"
        let sent = try JSONSerialization.jsonObject(with: JSONEncoder().encode(newUser)) as? [String: Any]
        #expect(sent?["password"] as? String == "s3cret")
    }
    /// schemars' `Option<T>` (`anyOf: [T, {nullable: true}]`) is an optional `T`, not a union
    /// of `T` and any JSON value; a `u64` id keeps its largest values, which no `Int64` holds.
    @Test(arguments: [
        #"{"id":18446744073709551615,"payload":null,"shard_key":"region_1"}"#,
        #"{"id":"5c56c793-69f3-4fbf-87e6-c4bf54c28c26","payload":{"city":"London"},"shard_key":7}"#,
        #"{"id":0}"#,
    ])
    func optionAsSchemarsWritesItIsOptional(json: String) throws {
        let record = try JSONDecoder().decode(PointRecord.self, from: Data(json.utf8))
        let payload: [String: JSONValue]? = record.payload
        let shardKey: ShardKey? = record.shardKey
        switch record.id {
        case .uInt64(let id): #expect(id == 18_446_744_073_709_551_615 || id == 0)
        case .uuid(let id): #expect(id.uuidString == "5C56C793-69F3-4FBF-87E6-C4BF54C28C26")
        }
        #expect(payload == nil || payload?["city"] == .string("London"))
        #expect(shardKey == nil || shardKey == .string("region_1") || shardKey == .uInt64(7))
        let result = try DescriptionExample.decoding(PointRecord.self, name: "point", json: json).check()
        #expect(result.isFaithful, "\(result)")
    }
}
