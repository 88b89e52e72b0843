import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// The generated models decode every payload we test them with alike through Courier's JSON
/// decoder (what the client uses) and through Foundation's: the same findings for each of
/// Stripe's fixtures, the AI-style payloads and the museum description's examples. A
/// `JSONDecoder` subclass is how a check reaches Foundation's decoder (Courier leaves
/// subclasses to themselves).
@Suite(.onComputeThreads) struct DecoderAgreementTests {
    final class FoundationOnly: JSONDecoder, @unchecked Sendable {
        override init() {
            super.init()
            dateDecodingStrategy = .rfc3339
        }
    }

    /// One test for the 276 examples keeps `swift test`'s output to a line; each issue names its
    /// example.
    @Test func bothDecodersFindTheSame() {
        for example in StripeAPIExamples.all + ShowcaseAPIExamples.all + MuseumAPIExamples.all {
            let courier = Result { try example.check() }
            let foundation = Result { try example.check(decoder: FoundationOnly()) }
            switch (courier, foundation) {
            case (.success(let mine), .success(let theirs)): #expect(mine == theirs, "\(example.name)")
            case (.failure, .failure): break
            default: Issue.record("\(example.name): Courier: \(courier); Foundation: \(foundation)")
            }
        }
    }
}
