import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import ParcelsAPI
import Testing

/// The client generated from the description FastAPI writes for a Pydantic service
/// (`Specs/parcels.json`, from `Scripts/fastapi_service.py`) against the loopback server, which
/// answers as that service did: with its recorded payloads and FastAPI's own validation failures.
///
/// FastAPI's operation ids end with the path and method (`get_parcel_parcels__parcel_id__get`);
/// the methods are named after the handlers (`getParcel(parcelID:)`).
@Suite struct ParcelsAPITests {
    let api = Parcels(baseURL: TestServer.shared.baseURL)

    /// A recorded payload of the service's (`Payloads/parcels.json`, first round).
    static func recorded<Value: Decodable>(_ schema: String, as type: Value.Type) throws -> Value {
        let example = try #require(ParcelsAPIExamples.all.first { $0.name == "payload \(schema)" })
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        return try decoder.decode(type, from: Data(example.json.utf8))
    }

    @Test func aParcelSentIsAnsweredWithItsDefaultsFilledIn() async throws {
        let sent = try Self.recorded("Parcel-Input", as: ParcelInput.self)
        let answer = try await api.createParcel(body: sent)
        #expect(answer.id == sent.id && answer.status == sent.status && answer.createdAt == sent.createdAt)
        // One union type serves both directions: the answer's payment is the one sent.
        #expect(answer.payment == sent.payment)
        #expect(answer.priority == sent.priority ?? .value2)
        #expect(answer.eventCount == sent.events?.count ?? 0)
        #expect(answer.sender.lines == sent.sender.lines && answer.recipient.country == sent.recipient.country)
    }

    @Test func aValidationFailureCarriesFastAPIsMessage() async throws {
        var sent = try Self.recorded("Parcel-Input", as: ParcelInput.self)
        sent.weightGrams = -1
        do {
            _ = try await api.createParcel(body: sent)
            Issue.record("Expected FastAPI's 422")
        } catch .server(let failure) {
            #expect(failure.status == 422)
            #expect(failure.message == "Input should be greater than or equal to 0")
            let body = try #require(failure.body(as: HTTPValidationError.self))
            let problem = try #require(body.detail?.first)
            #expect(problem.loc == [.string("body"), .string("weightGrams")] && problem.type == "greater_than_equal")
            #expect(problem.input == .int(-1) && problem.ctx?["ge"] == .int(0))
        }
    }

    @Test func anUnknownParcelIsTheServicesProblem() async throws {
        let recorded = try Self.recorded("Problem", as: Problem.self)
        do {
            _ = try await api.getParcel(parcelID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
            Issue.record("Expected the 404")
        } catch .server(let failure) {
            #expect(failure.status == 404)
            guard case .status404(let problem)? = failure.body(as: GetParcelErrorBody.self) else {
                Issue.record("Expected the 404's Problem, got \(String(describing: failure.body))")
                return
            }
            #expect(problem == recorded)
            #expect(failure.message == recorded.detail)
        }
    }

    /// FastAPI answers a route it does not have, and `HTTPException`s, with `{"detail": "…"}`,
    /// which is not the validation error the operation describes: the failure keeps FastAPI's
    /// message, and says why the body is not the described one.
    @Test func fastAPIsOwnNotFoundCarriesItsMessage() async throws {
        do {
            _ = try await api.parcelEvents(parcelID: UUID())
            Issue.record("Expected FastAPI's 404")
        } catch .server(let failure) {
            #expect(failure.status == 404 && failure.message == "Not Found")
            #expect(failure.body == nil && failure.bodyDecodingFailure != nil)
        }
    }

    @Test func aParcelDecodesAsTheServiceSentIt() async throws {
        let id = UUID()
        var recorded = try Self.recorded("Parcel-Output", as: ParcelOutput.self)
        recorded.id = id
        #expect(try await api.getParcel(parcelID: id) == recorded)
    }

    /// FastAPI describes an `UploadFile` as `contentMediaType` text, and an optional one as
    /// that or `null`: each is a file part.
    @Test func photosGoAsTheFilePartsFastAPIReads() async throws {
        let id = UUID()
        let photo = Data((0..<3000).map { UInt8($0 % 251) })
        let receipt = try await api.uploadPhoto(
            parcelID: id,
            body: UploadPhotoForm(
                photo: MultipartFile(data: photo, filename: "door.jpg", contentType: "image/jpeg"), caption: "Später",
                thumbnail: MultipartFile(data: Data(count: 64), filename: "thumbnail.png", contentType: "image/png"),
                extras: [
                    MultipartFile(data: Data("a".utf8), filename: "scan 1.pdf", contentType: "application/pdf"),
                    MultipartFile(data: Data(), filename: "empty.bin"),
                ]))
        #expect(receipt.parcelID == id && receipt.caption == "Später")
        #expect(receipt.photo == FileInfo(filename: "door.jpg", contentType: "image/jpeg", size: 3000))
        #expect(receipt.thumbnail?.size == 64 && receipt.thumbnail?.contentType == "image/png")
        #expect(
            receipt.extras?.map(\.filename) == ["scan 1.pdf", "empty.bin"] && receipt.extras?.map(\.size) == [1, 0])
        let bare = try await api.uploadPhoto(
            parcelID: id, body: UploadPhotoForm(photo: MultipartFile(data: Data("x".utf8), filename: "x.jpg")))
        #expect(bare.thumbnail == nil && bare.extras == [] && bare.caption == "")
    }

    @Test func statusesGoAsTheRepeatedQueryFastAPIReads() async throws {
        let page = try await api.listParcels(status: [.created, .lost, .inTransit], limit: 5)
        #expect(page == (try Self.recorded("Page_Parcel_", as: PageParcel.self)))
        do {
            _ = try await api.listParcels(status: [.created, .undocumented("lost")])
            Issue.record("Expected FastAPI's 422")
        } catch .server(let failure) {
            #expect(failure.status == 422)
            #expect(
                failure.message
                    == "Input should be 'created', 'in-transit', 'out_for_delivery', 'delivered', 'returned' or 'LOST'")
            #expect(failure.body(as: HTTPValidationError.self)?.detail?.first?.loc.last == .int(1))
        }
    }
}
