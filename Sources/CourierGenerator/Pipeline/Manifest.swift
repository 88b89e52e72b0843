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
///     overlays: [petstore-fixes.yaml]  # optional: OpenAPI Overlays applied to the spec first, in order
///     pagination:                # optional, by operation id: no item sequence, or how the operation pages
///       listThings: off
///       listEvents: {style: cursor, parameter: after, next: last_id, hasMore: has_more}
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
        /// What `pagination` says, by operation id: no item sequence, or how the operation pages.
        package var pagination: [String: PaginationSetting] = [:]
        /// The OpenAPI Overlays to apply to the spec first, in order.
        package var overlays: [URL] = []
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
            for (key, value) in module.mapping?.entries ?? [] where !Self.moduleKeys.contains(key) {
                let suggestion =
                    Suggestion.closest(to: key, among: Self.moduleKeys).map { " Did you mean `\($0)`?" } ?? ""
                throw GenerationError(
                    "`\(key)` is not a module setting (\(Self.moduleKeys.map { "`\($0)`" }.joined(separator: ", "))).\(suggestion)",
                    pointer: "#/modules/\(index)/\(key)", location: value.location)
            }
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
            var overlays: [URL] = []
            if let listed = module["overlays"] {
                let items = listed.sequence ?? [listed]
                let paths = items.compactMap(\.string)
                guard paths.count == items.count else {
                    throw GenerationError(
                        "`overlays` is an overlay file, or a list of them, relative to the manifest.",
                        pointer: "#/modules/\(index)/overlays", location: listed.location)
                }
                overlays = paths.map { URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL }
            }
            var settings: [String: PaginationSetting] = [:]
            if let pagination = module["pagination"] {
                guard let operations = pagination.mapping else {
                    throw GenerationError(
                        "`pagination` maps operation ids to `off` or to how they page.",
                        pointer: "#/modules/\(index)/pagination", location: pagination.location)
                }
                for (operation, setting) in operations.entries {
                    settings[operation] = try PaginationSetting.read(
                        setting, pointer: "#/modules/\(index)/pagination/\(operation)")
                }
            }
            entries.append(
                Entry(
                    spec: specURL, displayPath: relative(specURL, to: packageRoot), module: name, access: access,
                    examples: examples, payloads: payloads, errorBody: module["errorBody"]?.string,
                    pagination: settings, overlays: overlays))
        }
        return Manifest(entries: entries)
    }

    /// What a module of the manifest may say.
    static let moduleKeys = ["spec", "module", "access", "examples", "payloads", "errorBody", "pagination", "overlays"]

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
