import LiveContractTemplates

/// The templates one run uses: the built-in ones, each replaceable by a file of the same name
/// in a user's `--templates DIR`.
public struct TemplateSet: Sendable {
    /// Template name -> (where it came from, parsed template).
    private var templates: [String: (origin: String, template: Template)] = [:]

    public static let names = BuiltInTemplates.all.keys.sorted()

    /// The built-in templates, parsed. They are tested, so a parse failure is a build bug.
    public static func builtIn() throws(TemplateError) -> TemplateSet {
        var set = TemplateSet()
        for (name, bytes) in BuiltInTemplates.all {
            let template = try Template(name: name, source: String(decoding: bytes, as: UTF8.self))
            set.templates[name] = ("built-in", template)
        }
        return set
    }

    /// Replaces the templates found in `directory`; a file there that matches no output is an
    /// error, since it was most likely meant to override one and would silently do nothing.
    public mutating func override(from directory: String, fileSystem: FileSystem) throws(TemplateError) {
        let entries = (try? fileSystem.listDirectory(directory)) ?? []
        for entry in entries where entry.hasSuffix(".mustache") {
            let path = directory + "/" + entry
            guard BuiltInTemplates.all[entry] != nil else {
                let hint = Suggest.closest(to: entry, in: Self.names).map { "; did you mean '\($0)'?" } ?? "; known templates: \(Self.names.joined(separator: ", "))"
                throw TemplateError(templateName: path, line: 1, column: 1, message: "'\(entry)' matches no output\(hint)")
            }
            guard let bytes = try? fileSystem.read(path) else {
                throw TemplateError(templateName: path, line: 1, column: 1, message: "cannot read the template")
            }
            templates[entry] = (path, try Template(name: path, source: String(decoding: bytes, as: UTF8.self)))
        }
    }

    public func template(_ name: String) -> Template? { templates[name]?.template }

    /// Where the template for `name` comes from: "built-in" or a file path.
    public func origin(_ name: String) -> String? { templates[name]?.origin }
}
