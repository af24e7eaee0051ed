/// The promises `generate` and `check` make about any input, checked on one input at a time.
///
/// This is the oracle of the fuzzer (fuzz/) and of the tests that replay what it found: for
/// arbitrary bytes, nothing crashes; a refused schema gets positioned errors with catalogued
/// rule ids; an accepted one generates every output, the same bytes twice, no invisible
/// characters in code, writes cleanly into an empty folder, and `check` then finds nothing.
public struct SelfCheck {
    /// A broken promise: which one, and what was seen.
    public struct Violation: Error, CustomStringConvertible {
        public var invariant: String
        public var detail: String
        public var description: String { "\(invariant): \(detail)" }
    }

    /// What happened to an input that kept every promise.
    public enum Outcome: Equatable {
        case refused(rules: [String])
        case accepted(files: Int)
    }

    /// A folder this check owns: emptied before every input.
    public let scratch: String
    let templates: TemplateSet
    let fileSystem = FileSystem()

    /// Seconds one input may take (nil: no budget). A hang or an exponential path is a
    /// broken promise too, found here on the input that causes it.
    public var budgetSeconds: Double?

    public init(scratch: String, budgetSeconds: Double? = nil) throws(TemplateError) {
        self.scratch = scratch
        self.budgetSeconds = budgetSeconds
        templates = try TemplateSet.builtIn()
    }

    /// Takes `bytes` as a schema through the CLI's own steps in `scratch`; throws the first
    /// promise it sees broken.
    public func run(_ bytes: [UInt8]) throws(Violation) -> Outcome {
        let start = Self.now()
        fileSystem.removeTree(scratch)
        let schemaPath = FileSystem.join(scratch, "fuzz.yaml")
        do {
            try fileSystem.writeAtomically(schemaPath, bytes)
        } catch {
            throw Violation(invariant: "scratch", detail: error.description)
        }
        let loaded: LoadedSchema
        switch Workspace.load(schemaPath: schemaPath, templates: templates, fileSystem: fileSystem) {
        case .failure(let error):
            let rules = try checkRefusal(error.diagnostics, bytes: bytes, schemaPath: schemaPath)
            try checkBudget(since: start)
            return .refused(rules: rules)
        case .success(let value):
            loaded = value
        }
        guard case .success(let again) = Workspace.load(schemaPath: schemaPath, templates: templates, fileSystem: fileSystem),
              again.files == loaded.files else {
            throw Violation(invariant: "deterministic", detail: "a second run over the same bytes generated different files")
        }
        try checkFiles(loaded)
        try checkFixturesValidate(loaded)
        try checkWriteThenCheck(loaded, schemaPath: schemaPath)
        try checkBudget(since: start)
        return .accepted(files: loaded.files.count)
    }

    /// Every error has a position inside the schema (or a template) and a catalogued rule id.
    func checkRefusal(_ diagnostics: Diagnostics, bytes: [UInt8], schemaPath: String) throws(Violation) -> [String] {
        let errors = diagnostics.errors
        guard !errors.isEmpty else { throw Violation(invariant: "refusal", detail: "refused without an error") }
        let lines = YAMLReader.lineCount(bytes)
        for error in errors {
            guard RuleCatalog.entry(for: error.rule) != nil else {
                throw Violation(invariant: "catalogued rule", detail: "[\(error.rule)] has no RuleCatalog entry: \(error)")
            }
            guard let location = error.location else {
                throw Violation(invariant: "positioned error", detail: "no file:line:col: \(error)")
            }
            if location.file == schemaPath && !((1...lines).contains(location.line) && location.column >= 1) {
                throw Violation(invariant: "positioned error", detail: "outside the \(lines)-line file: \(error)")
            }
        }
        return errors.map(\.rule)
    }

    /// Every output exists, starts with the generated header, and code holds no invisible
    /// or line-breaking character that could hide or reorder what a reviewer reads.
    func checkFiles(_ loaded: LoadedSchema) throws(Violation) {
        for file in loaded.files {
            let contents = file.contents
            guard GeneratedHeader.isGenerated(contents) else {
                throw Violation(invariant: "generated header", detail: "\(file.path) does not start with the header")
            }
            guard file.kind != .fixture else { continue }
            if let bad = contents.unicodeScalars.first(where: { CodeText.isInvisible($0) || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
                throw Violation(invariant: "visible code", detail: "\(file.path) contains U+\(String(bad.value, radix: 16, uppercase: true))")
            }
        }
    }

    /// Into an empty folder: the plan has no refusal, every write succeeds, `check` finds
    /// nothing, and planning again finds every file unchanged.
    func checkWriteThenCheck(_ loaded: LoadedSchema, schemaPath: String) throws(Violation) {
        let plan = OutputPlan.make(files: loaded.files, contract: loaded.contract, schemaPath: schemaPath, force: false, fileSystem: fileSystem)
        if plan.diagnostics.hasErrors {
            throw Violation(invariant: "plan", detail: "an accepted schema cannot be written into an empty folder: \(plan.diagnostics.errors)")
        }
        do {
            _ = try plan.write(fileSystem: fileSystem)
        } catch {
            throw Violation(invariant: "write", detail: error.description)
        }
        let findings = Checker.check(files: loaded.files, contract: loaded.contract, schemaPath: schemaPath, fileSystem: fileSystem)
        if let finding = findings.first {
            throw Violation(invariant: "check after generate", detail: "\(finding.displayPath): \(finding.kind.rawValue)")
        }
        let replan = OutputPlan.make(files: loaded.files, contract: loaded.contract, schemaPath: schemaPath, force: false, fileSystem: fileSystem)
        if let entry = replan.entries.first(where: { $0.action != .unchanged }) {
            throw Violation(invariant: "idempotent", detail: "\(entry.displayPath) would be written again")
        }
    }

    func checkBudget(since start: Double) throws(Violation) {
        guard let budgetSeconds else { return }
        let elapsed = Self.now() - start
        if elapsed > budgetSeconds {
            throw Violation(invariant: "time budget", detail: "took \(elapsed) s, the budget is \(budgetSeconds) s")
        }
    }
}
