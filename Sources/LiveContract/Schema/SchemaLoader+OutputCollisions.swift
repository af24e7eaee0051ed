/// Outputs that would land on each other, refused before anything is written.
///
/// Two outputs on one path (or on paths equal but for case, one file on macOS and Windows),
/// a file where another output needs a folder (`a` and `a/B.swift`), a file inside a
/// folder output (fixtures), or the schema file itself: `generate` would fail half-way through its
/// writes or overwrite the schema, so each is an error at the output that comes second.
extension SchemaLoader {
    mutating func checkOutputCollisions(_ outputs: [OutputPath], folders: [(key: String, path: OutputPath)]) {
        let schemaFile = FileSystem.fileName(of: path).lowercased()
        var seen: [(key: String, output: OutputPath)] = []
        let inFileOrder = outputs.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        for output in inFileOrder {
            let key = output.path.lowercased()
            if key == schemaFile || key.hasPrefix(schemaFile + "/") {
                diagnostics.error("'\(output.path)' would overwrite the schema file itself; pick another output path", at: output.location, rule: "output-collision")
                continue
            }
            if let first = seen.first(where: { $0.key == key })?.output {
                diagnostics.error("'\(output.path)' is also the output at line \(first.location.line); two outputs cannot share a path (paths equal but for case collide on macOS)", at: output.location, rule: "output-collision")
                continue
            }
            if let other = seen.first(where: { key.hasPrefix($0.key + "/") || $0.key.hasPrefix(key + "/") })?.output {
                let (outer, inner) = other.path.count < output.path.count ? (other, output) : (output, other)
                let folder = folders.first { $0.path.path == outer.path }
                let message = folder.map { "'\(inner.path)' lies inside the \($0.key) folder '\(outer.path)', where \($0.key == "fixtures" ? "fixture" : $0.key) files are generated; move it out" }
                    ?? "'\(outer.path)' is an output file, so '\(inner.path)' cannot be written inside it; rename one of them"
                diagnostics.error(message, at: output.location, rule: "output-collision")
                continue
            }
            seen.append((key, output))
        }
    }
}
