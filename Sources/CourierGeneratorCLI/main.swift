// courier: generates Swift clients from OpenAPI documents.
//
//     courier generate Specs/petstore.yaml --output Sources/Generated/PetstoreAPI [--module PetstoreAPI] [--access public] [--check]
//     courier generate-all [--manifest Specs/courier.yaml] [--check]
//
// --check writes nothing: it exits 1 and lists the differences when the committed output is stale.

import CourierGenerator
import Foundation

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

let usage = """
    usage: courier generate <spec> --output <dir> [--module <name>] [--access public|package|internal] [--check]
           courier generate-all [--manifest Specs/courier.yaml] [--check]
           courier dump <spec>
    """

struct Options {
    var positional: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--check" || argument == "--quiet" {
                flags.insert(argument)
            } else if argument.hasPrefix("--") {
                guard let value = iterator.next() else { fail("\(argument) needs a value.\n\(usage)") }
                values[argument] = value
            } else {
                positional.append(argument)
            }
        }
    }
}

let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

/// Generates one module; returns false when --check finds it stale.
func run(
    spec: URL, displayPath: String, output: URL, module: String, access: Generator.AccessLevel, check: Bool, quiet: Bool
) -> Bool {
    let start = ContinuousClock.now
    let result: Generator.Output
    do {
        result = try Generator(moduleName: module, accessLevel: access).generate(
            specFile: spec, displayPath: displayPath)
    } catch {
        fail("\(error)", code: 1)
    }
    for warning in result.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
    let directory = OutputDirectory(url: output)
    let elapsed = ContinuousClock.now - start
    if check {
        let difference = directory.difference(from: result.files)
        if difference.isEmpty {
            if !quiet { print("\(module): up to date (\(result.files.count) files)") }
            return true
        }
        print(
            "\(module): \(Manifest.relative(output, to: workingDirectory)) is stale; run `swift run courier generate-all`:"
        )
        print(difference.summary)
        return false
    }
    do {
        try directory.write(result.files)
    } catch {
        fail("Could not write \(output.path): \(error.localizedDescription)", code: 1)
    }
    let lines = result.files.reduce(0) { $0 + $1.contents.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }
    if !quiet {
        print(
            "\(module): \(result.operationCount) operations, \(result.typeCount) types, \(result.files.count) files, \(lines) lines, \(result.warnings.count) warnings, in \(elapsed)"
        )
    }
    return true
}

let arguments = CommandLine.arguments.dropFirst()
guard let command = arguments.first else { fail(usage) }
let options = Options(arguments.dropFirst())

switch command {
case "generate":
    guard options.positional.count == 1, let outputPath = options.values["--output"] else { fail(usage) }
    let spec = URL(fileURLWithPath: options.positional[0], relativeTo: workingDirectory).standardizedFileURL
    let output = URL(fileURLWithPath: outputPath, relativeTo: workingDirectory).standardizedFileURL
    let module = options.values["--module"] ?? output.lastPathComponent
    guard let access = Generator.AccessLevel(rawValue: options.values["--access"] ?? "public") else {
        fail("--access must be public, package or internal.")
    }
    let ok = run(
        spec: spec, displayPath: Manifest.relative(spec, to: workingDirectory), output: output, module: module,
        access: access, check: options.flags.contains("--check"), quiet: options.flags.contains("--quiet"))
    exit(ok ? 0 : 1)
case "generate-all":
    let manifestURL = URL(
        fileURLWithPath: options.values["--manifest"] ?? "Specs/courier.yaml", relativeTo: workingDirectory
    )
    .standardizedFileURL
    let manifest: Manifest
    do {
        manifest = try Manifest.read(manifestURL, packageRoot: workingDirectory)
    } catch {
        fail("\(error)", code: 1)
    }
    var ok = true
    for entry in manifest.entries {
        let output = workingDirectory.appendingPathComponent("Sources/Generated/\(entry.module)")
        ok =
            run(
                spec: entry.spec, displayPath: entry.displayPath, output: output, module: entry.module,
                access: entry.access,
                check: options.flags.contains("--check"), quiet: options.flags.contains("--quiet")) && ok
    }
    exit(ok ? 0 : 1)
case "dump":
    guard options.positional.count == 1 else { fail(usage) }
    do {
        let node = try DocumentReader.read(contentsOf: URL(fileURLWithPath: options.positional[0]))
        print(node.canonicalJSON)
    } catch {
        fail("\(error)", code: 1)
    }
default:
    fail(usage)
}
