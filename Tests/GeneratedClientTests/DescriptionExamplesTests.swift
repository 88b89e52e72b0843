import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// Generated code decodes what real servers send, and can send what they take: every JSON
/// example the Redocly museum description gives for a response, a request body, a schema or a
/// property (collected by `courier generate-all` into `Examples/MuseumAPIExamples.swift`)
/// decodes with the type the generated client uses for it, and encodes back to the same values.
@Suite(.onComputeThreads) struct DescriptionExamplesTests {
    @Test(arguments: MuseumAPIExamples.all)
    func museumExamplesDecodeFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.changed.isEmpty, "\(result.changed)")
        // Keys a schema does not declare are kept too: the event ticket example's `eventName`,
        // absent from `MuseumTicketsConfirmation`'s schema, comes back.
        #expect(result.dropped.isEmpty, "\(result.dropped)")
        #expect(result.isFaithful)
    }

    @Test func everyMuseumExampleIsChecked() {
        // The description's 7 JSON response examples and 4 request body examples (of the type
        // the method sends), then the 16 its schemas and properties give, named by their JSON
        // pointers.
        let operations = MuseumAPIExamples.all.filter { !$0.name.hasPrefix("#/") }
        #expect(operations.filter { !$0.name.contains(" request ") }.count == 7)
        #expect(
            operations.filter { $0.name.contains(" request ") }.map(\.name) == [
                "POST /special-events request (default_example)",
                "PATCH /special-events/{eventId} request (default_example)",
                "POST /tickets request (general_entry)", "POST /tickets request (event_entry)",
            ])
        #expect(MuseumAPIExamples.all.count - operations.count == 16)
        #expect(Set(MuseumAPIExamples.all.map(\.name)).count == MuseumAPIExamples.all.count)
    }
}

/// Stripe's own example objects (`Payloads/stripe-fixtures3-2022-04.json`, from the same commit as
/// `Specs/stripe.json`), each decoded as its schema's type and as every union that lists that
/// schema, then encoded again: no key may be lost (one holding `null` included) or changed, a union must
/// land in the case of the object's own schema, and no object anywhere inside may fall into a
/// union's `undocumented` case.
@Suite(.onComputeThreads) struct StripeFixtureTests {
    /// One test for the 222 checks keeps `swift test`'s output to a line; each issue names its
    /// example.
    @Test func stripeFixturesDecodeFaithfully() {
        for example in StripeAPIExamples.all {
            do {
                let result = try example.check()
                #expect(result.changed.isEmpty, "\(example.name): \(result.changed)")
                #expect(result.dropped.isEmpty, "\(example.name): \(result.dropped)")
                #expect(result.wrongVariant == nil, "\(example.name): \(result.wrongVariant ?? "")")
                #expect(result.undocumented.isEmpty, "\(example.name): \(result.undocumented)")
            } catch {
                Issue.record(error, "\(example.name)")
            }
        }
    }

    @Test func everyFixtureIsChecked() {
        let payloads = StripeAPIExamples.all.filter { $0.name.hasPrefix("payload ") }
        // All 115 of Stripe's fixtures, each as its own type…
        #expect(payloads.filter { !$0.name.contains(" as ") }.count == 115)
        // …and as each union that lists its schema.
        #expect(payloads.filter { $0.name.contains(" as ") }.count == 107)
    }
}

/// Tool calls and streaming events written after a large AI API's public documentation
/// (`Payloads/showcase-events.json`): unions whose discriminator has no mapping, so that the wire's
/// `type` values (`"function"`, `"response.output_text.delta"`) are each variant's own constant,
/// not its schema name. Each decodes as its type and as the union that lists it, lands in its
/// own case, and encodes back whole.
@Suite(.onComputeThreads) struct AIStylePayloadTests {
    @Test(arguments: ShowcaseAPIExamples.all)
    func payloadsDecodeFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.isFaithful, "\(result)")
    }

    @Test func everyPayloadIsChecked() {
        #expect(ShowcaseAPIExamples.all.filter { $0.name.hasPrefix("payload ") }.count == 12)
    }

    /// A streamed response's examples are checked a value at a time: each line of JSON Lines,
    /// each server-sent event's data (its lines joined), each listed event.
    @Test func streamedExamplesAreCheckedAValueAtATime() {
        #expect(
            ShowcaseAPIExamples.all.filter { $0.name.hasPrefix("SUBSCRIBE /stream/ticks") }.map(\.name) == [
                "SUBSCRIBE /stream/ticks 200 (lines) item 1", "SUBSCRIBE /stream/ticks 200 (lines) item 2",
                "SUBSCRIBE /stream/ticks 200 (events) item 1", "SUBSCRIBE /stream/ticks 200 (events) item 2",
                "SUBSCRIBE /stream/ticks 200 (listed) item 1",
            ])
    }
}

