/// `check`: compares what the schema generates with what is on disk, writing nothing.
public struct CheckFinding: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The file does not exist.
        case missing
        /// Generated from an older schema (its fingerprint differs): run `generate`.
        case stale
        /// Same fingerprint as the schema but different bytes: someone edited the file.
        case edited = "hand-edited"
        /// Differs only in CRLF vs LF, typically a git autocrlf setting.
        case lineEndings = "line-endings"
        /// Exists but has no generated header.
        case notOurs = "not-generated"
        /// Its header names another schema file: the schema was renamed or moved, or two
        /// schemas write the same path.
        case renamed
        /// Same contract, but rendered with other templates (`--templates DIR` or the
        /// schema's `templates:` folder) than this check used.
        case templates = "template-override"
        /// Carries this schema's header but is no longer one of its outputs (`Orphans`).
        case orphaned
    }

    public var kind: Kind
    public var displayPath: String
    public var message: String
    /// A unified diff from the file on disk to what the schema generates ("" when missing).
    /// When the file also has CRLF line endings the diff ignores them, so it shows only the
    /// changes that matter.
    public var diff: String
    /// Lines of the diff left out of `diff` (past `Checker.keptDiffBytes`); counted, not built.
    public var diffLeftOut = 0
    /// Where the schema names this output.
    public var location: SourceLocation?
    /// The first line of the file on disk that differs (for CI annotations).
    public var firstChangedLine: Int?
    /// For Swift copies: what the drift means on the wire.
    public var meanings: [DriftMeaning] = []
    /// The file has CRLF line endings on top of a real difference.
    public var alsoLineEndings = false
    public var fix: String = ""

    /// `drift-missing`, `drift-stale`, `drift-hand-edited`, `drift-line-endings`, `drift-not-generated`,
    /// `drift-renamed`, `drift-template-override`, `drift-orphaned`.
    public var rule: String { "drift-" + kind.rawValue }

    /// Line-ending-only drift is a warning: every compiler reads CRLF and LF alike, so the
    /// contract holds; `--strict` still fails on it.
    public var severity: Severity { kind == .lineEndings ? .warning : .error }
}

