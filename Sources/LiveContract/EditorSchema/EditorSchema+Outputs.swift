/// The editor schema's entry for one `outputs:` key, from its emitter's shape, so a new
/// language shows up in editors without a line here.
extension EditorSchema {
    static func outputProperty(_ emitter: Emitter) -> JSONValue {
        // One path, with the ending the emitter needs, and a list of them (`key: [a, b]`).
        let one = emitter.pathExtension == nil ? reference("path") : object([("allOf", .array([reference("path"), endingIn(emitter)]))])
        let several = object([("type", .string("array")), ("items", one)])
        switch emitter.shape {
        case .folder:
            return object([("$ref", .string("#/$defs/path")), ("description", .string(emitter.summary))])
        case .files:
            return object([("description", .string(emitter.summary)), ("anyOf", .array([one, several]))])
        case .package(let rule):
            var package: [(String, JSONValue)] = [("type", .string("string")), ("pattern", .string(rule.pattern))]
            if let refused = rule.refusedPattern { package.append(("not", object([("pattern", .string(refused))]))) }
            let path = object([("anyOf", .array([one, several]))])
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