/// Swift-DocC's own description of the symbol graphs the Swift compiler writes
/// (`Specs/symbolgraph.yaml`), with a graph the compiler wrote (`Payloads/symbol-graph.json`,
/// CourierTesting's): a description and a payload Courier did not write, decoded and encoded back
/// with every key and value.
@Suite(.onComputeThreads) struct SymbolGraphPayloadTests {
    @Test(arguments: SymbolGraphAPIExamples.all)
    func aCompilersSymbolGraphDecodesFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.isFaithful, "\(result)")
    }

    @Test func theGraphIsChecked() {
        #expect(SymbolGraphAPIExamples.all.map(\.name) == ["payload SymbolGraph"])
    }
}

/// Hugging Face's Text Generation Inference (`Specs/text-generation-inference.json`, OpenAPI 3.0
/// as utoipa writes it), with payloads written after its server's code
/// (`Payloads/text-generation-inference.json`, three rounds): chat completions with text and with
/// tool calls, stream chunks with text and tool-call deltas, token details with best-of
/// sequences, requests with image parts, a grammar and each kind of tool choice. Each decodes as
/// its type and as the `Sagemaker…` unions that list it, lands in its own case, and encodes back
/// whole. The description's own examples decode, but for those that contradict their schemas.
@Suite(.onComputeThreads) struct TextGenerationInferenceTests {
    static var payloads: [DescriptionExample] {
        TextGenerationInferenceAPIExamples.all.filter { $0.name.hasPrefix("payload ") }
    }

    @Test(arguments: payloads)
    func payloadsDecodeFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.isFaithful, "\(result)")
    }

    @Test func everyPayloadIsChecked() {
        #expect(Self.payloads.count == 40)
        #expect(Self.payloads.filter { $0.name.contains(" as Sagemaker") }.count == 17)
    }

    /// 74 of the description's 116 examples decode with nothing changed or lost. The other 42
    /// are its own: a property's example written as text where the schema says a number or a
    /// boolean (`"example": "1706270835"`), and an error example without the `error_type` its
    /// schema requires.
    @Test func theDescriptionsExamplesDecodeButWhereTheyContradictTheirSchemas() {
        var faithful = 0
        var textForNumbers = 0
        var missingErrorType = 0
        for example in TextGenerationInferenceAPIExamples.all where !example.name.hasPrefix("payload ") {
            do {
                let result = try example.check()
                #expect(result.isFaithful, "\(example.name): \(result)")
                faithful += 1
            } catch let DecodingError.typeMismatch(_, context)
                where example.name.hasPrefix("#/components/schemas/")
                && context.debugDescription.contains("but found a string instead")
            {
                textForNumbers += 1
            } catch let DecodingError.keyNotFound(key, _) where key.stringValue == "error_type" {
                missingErrorType += 1
            } catch {
                Issue.record(error, "\(example.name)")
            }
        }
        #expect(faithful == 74 && textForNumbers == 25 && missingErrorType == 17)
    }
}

/// A part of Qdrant's description (`Specs/qdrant.json`, 97 schemas as schemars writes Rust's
/// types), with payloads written after its documentation (`Payloads/qdrant.json`): filters whose
/// conditions are told apart by their keys alone, vectors that are lists of numbers, lists of
/// lists or sparse objects, ids that are `u64` (the largest among them) or UUIDs, match values of
/// three kinds, numeric and date ranges with the same keys, cluster states tagged by one-value
/// enums. Each decodes as its type and as the unions that list it, lands in its own case and
/// encodes back whole.
@Suite(.onComputeThreads) struct QdrantTests {
    static var payloads: [DescriptionExample] {
        QdrantAPIExamples.all.filter { $0.name.hasPrefix("payload ") }
    }

