/// The editor schema's entry for one `outputs:` key, from its emitter's shape, so a new
/// language shows up in editors without a line here.
extension EditorSchema {
    static func outputProperty(_ emitter: Emitter) -> JSONValue {
        switch emitter.shape {
        case .file, .folder:
            return object([("$ref", .string("#/$defs/path")), ("description", .string(emitter.summary))])
        case .files:
            return object([("description", .string(emitter.summary)),
                           ("anyOf", .array([reference("path"), object([("type", .string("array")), ("items", reference("path"))])]))])
        case .package(let rule):
            var package: [(String, JSONValue)] = [("type", .string("string")), ("pattern", .string(rule.pattern))]
            if let refused = rule.refusedPattern { package.append(("not", object([("pattern", .string(refused))]))) }
            return object([("type", .string("object")), ("required", strings(["path", "package"])), ("additionalProperties", .bool(false)),
                           ("description", .string(emitter.summary)),
                           ("properties", object([("path", reference("path")), ("package", object(package))]))])
        }
    }
}
