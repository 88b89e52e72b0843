package import Foundation

/// The `courier` command: parses arguments, runs the generator, and returns the exit status.
///
/// ```
/// courier generate Specs/petstore.yaml --output Sources/Generated/PetstoreAPI [--module PetstoreAPI]
///     [--access public|package|internal] [--examples Tests/PetstoreExamples.swift] [--check] [--quiet]
/// courier generate-all [--manifest Specs/courier.yaml] [--check] [--quiet]
/// courier dump <spec> [--overlay <file>]...
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
                   [--examples <file.swift>] [--payloads <file.json>] [--error-body <schema>] [--overlay <file>]...
                   [--check] [--quiet]
               courier generate-all [--manifest Specs/courier.yaml] [--check] [--quiet]
               courier dump <spec>
               courier read <spec>
        Each command takes --help.
        """

    /// A subcommand: what it takes, and its help.
    struct Command {
        var name: String
        /// How many positional arguments it takes.
        var positionalCount: Int
        /// Options that take a value.
        var valueOptions: [String]
        /// Options without a value.
        var flags: [String]
        var help: String
        /// Value options that may be given more than once.
        var repeatableOptions: [String] = []
    }

    static let commands: [Command] = [
        Command(
            name: "generate", positionalCount: 1,
            valueOptions: [
                "--output", "--module", "--access", "--examples", "--payloads", "--error-body", "--overlay",
            ],
            flags: ["--check", "--quiet"],
            help: """
                usage: courier generate <spec> --output <dir> [options]
                Generates a Swift module from an OpenAPI 3.0, 3.1 or 3.2 description (JSON or YAML).
                  --output <dir>       the module's folder (required)
                  --module <name>      the module name (default: the output folder's name)
                  --access <level>     public, package or internal (default: public)
                  --examples <file>    also write the description's examples as checks for a test target
                  --payloads <file>    real payloads keyed by schema name, or a list of such objects
                                       (file.json#/pointer), checked with the examples
                  --error-body <name>  the schema operations without an error response decode errors with
                                       (default: the one more than half of the operations declare)
                  --overlay <file>     an OpenAPI Overlay (1.0 or 1.1) to apply to the description first;
                                       repeat it for several, applied in order
                  --check              compare with the files on disk instead of writing; exit 1 if stale
                  --quiet              print nothing but warnings and errors
                """, repeatableOptions: ["--overlay"]),
        Command(
            name: "generate-all", positionalCount: 0, valueOptions: ["--manifest"], flags: ["--check", "--quiet"],
            help: """
                usage: courier generate-all [--manifest Specs/courier.yaml] [--check] [--quiet]
                Generates every module the manifest lists into Sources/Generated/<module>.
                  --manifest <file>    the manifest (default: Specs/courier.yaml)
                  --check              compare with the files on disk instead of writing; exit 1 if stale
                  --quiet              print nothing but warnings and errors
                """),
        Command(
            name: "dump", positionalCount: 1, valueOptions: ["--overlay"], flags: [],
            help: """
                usage: courier dump <spec> [--overlay <file>]...
                Reads a description and prints it as canonical JSON, with the overlays applied.
                  --overlay <file>     an OpenAPI Overlay to apply first; repeat it for several
                """, repeatableOptions: ["--overlay"]),
        Command(
            name: "read", positionalCount: 1, valueOptions: [], flags: [],
            help: """
                usage: courier read <spec>
                Reads a description (a syntax check) and says how fast.
                """),
    ]

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
        guard let name = arguments.first else {
            printError(Self.usage)
            return 2
        }
        if name == "--help" || name == "-h" || name == "help" {
            printOutput(Self.usage)
            return 0
        }
        guard let command = Self.commands.first(where: { $0.name == name }) else {
            printError("courier: unknown command '\(name)'.\n" + Self.usage)
            return 2
        }
        let options: Options
        switch Options.parse(arguments.dropFirst(), for: command) {
        case .success(let parsed): options = parsed
        case .failure(let problem):
            if problem == .help {
                printOutput(command.help)
                return 0
            }
            printError("courier \(command.name): \(problem.message)\n" + command.help)
            return 2
        }
        switch command.name {
        case "generate":
            guard let outputPath = options.values["--output"] else {
                printError("courier generate: --output <dir> is required.\n" + command.help)
                return 2
            }
            let spec = resolve(options.positional[0])
            let output = resolve(outputPath)
            guard let access = Generator.AccessLevel(rawValue: options.values["--access"] ?? "public") else {
                printError("courier generate: --access must be public, package or internal.")
                return 2
            }
            return generate(
                spec: spec, displayPath: Manifest.relative(spec, to: workingDirectory), output: output,
                module: options.values["--module"] ?? output.lastPathComponent, access: access,
                examples: options.values["--examples"].map(resolve),
                payloads: options.values["--payloads"].map { Generator.Payloads($0, relativeTo: workingDirectory) },
                errorBody: options.values["--error-body"], overlays: (options.lists["--overlay"] ?? []).map(resolve),
                options: options)
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
                    access: entry.access, examples: entry.examples, payloads: entry.payloads,
                    errorBody: entry.errorBody, pagination: entry.pagination, overlays: entry.overlays,
                    options: options)
                status = max(status, result)
            }
            return status
        case "dump":
            do {
                let spec = resolve(options.positional[0])
                var node = try DocumentReader.read(
                    contentsOf: spec, displayPath: Manifest.relative(spec, to: workingDirectory))
                var warnings: [ReadWarning] = []
                for file in (options.lists["--overlay"] ?? []).map(resolve) {
                    try Overlay(contentsOf: file, displayPath: Manifest.relative(file, to: workingDirectory))
                        .apply(to: &node, warnings: &warnings)
                }
                for warning in warnings { printError("\(warning.location): warning: \(warning.message)") }
                printOutput(node.canonicalJSON)
                return 0
            } catch {
                printError("\(error)")
                return 1
            }
        default:
            // `read`: reads a description (a syntax check) and says how fast (`Scripts/reader-speed.py`).
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
        }
    }

    private func resolve(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
    }

    /// Generates one module, and its example checks when `examples` names a file; with
    /// `--check`, compares instead of writing.
    private func generate(
        spec: URL, displayPath: String, output: URL, module: String, access: Generator.AccessLevel, examples: URL?,
        payloads: Generator.Payloads?, errorBody: String? = nil, pagination: [String: PaginationSetting] = [:],
        overlays: [URL] = [], options: Options
    ) -> Int32 {
        let quiet = options.flags.contains("--quiet")
        let start = ContinuousClock.now
        let result: Generator.Output
        do {
            let overlays = try overlays.map { (file) throws(GenerationError) in
                try Overlay(contentsOf: file, displayPath: Manifest.relative(file, to: workingDirectory))
            }
            result = try Generator(
                moduleName: module, accessLevel: access, errorBody: errorBody, pagination: pagination
            )
            .generate(
                specFile: spec, displayPath: displayPath, payloads: payloads, overlays: overlays)
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

    /// Positional arguments, `--name value` options and flags, checked against what a command takes.
    struct Options {
        var positional: [String] = []
        var values: [String: String] = [:]
        /// The values of options that may be given more than once, in order.
        var lists: [String: [String]] = [:]
        var flags: Set<String> = []

        /// Why arguments were refused.
        enum Problem: Error, Equatable {
            case help
            case unknownOption(String, suggestion: String?)
            case missingValue(String)
            case repeated(String)
            case unexpectedArgument(String)
            case missingArgument

            var message: String {
                switch self {
                case .help: "help"
                case .unknownOption(let option, let suggestion):
                    "unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
                case .missingValue(let option): "\(option) needs a value."
                case .repeated(let option): "\(option) is given more than once."
                case .unexpectedArgument(let argument): "unexpected argument '\(argument)'."
                case .missingArgument: "a description file is required."
                }
            }
        }

        static func parse(_ arguments: ArraySlice<String>, for command: Command) -> Result<Options, Problem> {
            var options = Options()
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                if argument == "--help" || argument == "-h" { return .failure(.help) }
                if argument.hasPrefix("-") && argument.count > 1 {
                    // `--name=value` is accepted too.
                    var name = argument
                    var inline: String?
                    if let equals = argument.firstIndex(of: "=") {
                        name = String(argument[..<equals])
                        inline = String(argument[argument.index(after: equals)...])
                    }
                    if command.flags.contains(name), inline == nil {
                        options.flags.insert(name)
                    } else if command.valueOptions.contains(name) {
                        guard let value = inline ?? iterator.next(), !value.isEmpty, !value.hasPrefix("--") else {
                            return .failure(.missingValue(name))
                        }
                        if command.repeatableOptions.contains(name) {
                            options.lists[name, default: []].append(value)
                            continue
                        }
                        guard options.values[name] == nil else { return .failure(.repeated(name)) }
                        options.values[name] = value
                    } else {
                        return .failure(
                            .unknownOption(
                                name,
                                suggestion: Suggestion.closest(to: name, among: command.valueOptions + command.flags)))
                    }
                } else {
                    guard options.positional.count < command.positionalCount else {
                        return .failure(.unexpectedArgument(argument))
                    }
                    options.positional.append(argument)
                }
            }
            if options.positional.count < command.positionalCount { return .failure(.missingArgument) }
            return .success(options)
        }

    }
}
