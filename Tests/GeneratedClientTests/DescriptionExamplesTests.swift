import CourierTesting
import Foundation
import Testing

/// Generated code decodes what real servers send: every JSON example the Redocly museum
/// description gives for a response, a schema or a property (collected by `courier
/// generate-all` into `Examples/MuseumAPIExamples.swift`) decodes with the type the generated
/// client uses for it, and encodes back to the same values.
@Suite struct DescriptionExamplesTests {
    @Test(arguments: MuseumAPIExamples.all)
    func museumExamplesDecodeFaithfully(_ example: DescriptionExample) throws {
        let result = try example.check()
        #expect(result.changed.isEmpty, "\(result.changed)")
        // The only value the types leave out is one the description does not declare: the
        // event ticket example's `eventName`, absent from `MuseumTicketsConfirmation`'s schema.
        let expectedDropped = example.name == "POST /tickets 201 (event_entry)" ? ["$.eventName"] : []
        #expect(result.dropped == expectedDropped)
    }

    @Test func everyMuseumExampleIsChecked() {
        // The description's 7 JSON response examples (its request examples are not responses),
        // then the 16 its schemas and properties give, named by their JSON pointers.
        let responses = MuseumAPIExamples.all.filter { !$0.name.hasPrefix("#/") }
        #expect(responses.count == 7)
        #expect(MuseumAPIExamples.all.count - responses.count == 16)
        #expect(Set(MuseumAPIExamples.all.map(\.name)).count == MuseumAPIExamples.all.count)
    }
}
