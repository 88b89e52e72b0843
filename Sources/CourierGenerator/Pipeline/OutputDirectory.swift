package import Foundation

/// Writes generated files into a folder atomically, or compares them with what is there.
package struct OutputDirectory: Sendable {
    /// The folder, such as `Sources/Generated/PetstoreAPI`.
    package var url: URL

    /// Creates a handle on a folder.
    /// - Parameter url: The folder.
    package init(url: URL) { self.url = url }

    /// How the folder differs from the generated files.
    package struct Difference: Sendable, Equatable {
        /// Files that would be created.
        package var added: [String]
        /// Files whose contents would change.
        package var changed: [String]
        /// Files that would be removed.
        package var removed: [String]

        /// Creates a difference.
        /// - Parameters:
        ///   - added: Files that would be created.
        ///   - changed: Files whose contents would change.
        ///   - removed: Files that would be removed.
        package init(added: [String], changed: [String], removed: [String]) {
            self.added = added
            self.changed = changed
            self.removed = removed
        }

        /// Whether the folder already matches.
        package var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

        /// One line per file: `+ added`, `~ changed`, `- removed`.
        package var summary: String {
            (added.map { "+ \($0)" } + changed.map { "~ \($0)" } + removed.map { "- \($0)" }).joined(separator: "\n")
        }
    }

    /// Compares the folder's `.swift` files with generated files.
    /// - Parameter files: The generated files.
    /// - Returns: What writing them would change.
    package func difference(from files: [GeneratedFile]) -> Difference {
        let existing = existingFiles()
        var added: [String] = []
        var changed: [String] = []
        for file in files {
            let path = url.appendingPathComponent(file.path)
            guard existing.contains(file.path) else {
                added.append(file.path)
                continue
            }
            let current = try? Data(contentsOf: path)
            if current != Data(file.contents.utf8) { changed.append(file.path) }
        }
        let generated = Set(files.map(\.path))
        let removed = existing.filter { !generated.contains($0) }.sorted()
        return Difference(added: added, changed: changed, removed: removed)
    }

    /// Replaces the folder's contents with the files: they are written to a sibling folder first
    /// and swapped in, so a failure leaves the previous output untouched.
    /// - Parameter files: The generated files.
    /// - Throws: File system errors; the previous output is then still in place.
    package func write(_ files: [GeneratedFile]) throws {
        let manager = FileManager.default
        let parent = url.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(url.lastPathComponent).courier-new")
        let backup = parent.appendingPathComponent(".\(url.lastPathComponent).courier-old")
        try? manager.removeItem(at: staging)
        try? manager.removeItem(at: backup)
        do {
            for file in files {
                let destination = staging.appendingPathComponent(file.path)
                try manager.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: destination)
            }
            if manager.fileExists(atPath: url.path) {
                try manager.moveItem(at: url, to: backup)
            }
            do {
                try manager.moveItem(at: staging, to: url)
            } catch {
                if manager.fileExists(atPath: backup.path) { try? manager.moveItem(at: backup, to: url) }
                throw error
            }
            try? manager.removeItem(at: backup)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    private func existingFiles() -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else {
            return []
        }
        var paths: Set<String> = []
        let base = url.standardizedFileURL.path + "/"
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            let path = file.standardizedFileURL.path
            if path.hasPrefix(base) { paths.insert(String(path.dropFirst(base.count))) }
        }
        return paths
    }
}
