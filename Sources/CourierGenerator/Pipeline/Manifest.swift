package import Foundation

/// `Specs/courier.yaml`: which spec generates which module.
///
/// ```yaml
/// modules:
///   - spec: petstore.yaml        # relative to the manifest
///     module: PetstoreAPI        # output: Sources/Generated/PetstoreAPI
///     access: public             # optional: public, package or internal
///     examples: ../Tests/PetstoreExamples.swift  # optional: the example checks (see `courier generate --examples`)
///     payloads: ../Tests/Payloads/pets.json#/resources  # optional: real payloads by schema name (a JSON pointer after #), checked too
///     errorBody: Error           # optional: the schema operations without an error response decode errors with
///     pagination: {listThings: off}  # optional: operations that get no item sequence
/// ```
package struct Manifest: Sendable {
    /// One spec and the module it generates.
    package struct Entry: Sendable {
        /// The spec file.
        package var spec: URL
        /// The spec as named in headers, relative to the package root.
        package var displayPath: String
        /// The module name.
        package var module: String
        /// The access level.
        package var access: Generator.AccessLevel
        /// Where the example checks go, if anywhere.
        package var examples: URL?
        /// Real payloads keyed by schema name, added to the example checks.
        package var payloads: Generator.Payloads?
        /// The API-wide error body's schema name, if not the one most operations declare.
        package var errorBody: String?
        /// Operations (by operation id) that get no item sequence (`pagination: {id: off}`).
        package var unpaged: Set<String> = []
    }

    /// The entries, in order.
    package var entries: [Entry]

    /// Reads a manifest.
    /// - Parameters:
    ///   - url: The manifest file.
    ///   - packageRoot: The package root, for display paths.
    /// - Returns: The manifest.
    /// - Throws: ``GenerationError`` naming the problem and its position.
    package static func read(_ url: URL, packageRoot: URL) throws(GenerationError) -> Manifest {
        let node: Node
        let display = relative(url, to: packageRoot)
        do {
            node = try DocumentReader.read(contentsOf: url, displayPath: display)
        } catch {
            throw GenerationError(error)
        }
        guard let modules = node["modules"]?.sequence else {
            throw GenerationError("The manifest needs a `modules` list.", pointer: "#", location: node.location)
        }
        var entries: [Entry] = []
        for (index, module) in modules.enumerated() {
            guard let spec = module["spec"]?.string, let name = module["module"]?.string else {
                throw GenerationError(
                    "Each module needs `spec` and `module`.", pointer: "#/modules/\(index)", location: module.location)
            }
            let accessText = module["access"]?.string ?? "public"
            guard let access = Generator.AccessLevel(rawValue: accessText) else {
                throw GenerationError(
                    "`access` must be public, package or internal.", pointer: "#/modules/\(index)/access",
                    location: module.location)
            }
            let folder = url.deletingLastPathComponent()
            let specURL = URL(fileURLWithPath: spec, relativeTo: folder).standardizedFileURL
            let examples = module["examples"]?.string.map {
                URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL
            }
            let payloads = module["payloads"]?.string.map { Generator.Payloads($0, relativeTo: folder) }
            if payloads != nil && examples == nil {
                throw GenerationError(
                    "`payloads` are checked in the example checks: give `examples` too.",
                    pointer: "#/modules/\(index)/payloads", location: module.location)
            }
            var unpaged: Set<String> = []
            if let pagination = module["pagination"] {
                guard let operations = pagination.mapping else {
                    throw GenerationError(
                        "`pagination` maps operation ids to `off`.", pointer: "#/modules/\(index)/pagination",
                        location: pagination.location)
                }
                for (operation, setting) in operations.entries {
                    guard setting.string == "off" || setting.bool == false else {
                        throw GenerationError(
                            "`pagination` of \(operation): only `off` is understood.",
                            pointer: "#/modules/\(index)/pagination/\(operation)", location: setting.location)
                    }
                    unpaged.insert(operation)
                }
            }
            entries.append(
                Entry(
                    spec: specURL, displayPath: relative(specURL, to: packageRoot), module: name, access: access,
                    examples: examples, payloads: payloads, errorBody: module["errorBody"]?.string, unpaged: unpaged))
        }
        return Manifest(entries: entries)
    }

    /// A path relative to a root folder, or the absolute path when it is outside.
    /// - Parameters:
    ///   - url: The file.
    ///   - root: The folder.
    /// - Returns: The relative path.
    package static func relative(_ url: URL, to root: URL) -> String {
        let base =
            root.standardizedFileURL.path.hasSuffix("/")
            ? root.standardizedFileURL.path : root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
