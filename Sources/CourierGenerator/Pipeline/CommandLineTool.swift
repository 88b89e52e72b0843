package import Foundation

/// The `courier` command: parses arguments, runs the generator, and returns the exit status.
///
/// ```
/// courier generate Specs/petstore.yaml --output Sources/Generated/PetstoreAPI [--module PetstoreAPI]
///     [--access public|package|internal] [--examples Tests/PetstoreExamples.swift] [--check] [--quiet]
/// courier generate-all [--manifest Specs/courier.yaml] [--check] [--quiet]
/// courier dump <spec>
/// courier read <spec>
/// ```
///
/// Exit statuses: 0 on success (or up to date with `--check`), 1 when a spec is invalid, the
/// output cannot be written, or `--check` finds stale output, 2 for a usage error.
package struct CommandLineTool: Sendable {
    /// The folder relative paths are resolved against, usually the package root.
    package var workingDirectory: URL
    /// Writes a line to standard output.
    package var printOutput: @Sendable (String) -> Void
    /// Writes a line to standard error.
    package var printError: @Sendable (String) -> Void

    /// The usage text.
    package static let usage = """
        usage: courier generate <spec> --output <dir> [--module <name>] [--access public|package|internal]
                   [--examples <file.swift>] [--check] [--quiet]
               courier generate-all [--manifest Specs/courier.yaml] [--check] [--quiet]
               courier dump <spec>
               courier read <spec>
        """

    /// Creates the tool.
    /// - Parameters:
    ///   - workingDirectory: The folder relative paths are resolved against.
    ///   - printOutput: Writes a line to standard output.
    ///   - printError: Writes a line to standard error.
    package init(
        workingDirectory: URL,
        printOutput: @escaping @Sendable (String) -> Void = { print($0) },
        printError: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) {
        // A directory URL, so relative paths resolve inside it rather than beside it.
        self.workingDirectory = URL(fileURLWithPath: workingDirectory.path, isDirectory: true)
        self.printOutput = printOutput
        self.printError = printError
    }

    /// Runs a command.
    /// - Parameter arguments: The arguments, without the program name.
    /// - Returns: The exit status.
    package func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first, let options = Options(arguments.dropFirst()) else {
            printError(Self.usage)
            return 2
        }
        switch command {
        case "generate":
            guard options.positional.count == 1, let outputPath = options.values["--output"] else {
                printError(Self.usage)
                return 2
            }
            let spec = resolve(options.positional[0])
            let output = resolve(outputPath)
            guard let access = Generator.AccessLevel(rawValue: options.values["--access"] ?? "public") else {
                printError("--access must be public, package or internal.")
                return 2
            }
            return generate(
                spec: spec, displayPath: Manifest.relative(spec, to: workingDirectory), output: output,
                module: options.values["--module"] ?? output.lastPathComponent, access: access,
                examples: options.values["--examples"].map(resolve), options: options)
        case "generate-all":
            let manifestURL = resolve(options.values["--manifest"] ?? "Specs/courier.yaml")
            let manifest: Manifest
            do {
                manifest = try Manifest.read(manifestURL, packageRoot: workingDirectory)
            } catch {
                printError("\(error)")
                return 1
            }
            var status: Int32 = 0
            for entry in manifest.entries {
                let output = workingDirectory.appendingPathComponent("Sources/Generated/\(entry.module)")
                let result = generate(
                    spec: entry.spec, displayPath: entry.displayPath, output: output, module: entry.module,
                    access: entry.access, examples: entry.examples, options: options)
                status = max(status, result)
            }
            return status
        case "dump":
            guard options.positional.count == 1 else {
                printError(Self.usage)
                return 2
            }
            do {
                printOutput(try DocumentReader.read(contentsOf: resolve(options.positional[0])).canonicalJSON)
                return 0
            } catch {
                printError("\(error)")
                return 1
            }
        case "read":
            // Reads a description (a syntax check) and says how fast: `Scripts/reader-speed.py`.
            guard options.positional.count == 1 else {
                printError(Self.usage)
                return 2
            }
            let url = resolve(options.positional[0])
            do {
                let clock = ContinuousClock()
                let start = clock.now
                _ = try DocumentReader.read(contentsOf: url)
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
                let rate = seconds > 0 ? Double(size) / seconds / 1_000_000 : 0
                printOutput(
                    "\(options.positional[0]): \(size) bytes read in \(String(format: "%.3f", seconds)) s (\(String(format: "%.0f", rate)) MB/s)"
                )
                return 0
            } catch {
                printError("\(error)")
                return 1
            }
        default:
            printError(Self.usage)
            return 2
        }
    }

    private func resolve(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
    }

    /// Generates one module, and its example checks when `examples` names a file; with
    /// `--check`, compares instead of writing.
    private func generate(
        spec: URL, displayPath: String, output: URL, module: String, access: Generator.AccessLevel, examples: URL?,
        options: Options
    ) -> Int32 {
        let quiet = options.flags.contains("--quiet")
        let start = ContinuousClock.now
        let result: Generator.Output
        do {
            result = try Generator(moduleName: module, accessLevel: access).generate(
                specFile: spec, displayPath: displayPath)
        } catch {
            printError("\(error)")
            return 1
        }
        for warning in result.warnings { printError("\(warning)") }
        let directory = OutputDirectory(url: output)
        if options.flags.contains("--check") {
            if let examples, (try? String(contentsOf: examples, encoding: .utf8)) != result.exampleChecks {
                printOutput(
                    "\(module): \(Manifest.relative(examples, to: workingDirectory)) is stale; run `swift run courier generate-all`."
                )
                return 1
            }
            let difference = directory.difference(from: result.files)
            if difference.isEmpty {
                if !quiet { printOutput("\(module): up to date (\(result.files.count) files)") }
                return 0
            }
            printOutput(
                "\(module): \(Manifest.relative(output, to: workingDirectory)) is stale; run `swift run courier generate-all`:"
            )
            printOutput(difference.summary)
            return 1
        }
        do {
            try directory.write(result.files)
        } catch {
            printError("Could not write \(output.path): \(error.localizedDescription)")
            return 1
        }
        if let examples {
            do {
                try FileManager.default.createDirectory(
                    at: examples.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(result.exampleChecks.utf8).write(to: examples, options: .atomic)
            } catch {
                printError("Could not write \(examples.path): \(error.localizedDescription)")
                return 1
            }
        }
        if !quiet {
            let lines = result.files.reduce(0) { $0 + $1.contents.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }
            printOutput(
                "\(module): \(result.operationCount) operations, \(result.typeCount) types, \(result.files.count) files, "
                    + "\(lines) lines, \(result.warnings.count) warnings, "
                    + (examples == nil ? "" : "\(result.exampleCount) examples, ")
                    + "in \(ContinuousClock.now - start)")
        }
        return 0
    }

    /// Positional arguments, `--name value` options and flags.
    struct Options {
        var positional: [String] = []
        var values: [String: String] = [:]
        var flags: Set<String> = []

        init?(_ arguments: ArraySlice<String>) {
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                if argument == "--check" || argument == "--quiet" {
                    flags.insert(argument)
                } else if argument.hasPrefix("--") {
                    guard let value = iterator.next() else { return nil }
                    values[argument] = value
                } else {
                    positional.append(argument)
                }
            }
        }
    }
}
