/// The editor schema's entry for one `outputs:` key, from its emitter's shape, so a new
/// language shows up in editors without a line here.
extension EditorSchema {
    static func outputProperty(_ emitter: Emitter) -> JSONValue {
        switch emitter.shape {
        case .file where emitter.pathExtension != nil:
            return object([("description", .string(emitter.summary)), ("allOf", .array([reference("path"), endingIn(emitter)]))])
        case .file, .folder:
            return object([("$ref", .string("#/$defs/path")), ("description", .string(emitter.summary))])
        case .files:
            return object([("description", .string(emitter.summary)),
                           ("anyOf", .array([reference("path"), object([("type", .string("array")), ("items", reference("path"))])]))])
        case .package(let rule):
            var package: [(String, JSONValue)] = [("type", .string("string")), ("pattern", .string(rule.pattern))]
            if let refused = rule.refusedPattern { package.append(("not", object([("pattern", .string(refused))]))) }
            let path = emitter.pathExtension == nil ? reference("path") : object([("allOf", .array([reference("path"), endingIn(emitter)]))])
            return object([("type", .string("object")), ("required", strings(["path", "package"])), ("additionalProperties", .bool(false)),
                           ("description", .string(emitter.summary)),
                           ("properties", object([("path", path), ("package", object(package))]))])
        }
    }

    /// A path whose file name ends in the emitter's extension (`output-extension`).
    static func endingIn(_ emitter: Emitter) -> JSONValue {
        let ending = (emitter.pathExtension ?? "").split(separator: ".", omittingEmptySubsequences: false).joined(separator: "\\.")
        return object([("type", .string("string")), ("pattern", .string("[^/]" + ending + "$"))])
    }
}
