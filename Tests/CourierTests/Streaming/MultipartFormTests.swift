import CourierTestSupport
import Foundation
import Testing

@testable import Courier

@Suite struct MultipartFormTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("quote\"d", "quote%22d"),
        ("line\r\nbreak", "line%0D%0Abreak"),
        ("back\\slash", "back\\\\slash"),
        ("grüße 📎", "grüße 📎"),
    ])
    func namesAndFilenamesCannotEndTheirHeader(name: Snippet, escaped: String) {
        #expect(MultipartForm.escape(name.text) == escaped)
    }

    @Test func aFormInMemoryIsEncodedExactly() throws {
        var form = MultipartForm()
        form.append("title", "Hello")
        form.append("meta", json: ["k": 1])
        form.append("file", data: Data("abc".utf8), filename: "a.txt", contentType: "text/plain")
        let (encoded, contentType) = try form.encoded(with: JSONEncoder(), boundary: "B")
        guard let data = encoded.bufferedData else {
            Issue.record("A form without files is encoded in memory.")
            return
        }
        #expect(contentType == "multipart/form-data; boundary=B")
        let expected = [
            "--B", "Content-Disposition: form-data; name=\"title\"", "", "Hello",
            "--B", "Content-Disposition: form-data; name=\"meta\"", "Content-Type: application/json", "", "{\"k\":1}",
            "--B", "Content-Disposition: form-data; name=\"file\"; filename=\"a.txt\"", "Content-Type: text/plain", "",
            "abc", "--B--", "",
        ].joined(separator: "\r\n")
        #expect(String(decoding: data, as: UTF8.self) == expected)
    }

    @Test func theRandomBoundaryNeverOccursInAPart() throws {
        var form = MultipartForm()
        for _ in 0..<20 { form.append("field", data: Data((0..<4096).map { UInt8($0 % 256) }), filename: "x") }
        let (encoded, contentType) = try form.encoded(with: JSONEncoder())
        let boundary = String(contentType.split(separator: "=").last ?? "")
        #expect(boundary.count >= 30)
        guard let data = encoded.bufferedData else { return }
        // Each part's header and the closing line hold it; the content never does.
        let occurrences = data.ranges(of: Data("--\(boundary)".utf8)).count
        #expect(occurrences == 21)
    }

    @Test func aFormWithAFileStreamsItAndKnowsItsLength() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("form-\(UUID().uuidString).bin")
        try Data(repeating: 7, count: 1000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var form = MultipartForm()
        form.append("file", file: file)
        let (encoded, _) = try form.encoded(with: JSONEncoder(), boundary: "B")
        let body = encoded
        guard body.bufferedData == nil else {
            Issue.record("A form with a file part is streamed.")
            return
        }
        let header =
            "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.lastPathComponent)\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n"
        #expect(body.length == Int64(header.utf8.count + 1000 + "\r\n--B--\r\n".utf8.count))
        #expect(body.isReplayable)
    }

    @Test func aMissingFileFailsWhenTheRequestIsBuilt() {
        var form = MultipartForm()
        form.append("file", file: URL(fileURLWithPath: "/no/such/file.bin"))
        let client = APIClient(baseURL: URL(string: "https://example.com")!)
        #expect(throws: ServiceError.self) {
            _ = try client.makeRequest(for: Endpoint<EmptyResponse>.post("/upload", body: .multipart(form)))
        }
    }
}

extension Data {
    fileprivate func ranges(of needle: Data) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var start = startIndex
        while let range = self.range(of: needle, in: start..<endIndex) {
            found.append(range)
            start = range.upperBound
        }
        return found
    }
}
