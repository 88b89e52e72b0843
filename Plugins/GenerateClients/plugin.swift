import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-clients [--check]`: regenerates
/// every module listed in `Specs/courier.yaml` into `Sources/Generated/<module>`.
///
/// The plugin builds the `courier` executable through the package manager and runs it, instead
/// of declaring it as a tool: SwiftPM matches tool names without regard to case, and `courier`
/// would clash with the `Courier` library.
@main
struct GenerateClients: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let build = try packageManager.build(.product("courier"), parameters: .init(configuration: .debug))
        guard build.succeeded, let courier = build.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw Failure(message: "Building courier failed:\n\(build.logText)")
        }
        let process = Process()
        process.executableURL = courier.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = ["generate-all"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "courier generate-all exited with status \(process.terminationStatus)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