public enum Checker {
    /// Every difference between `files` and the disk, in output order. Files whose bytes match
    /// cost one read and one memcmp; diffs and the Swift analysis run only for files that differ.
    /// `templates` are the ones the files were rendered with, so a file that other templates
    /// reproduce is told apart from a hand edit.
    public static func check(files: [GeneratedFile], contract: Contract, schemaPath: String, fileSystem: FileSystem, templates: TemplateSet? = nil) -> [CheckFinding] {
        var diagnosis = DriftDiagnosis(contract: contract, schemaPath: schemaPath, templates: templates, fileSystem: fileSystem)
        var owners = NearerOwner()
        let folder = FileSystem.directory(of: schemaPath)
        var schemaShape: ContractShape?
        var findings: [CheckFinding] = []
        var diffBudget = Self.keptDiffBytesPerSchema
        let regenerate = "run `livecontract generate \(schemaPath)`"
        // Where the schema names each output; only a file that differs needs it.
        var locations: [String: SourceLocation]?
        func location(of file: GeneratedFile) -> SourceLocation? {
            let all = locations ?? OutputPlan.locations(of: contract)
            locations = all
            return all[file.path] ?? all[FileSystem.directory(of: file.path)]
        }
        let folders = OpenFolders()
        for file in files {
            let display = FileSystem.join(folder, file.path)
            if let git = OutputPlan.gitFolder(in: display) {
                findings.append(unread(display, "lies inside '\(git)'; livecontract never reads or writes a git folder", location(of: file), schemaPath))
                continue
            }
            // The same read as `generate`'s plan: no symlink below the schema's folder is
            // followed, so check never reads (or prints) what generate would refuse to write.
            let bytes: [UInt8]
            switch fileSystem.readOutput(file.path, below: folder, folders: folders) {
            case .success(let read):
                bytes = read
            case .failure(let failure) where failure.problem == .missing:
                findings.append(CheckFinding(kind: .missing, displayPath: display, message: "the file does not exist", diff: "",
                                             location: location(of: file), firstChangedLine: nil, fix: regenerate))
                continue
            case .failure(let failure):
                findings.append(unread(display, "cannot be compared (\(failure.reason)); its content is not shown", location(of: file), schemaPath))
                continue
            }
            if FileSystem.sameBytes(file.bytes, bytes) { continue }
            let location = location(of: file)
            let generated = file.contents
            let existing = String(decoding: bytes, as: UTF8.self)
            let normalized = existing.replacingCRLF
            let hasCRLF = normalized.utf8.count != existing.utf8.count
            if hasCRLF && normalized == generated {
                findings.append(CheckFinding(kind: .lineEndings, displayPath: display,
                                             message: "differs only in line endings (CRLF instead of LF); the contract is in sync",
                                             diff: "", location: location, firstChangedLine: 1,
                                             fix: "add `\(file.path) -text` (or `* text=auto eol=lf`) to .gitattributes, or \(regenerate)"))
                continue
            }
            let compared = hasCRLF ? normalized : existing
            var ownership = GeneratedHeader.ownership(of: compared, generated: file.bytes)
            var nearerOwner: String?
            if ownership == .ours, let name = GeneratedHeader.parse(compared)?.schema {
                nearerOwner = owners.owner(of: file.path, schemaPath: schemaPath, named: name, fileSystem: fileSystem)
                if nearerOwner != nil { ownership = .notGenerated }
            }
            // Printed in every format, so escaped like diagnostics: an edit may hold terminal escapes.
            // Kept whole for the machine formats up to `keptDiffBytes` per file and
            // `keptDiffBytesPerSchema` in all; past them only counted (never built).
            var diff = "", diffLeftOut = 0
            if ownership == .ours {
                let bounded = UnifiedDiff.bounded(old: compared, new: generated, oldLabel: display, newLabel: "\(display) (from \(schemaPath))",
                                                  maxBytes: min(Self.keptDiffBytes, diffBudget))
                diffBudget -= bounded.text.utf8.count
                diff = UnifiedDiff.visible(bounded.text)
                diffLeftOut = bounded.leftOutLines
            }
            var finding: CheckFinding
            if case .otherSchema = ownership {
                // Another schema's header: renamed or moved (or two schemas write one path).
                // generate refuses such a file without --force, and its content is not shown.
                let (kind, message, fix) = diagnosis.classify(file, compared: compared)
                finding = CheckFinding(kind: kind, displayPath: display, message: message + "; its content is not shown",
                                       diff: "", location: location, firstChangedLine: 1,
                                       fix: fix.split(separator: "`livecontract generate ", omittingEmptySubsequences: false).joined(separator: "`livecontract generate --force "))
            } else if ownership != .ours {
                // Never print a file this schema did not generate: it may hold anything.
                var reason = "was not generated by livecontract (no generated header)"
                if let nearerOwner { reason = "belongs to \(nearerOwner) (a schema of the same file name, nearer the file, names it as an output)" }
                finding = CheckFinding(kind: .notOurs, displayPath: display, message: reason + "; its content is not shown",
                                       diff: "", location: location, firstChangedLine: 1,
                                       fix: "move the file away, or run `livecontract generate --force \(schemaPath)` to replace it")
            } else {
                let (kind, message, fix) = diagnosis.classify(file, compared: compared)
                finding = CheckFinding(kind: kind, displayPath: display, message: message, diff: diff, location: location,
                                       firstChangedLine: firstChangedLine(diff), fix: fix)
                finding.diffLeftOut = diffLeftOut
            }
            finding.alsoLineEndings = hasCRLF
            if file.kind == .swift && ownership == .ours {
                let shape = schemaShape ?? ContractShape(contract: contract)
                schemaShape = shape
                if let copy = SwiftCopyReader().shape(of: compared, path: display) {
                    finding.meanings = Self.bounded(SwiftCopyMeaning(copy: copy, schema: shape).meanings())
                }
            }
            findings.append(finding)
        }
        // Files this schema generated once and no longer names (docs/check.md, "Orphaned files").
        findings += Orphans.find(files: files, contract: contract, schemaPath: schemaPath, fileSystem: fileSystem)
            .map { Orphans.finding($0, schemaPath: schemaPath) }
        return findings
    }

