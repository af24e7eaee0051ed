import LiveContractTemplates

/// The templates one run uses: the built-in ones, each replaceable by a file of the same name
/// in the schema's `templates:` folder or in `--templates DIR` (which wins over the schema's).
///
/// `livecontract templates dump` writes the built-in sources out for editing and
/// `livecontract templates which` prints `origin(_:)` for every output, so a user can always
/// tell which file produced which output.
public struct TemplateSet: Sendable {
    /// Template name -> (where it came from, parsed template).
    private var templates: [String: (origin: String, template: Template)] = [:]

    public static let names = BuiltInTemplates.all.keys.sorted()

    /// Each templated output (the `outputs:` key) and the template that renders it, in
    /// `Emitters.all` order. Fixtures have none: they are JSON written by our own emitter, so
    /// their bytes never depend on a template.
    public static var outputs: [(output: String, template: String)] {
        Emitters.all.compactMap { emitter in emitter.template.map { (emitter.key, $0) } }
    }

    /// The origin of a template that nobody overrode.
    public static let builtInOrigin = "built-in"

    /// The built-in templates, parsed. They are tested, so a parse failure is a build bug.
    /// Their parse is part of the build (`BuiltInTemplateSteps`); a template edited since
    /// then (its size differs) is parsed here, and BuiltInTemplateStepsTests fails until the
    /// steps are written again.
    public static func builtIn() throws(TemplateError) -> TemplateSet {
        var set = TemplateSet()
        for name in names {
            let source = BuiltInTemplates.all[name]!
            if let parsed = BuiltInTemplateSteps.steps(for: name), parsed.sourceCount == source.count {
                set.templates[name] = (builtInOrigin, Template(name: name, wellFormedUTF8: source, steps: parsed.steps, tags: parsed.tags()))
            } else {
                set.templates[name] = (builtInOrigin, try Template(name: name, utf8: source))
            }
        }
        return set
    }

    /// The source text of a built-in template, as `templates dump` writes it.
    public static func builtInSource(_ name: String) -> [UInt8]? {
        BuiltInTemplates.all[name]
    }

    /// Replaces the templates found in `directory`; a file there that matches no output is an
    /// error, since it was most likely meant to override one and would silently do nothing.
    public mutating func override(from directory: String, fileSystem: FileSystem) throws(TemplateError) {
        try load(from: directory, fileSystem: fileSystem, replacingOverrides: true)
    }

    /// Like `override(from:)`, but only where the template is still the built-in one: the
    /// schema's `templates:` folder fills in what `--templates DIR` did not already replace.
    public mutating func fillIn(from directory: String, fileSystem: FileSystem) throws(TemplateError) {
        try load(from: directory, fileSystem: fileSystem, replacingOverrides: false)
    }

    private mutating func load(from directory: String, fileSystem: FileSystem, replacingOverrides: Bool) throws(TemplateError) {
        let entries = (try? fileSystem.listDirectory(directory)) ?? []
        for entry in entries where entry.hasSuffix(".mustache") {
            let path = FileSystem.join(directory, entry)
            guard BuiltInTemplates.all[entry] != nil else {
                let hint = Suggest.closest(to: entry, in: Self.names).map { "; did you mean '\($0)'?" } ?? "; known templates: \(Self.names.joined(separator: ", "))"
                throw TemplateError(templateName: path, line: 1, column: 1, message: "'\(entry)' matches no output\(hint)")
            }
            if !replacingOverrides && templates[entry]?.origin != Self.builtInOrigin { continue }
            let bytes: [UInt8]
            switch fileSystem.readFile(path, limit: FileSystem.Limit.template, followLink: false) {
            case .success(let read): bytes = read
            case .failure(let failure):
                throw TemplateError(templateName: path, line: 1, column: 1, message: "cannot read the template: \(failure.reason)")
            }
            templates[entry] = (path, try Template(name: path, utf8: bytes))
        }
    }

    public func template(_ name: String) -> Template? { templates[name]?.template }

    /// Where the template for `name` comes from: "built-in" or a file path.
    public func origin(_ name: String) -> String? { templates[name]?.origin }
}
