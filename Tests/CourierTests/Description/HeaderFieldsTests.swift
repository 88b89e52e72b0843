import Courier
import Testing

@Suite struct HeaderFieldsTests {
    @Test func lookupIgnoresCaseAndKeepsOrder() {
        var headers: HeaderFields = ["Content-Type": "application/json", "X-A": "1"]
        headers.add("2", for: "x-a")
        #expect(headers["content-type"] == "application/json")
        #expect(headers.values(for: "X-a") == ["1", "2"])
        #expect(headers.fields.map(\.name) == ["Content-Type", "X-A", "x-a"])
    }

    @Test func assigningReplacesEveryFieldOfThatName() {
        var headers: HeaderFields = ["A": "1", "B": "2"]
        headers.add("3", for: "a")
        headers["A"] = "new"
        #expect(headers.fields.map(\.value) == ["new", "2"])
        headers["a"] = nil
        #expect(headers.fields.map(\.name) == ["B"])
        headers["C"] = "4"
        #expect(headers.fields.map(\.name) == ["B", "C"])
    }

    @Test func mergingLetsTheOtherSideWin() {
        let defaults: HeaderFields = ["Accept": "application/json", "User-Agent": "Courier"]
        let merged = defaults.merging(["accept": "text/plain"])
        #expect(merged["Accept"] == "text/plain")
        #expect(merged.values(for: "accept").count == 1)
        #expect(merged["User-Agent"] == "Courier")
    }
}