    /// Bytes of diff a finding keeps for the machine formats (JSON has it whole below this),
    /// and in all for one schema: a committed template that renders 64 MiB per output made
    /// `check` build and print 441 MB. No real drift comes near either.
    public static let keptDiffBytes = 1 << 20
    public static let keptDiffBytesPerSchema = 8 << 20

    /// Most contract sentences one finding lists: a copy with 100,000 added properties would
    /// otherwise print 100,000 of them. The diff still shows every change.
    static let maximumMeanings = 50

    static func bounded(_ meanings: [DriftMeaning]) -> [DriftMeaning] {
        guard meanings.count > maximumMeanings else { return meanings }
        let rest = meanings.count - maximumMeanings
        return Array(meanings.prefix(maximumMeanings))
            + [DriftMeaning(line: nil, text: "and \(rest) more difference\(rest == 1 ? "" : "s") of the same kind; the diff below shows every change", breaks: true)]
    }

    /// Notes for temporary files a killed `generate` left next to the outputs: harmless, but a
    /// sign the last run did not finish, and the next `generate` sweeps them.
    public static func staleTemporaries(files: [GeneratedFile], contract: Contract, schemaPath: String, fileSystem: FileSystem) -> [Diagnostic] {
        let folder = FileSystem.directory(of: schemaPath)
        let locations = OutputPlan.locations(of: contract)
        var notes: [Diagnostic] = []
        let paths = files.map { FileSystem.join(folder, $0.path) }.filter { OutputPlan.gitFolder(in: $0) == nil }
        let pathsByDisplay = Dictionary(files.map { (FileSystem.join(folder, $0.path), $0.path) }, uniquingKeysWith: { first, _ in first })
        for path in fileSystem.staleTemporaries(nextTo: paths) {
            // The output the temporary file was for (`.<name>.livecontract-...`); a
            // dictionary's order differs from run to run, so nothing is picked from it.
            let output = pathsByDisplay.filter { FileSystem.directory(of: $0.key) == FileSystem.directory(of: path) }
                .filter { FileSystem.temporaryOwner(FileSystem.fileName(of: path), for: FileSystem.fileName(of: $0.key)) != nil }
                .map(\.value).min()
            let location = output.flatMap { locations[$0] ?? locations[FileSystem.directory(of: $0)] }
            notes.append(Diagnostic(.note, "stale temporary file '\(path)' from an interrupted generate; the next generate removes it",
                                    at: location, rule: "output-stale-temporary"))
        }
        return notes
    }

    /// A file `check` refuses to read or show: reported as not generated, without content.
    static func unread(_ display: String, _ reason: String, _ location: SourceLocation?, _ schemaPath: String) -> CheckFinding {
        CheckFinding(kind: .notOurs, displayPath: display, message: reason, diff: "", location: location, firstChangedLine: 1,
                     fix: "replace it with a real file in a real folder, or run `livecontract generate --force \(schemaPath)`")
    }

    /// The old-side start line of the first hunk (`@@ -12,7 +12,7 @@` -> 12), pointing at the
    /// first changed line rather than the context above it.
    static func firstChangedLine(_ diff: String) -> Int? {
        var oldLine: Int?
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if oldLine == nil {
                guard line.hasPrefix("@@ -") else { continue }
                let number = line.dropFirst(4).prefix { $0.isNumber }
                oldLine = Int(number).map { max($0, 1) }
                continue
            }
            if line.hasPrefix("-") || line.hasPrefix("+") { return oldLine }
            if line.hasPrefix(" ") { oldLine! += 1 }
        }
        return oldLine
    }
}

extension String {
    /// CRLF -> LF, for telling line-ending drift from real drift.
    var replacingCRLF: String {
        guard utf8.contains(UInt8(ascii: "\r")) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        var pendingCR = false
        for scalar in unicodeScalars {
            if pendingCR && scalar != "\n" { result.unicodeScalars.append("\r") }
            pendingCR = scalar == "\r"
            if !pendingCR { result.unicodeScalars.append(scalar) }
        }
        if pendingCR { result.unicodeScalars.append("\r") }
        return result
    }
}
