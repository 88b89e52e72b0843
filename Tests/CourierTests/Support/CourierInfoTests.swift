import Courier
import Foundation
import Testing

/// `CourierInfo.version` is written once; these keep what else states it in step.
@Suite struct CourierInfoTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theREADMEInstallsThisVersion() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        // `.package(url: "https://github.com/…/courier.git", from: "0.10.0"),`
        let line = try #require(readme.split(separator: "\n").first { $0.contains("courier.git\", from: \"") })
        let version = line.split(separator: "from: \"").last?.prefix { $0 != "\"" }
        #expect(version.map(String.init) == CourierInfo.version)
    }

    @Test func theVersionIsSemantic() {
        let core = CourierInfo.version.split(separator: "-", maxSplits: 1)[0].split(separator: ".")
        #expect(core.count == 3 && core.allSatisfy { Int($0) != nil })
        #expect(APIClient.Configuration.defaultUserAgent.hasPrefix("Courier/\(CourierInfo.version) ("))
    }

    /// A release is a tag on the commit; it must name the version the code reports.
    @Test func releaseTagsOnThisCommitNameThisVersion() throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", Self.root.path, "tag", "--points-at", "HEAD"]
        let output = Pipe()
        git.standardOutput = output
        git.standardError = FileHandle.nullDevice
        try git.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        let releases = text.split(separator: "\n").map { $0.hasPrefix("v") ? String($0.dropFirst()) : String($0) }
            .filter { $0.split(separator: ".").count >= 3 && $0.first?.isNumber == true }
        for release in releases { #expect(release == CourierInfo.version, "Tagged \(release)") }
    }
}
