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

    /// The built-in templates that render no output themselves: partials, which other
    /// templates include with `{{> name}}`.
    public static var partialNames: [String] {
        names.filter { name in !outputs.contains { $0.template == name } }
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

    /// Replaces the templates found in `directory`, outputs' templates and partials alike; a
    /// file there that matches no built-in template is an error, since it was most likely
    /// meant to override one and would silently do nothing.
    /// `directory` is a command-line argument (`--templates DIR`): its templates are read as
    /// every named input is (`readNamed`), following no symlink below the current folder.
    public mutating func override(from directory: String, fileSystem: FileSystem) throws(TemplateError) {
        try load(from: directory, fileSystem: fileSystem, replacingOverrides: true) { path, _ in
            fileSystem.readFile(path, limit: FileSystem.Limit.template, followLink: true)
        }
    }

    /// Like `override(from:)`, but only where the template is still the built-in one: the
    /// schema's `templates:` folder fills in what `--templates DIR` did not already replace.
    /// `folder` is relative to `schemaFolder` and read like the schema's outputs: no symlink
    /// below the schema's folder is followed, on the way or at the template (a committed
    /// `templates -> ~/shared` would render files from outside the repository, and quote
    /// them in its errors).
    public mutating func fillIn(folder: String, below schemaFolder: String, fileSystem: FileSystem) throws(TemplateError) {
        try load(from: FileSystem.join(schemaFolder, folder), fileSystem: fileSystem, replacingOverrides: false) { _, entry in
            fileSystem.readOutput(FileSystem.join(folder, entry), below: schemaFolder, limit: FileSystem.Limit.template)
        }
    }

    private mutating func load(from directory: String, fileSystem: FileSystem, replacingOverrides: Bool,
                               read: (_ path: String, _ entry: String) -> Result<[UInt8], FileSystem.ReadFailure>) throws(TemplateError) {
        let entries = (try? fileSystem.listDirectory(directory)) ?? []
        for entry in entries where entry.hasSuffix(".mustache") {
            let path = FileSystem.join(directory, entry)
            guard BuiltInTemplates.all[entry] != nil else {
                let hint = Suggest.closest(to: entry, in: Self.names).map { "; did you mean '\($0)'?" } ?? "; known templates: \(Self.names.joined(separator: ", "))"
                throw TemplateError(templateName: path, line: 1, column: 1, message: "'\(entry)' matches no output\(hint)")
            }
            if !replacingOverrides && templates[entry]?.origin != Self.builtInOrigin { continue }
            let bytes: [UInt8]
            switch read(path, entry) {
            case .success(let read): bytes = read
            case .failure(let failure):
                throw TemplateError(templateName: path, line: 1, column: 1, message: "cannot read the template: \(failure.reason)")
            }
            templates[entry] = (path, try Template(name: path, utf8: bytes))
        }
    }

    public func template(_ name: String) -> Template? { templates[name]?.template }

    /// Renders template `name` with its `{{> partial}}` tags resolved here, at render time, so
    /// an overridden partial is the one every including template uses.
    public func render(_ name: String, _ context: TemplateObject) throws(TemplateError) -> [UInt8] {
        guard let template = templates[name]?.template else {
            throw TemplateError(templateName: name, line: 1, column: 1, message: "no template named '\(name)'")
        }
        return try template.renderUTF8(context, as: name, partials: { templates[$0]?.template })
    }

    /// The partials template `name` includes, directly or through other partials, in the
    /// order a render first reaches them (what `templates which` lists). A name this set
    /// lacks is still listed (rendering reports it); a cycle is listed once and not followed.
    public func partials(of name: String) -> [String] {
        var found: [String] = []
        func visit(_ including: String) {
            for partial in templates[including]?.template.partialNames ?? [] where partial != name && !found.contains(partial) {
                found.append(partial)
                visit(partial)
            }
        }
        visit(name)
        return found
    }

    /// Where the template for `name` comes from: "built-in" or a file path.
    public func origin(_ name: String) -> String? { templates[name]?.origin }
}