    @Test(arguments: payloads)
    func payloadsDecodeFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.isFaithful, "\(result)")
    }

    @Test func everyPayloadIsChecked() {
        #expect(Self.payloads.count == 39)
        #expect(QdrantAPIExamples.all.count == Self.payloads.count)
    }
}

/// The description FastAPI writes for a Pydantic service (`Specs/parcels.json`, from
/// `Scripts/fastapi_service.py`), with three rounds of payloads its own handlers sent and accepted
/// (`Payloads/parcels.json`, written by `Scripts/pydantic-payloads.py --write`): unions tagged by
/// `const` properties (nested, recursive, one tagged by integers), a union whose members are told
/// apart by their required keys, people and companies told apart by closed models, decimals as
/// text, durations, tuples, maps keyed by enums and dates, aliases and computed fields, request
/// bodies without `null`s, without unset or default values. Each decodes as its type and as the
/// unions that list it, lands in its own case and encodes back whole.
@Suite(.onComputeThreads) struct ParcelsTests {
    static var payloads: [DescriptionExample] {
        ParcelsAPIExamples.all.filter { $0.name.hasPrefix("payload ") }
    }

    @Test(arguments: payloads)
    func payloadsDecodeFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.isFaithful, "\(result)")
    }

    @Test func everyPayloadIsChecked() {
        #expect(Self.payloads.count == 207)
        #expect(ParcelsAPIExamples.all.count == Self.payloads.count)
    }
}

/// The description drf-spectacular writes for a Django REST framework service
/// (`Specs/library.yaml`, from `Scripts/drf_library/`), with three rounds of payloads the
/// framework rendered and accepted (`Payloads/library.json`, written by `Scripts/drf-payloads.py
/// --write`): pages of three kinds, books whose status may be blank or null (`oneOf` with
/// `BlankEnum` and `NullEnum`), decimals as text, Django's durations, JSON fields, nested loans,
/// search hits of two kinds tagged by a mapping, and create and partial-update bodies. Each decodes
/// as its type and as the unions that list it, lands in its own case and encodes back whole.
@Suite(.onComputeThreads) struct LibraryTests {
    @Test(arguments: LibraryAPIExamples.all)
    func payloadsAndExamplesDecodeFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.isFaithful, "\(result)")
    }

    /// The payloads, and the examples drf-spectacular gives the pages' `count`, `next` and
    /// `previous`.
    @Test func everyPayloadIsChecked() {
        #expect(LibraryAPIExamples.all.count(where: { $0.name.hasPrefix("payload ") }) == 69)
        #expect(LibraryAPIExamples.all.count == 69 + 8)
    }
}

/// The description flask-smorest writes for a Flask and marshmallow service (`Specs/tickets.json`,
/// from `Scripts/smorest_tickets.py`), with five rounds of payloads the service sent and accepted
/// (`Payloads/tickets.json`, written by `Scripts/smorest-payloads.py --write`), requests and
/// answers in rounds of their own: OpenAPI 3.0's `nullable`, a priority enum by value described
/// without a `type`, a nested person that may be null (`anyOf` of a nullable object and the
/// reference), free-form values, one ticket schema for requests (with a write-only token) and
/// answers (with read-only comments and watchers), the `X-Pagination` header's object, and
/// flask-smorest's error bodies (a 404, and 422s with marshmallow's messages by field). Each
/// decodes as its type, lands in its own case and encodes back whole.
@Suite(.onComputeThreads) struct TicketsTests {
    @Test(arguments: TicketsAPIExamples.all)
    func payloadsDecodeFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.isFaithful, "\(result)")
    }

    @Test func everyPayloadIsChecked() {
        #expect(TicketsAPIExamples.all.count(where: { $0.name.hasPrefix("payload ") }) == 39)
        #expect(TicketsAPIExamples.all.count == 39)
    }
}
