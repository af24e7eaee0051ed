/// Finds the schema that owns an output whose header names a schema file like ours but that
/// another schema of that name, nearer the file, claims.
///
/// A header holds only the schema's file name, and projects with several contracts tend to
/// give each folder the default `livecontract.yaml`: `apps/livecontract.yaml` may write into
/// `apps/a/`, where `apps/a/livecontract.yaml` keeps its own outputs, and both headers read
/// `from livecontract.yaml`. Outputs stay inside their schema's folder tree, so the owner of
/// a file lives in one of its folders; a schema of the header's name in a folder between ours
/// and the file, whose outputs name the file (or that does not load, so nobody can tell), is
/// the owner, and `generate` refuses the file without `--force` as it does another schema's.
struct NearerOwner {
    /// Schema path -> the paths its outputs name (relative to its folder), nil when it does
    /// not load; each candidate is read once per run.
    private var claims: [String: [String]?] = [:]

    /// The nearer schema that claims `relative` (an output path of the schema at
    /// `schemaPath`) under the file name `name`, or nil when there is none.
    mutating func owner(of relative: String, schemaPath: String, named name: String, fileSystem: FileSystem) -> String? {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else { return nil }
        let parts = relative.split(separator: "/").map(String.init)
        let folder = FileSystem.directory(of: schemaPath)
        for depth in stride(from: parts.count - 1, through: 1, by: -1) {
            let below = parts[..<depth].joined(separator: "/")
            let candidate = FileSystem.join(folder, below + "/" + name)
            guard fileSystem.kind(candidate) == .file else { continue }
            let rest = parts[depth...].joined(separator: "/")
            guard let paths = claimed(by: candidate, fileSystem: fileSystem) else { return candidate }
            if paths.contains(where: { rest == $0 || rest.hasPrefix($0 + "/") }) { return candidate }
        }
        return nil
    }

    private mutating func claimed(by schema: String, fileSystem: FileSystem) -> [String]? {
        if let known = claims[schema] { return known }
        var paths: [String]? = nil
        if case .success(let bytes) = fileSystem.readFile(schema, limit: FileSystem.Limit.schema, followLink: false),
           let (contract, _) = try? SchemaLoader.load(bytes, path: schema) {
            paths = contract.outputs.all.map(\.path)
        }
        claims[schema] = paths
        return paths
    }
}
