import CourierTesting
import Foundation
import Testing

/// Generated code decodes what real servers send: every JSON example the Redocly museum
/// description gives for a response (collected by `courier generate-all` into
/// `Examples/MuseumAPIExamples.swift`) decodes with the type the generated client uses for that
/// response, and encodes back to the same values.
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

    @Test func everyMuseumResponseExampleIsChecked() {
        // The description's 7 JSON response examples (its request examples are not responses).
        #expect(MuseumAPIExamples.all.count == 7)
        #expect(Set(MuseumAPIExamples.all.map(\.name)).count == 7)
    }
}
