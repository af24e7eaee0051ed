/// What a drifted file's header says about where it came from: the schema file it names and
/// its contract fingerprint, in code (`// contract fingerprint: X`) or in a JSON fixture
/// (`"fingerprint": "X"`) or JSON Schema (`"$anchor": "contract-fingerprint-X"`). Only the
/// first lines are read; the rest is the user's text.
struct DriftHeader: Equatable {
    var schemaName: String?
    var fingerprint: String?

    init(_ contents: String) {
        let head = String(contents.prefix(1024))
        if let range = head.firstRange(of: GeneratedHeader.marker) {
            let rest = head[range.upperBound...]
            let name = rest.prefix { $0 != ";" && $0 != "\n" && $0 != "\"" }
            schemaName = name.isEmpty ? nil : String(name)
        }
        for prefix in ["contract fingerprint: ", "\"fingerprint\": \"", "\"$anchor\": \"" + GeneratedHeader.anchorPrefix] {
            if let range = head.firstRange(of: prefix) {
                let hex = head[range.upperBound...].prefix { $0.isHexDigit }
                if !hex.isEmpty { fingerprint = String(hex); break }
            }
        }
    }
}

/// Tells why a generated file differs from what the schema generates now, by what actually
/// changed: the schema it was generated from (renamed or moved), the contract (stale), the
/// templates (generated with `--templates DIR` or a `templates:` folder this run did not
/// use), or its text (hand-edited).
struct DriftDiagnosis {
    var contract: Contract
    var schemaPath: String
    /// The templates this run rendered with; nil when the caller did not say.
    var templates: TemplateSet?
    var fileSystem: FileSystem
    /// Candidate template folders -> the size and FNV-1a hash of each file they render, by
    /// path (nil: they do not render), filled lazily. Only the digests are kept: committed
    /// templates can render 64 MiB per output, and four candidates' whole renderings held
    /// at once cost gigabytes. A digest that matches is confirmed byte for byte.
    var rendered: [String: [String: Digest]?] = [:]

    struct Digest: Equatable {
        var count: Int
        var hash: UInt64

        init<Bytes: Sequence>(_ bytes: Bytes, count: Int) where Bytes.Element == UInt8 {
            self.count = count
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            self.hash = hash
        }
    }

    var regenerate: String { "run `livecontract generate \(schemaPath)`" }

    /// kind, message, fix for a file whose `compared` text has our header and differs.
    mutating func classify(_ file: GeneratedFile, compared: String) -> (CheckFinding.Kind, String, String) {
        let header = DriftHeader(compared)
        let schemaName = FileSystem.fileName(of: schemaPath)
        let sameContract = header.fingerprint == contract.fingerprint
        if let named = header.schemaName, FileSystem.fileName(of: named) != schemaName {
            let what = sameContract ? "with the same contract, so only the header differs" : "from another contract (fingerprint \(header.fingerprint ?? "none"), this schema's is \(contract.fingerprint))"
            return (.renamed, "the header names '\(named)' as its schema, not '\(schemaName)'; generated \(what)",
                    "if '\(named)' was renamed or moved to '\(schemaPath)', \(regenerate) to rewrite the headers; if two schemas write this path, give each its own outputs")
        }
        if !sameContract {
            let from = header.fingerprint.map { "contract fingerprint \($0)" } ?? "no contract fingerprint"
            return (.stale, "generated from an older version of the schema (\(from); the schema's is \(contract.fingerprint))", regenerate)
        }
        if file.kind != .fixture, let folder = templateFolder(reproducing: file, compared: compared) {
            let spelled = folder == TemplateSet.builtInOrigin ? "the built-in templates" : "the templates in '\(folder)'"
            let fix = folder == TemplateSet.builtInOrigin
                ? "generate and check with the same templates: drop --templates (or the schema's `templates:`), or \(regenerate) with them"
                : "pass `--templates \(folder)` to check as well" + (Self.relative(folder, to: FileSystem.directory(of: schemaPath)).map { " (or write `templates: \($0)` in the schema so both commands use it)" } ?? "")
            return (.templates, "matches what \(spelled) render, not the templates this check used; the contract is in sync", fix)
        }
        // The fingerprint covers the wire only, so a doc or a bound changed in the schema
        // looks the same; the message says so rather than accuse anyone.
        return (.edited, "changed after it was generated: its contract fingerprint matches the schema's, its text does not (or the schema changed only in docs or bounds since)",
                "the schema is the source of truth: move the change into \(schemaPath), then \(regenerate)")
    }

    /// How many template folders one check renders the contract with to explain a drift:
    /// a project has one or two, and each render may take the whole render budget, so a
    /// checkout with hundreds of folders of heavy templates would otherwise hold `check` for
    /// hours. Past these the drift is reported as an edit.
    static let maximumCandidates = 4

    /// A template folder (or the built-in templates) whose rendering of this contract gives
    /// exactly `compared`: the subfolders of the schema's folder and of the current folder
    /// that hold this output's template or one of its partials, tried in name order.
    mutating func templateFolder(reproducing file: GeneratedFile, compared: String) -> String? {
        guard let templateName = Emitters.all.first(where: { $0.kind == file.kind })?.template else { return nil }
        // The output's template and the partials it includes: overriding any of them changes it.
        let used = [templateName] + ((templates ?? (try? TemplateSet.builtIn()))?.partials(of: templateName) ?? [])
        var candidates: [String] = []
        if let templates, used.contains(where: { templates.origin($0) != TemplateSet.builtInOrigin }) { candidates.append(TemplateSet.builtInOrigin) }
        for base in [FileSystem.directory(of: schemaPath), "."] {
            for entry in ((try? fileSystem.listDirectory(base)) ?? []).sorted() where !entry.hasPrefix(".") {
                let folder = base == "." ? entry : FileSystem.join(base, entry)
                let overrides = used.contains { name in
                    fileSystem.kind(FileSystem.join(folder, name)) == .file && templates?.origin(name) != FileSystem.join(folder, name)
                }
                if overrides, !candidates.contains(folder) {
                    candidates.append(folder)
                }
            }
        }
        let wanted = Digest(compared.utf8, count: compared.utf8.count)
        for folder in candidates.prefix(Self.maximumCandidates) {
            if rendered[folder] == nil {
                rendered[folder] = render(with: folder).map { files in
                    Dictionary(files.map { ($0.path, Digest($0.bytes, count: $0.bytes.count)) }, uniquingKeysWith: { first, _ in first })
                }
            }
            if let digests = rendered[folder] ?? nil, digests[file.path] == wanted,
               render(with: folder)?.first(where: { $0.path == file.path })?.bytes.elementsEqual(compared.utf8) == true {
                return folder
            }
        }
        return nil
    }

    /// The contract rendered with `folder`'s templates over the built-in ones; nil when they
    /// do not load or render.
    func render(with folder: String) -> [GeneratedFile]? {
        guard var set = try? TemplateSet.builtIn() else { return nil }
        if folder != TemplateSet.builtInOrigin {
            do { try set.override(from: folder, fileSystem: fileSystem) } catch { return nil }
        }
        return try? Generator(templates: set).generate(contract)
    }

    /// `folder` as the schema's `templates:` key would name it (relative to the schema's folder).
    static func relative(_ folder: String, to base: String) -> String? {
        if base == "." || base.isEmpty { return folder }
        guard folder.hasPrefix(base + "/") else { return nil }
        return String(folder.dropFirst(base.count + 1))
    }
}
