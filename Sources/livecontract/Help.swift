import CLaunch
import LiveContract

/// Help and version text. Kept apart from the commands so `--help` output reads as one page.
enum Help {
    /// `livecontract 0.1.0 (commit 0123abc...)`: the version from VERSION and
    /// the commit scripts/build-release stamped in at link time, or "unknown commit" for a
    /// build that was not stamped (a plain `swift build`, sources without git).
    static var version: String {
        let commit = launch_build_commit().map { "commit " + String(cString: $0) } ?? "unknown commit"
        return "livecontract \(ToolVersion.number) (\(commit))"
    }

    /// The overview: built from the command table so a new command lists itself.
    static var overview: String {
        let rows = CommandTable.all.map { ($0.name, $0.summary) } + [("help COMMAND", "show the help of one command")]
        let width = (rows.map(\.0.count).max() ?? 8) + 2
        let commands = rows.map { name, summary in
            "  " + name + String(repeating: " ", count: width - name.count) + summary
        }.joined(separator: "\n")
        return """
        livecontract: one YAML schema in, every copy of a Live Activity contract out.

        usage: livecontract <command> [options] [arguments]

        commands:
        \(commands)

        SCHEMA defaults to livecontract.yaml in the current folder.

        options:
          -h, --help    show help
          --version     print the version

        exit codes: 0 ok, 1 drift or findings, 2 invalid schema or input, 64 usage error
        """
    }

    static let generate = """
    usage: livecontract generate [--force] [--prune] [--templates DIR] [--strict] [--quiet] [SCHEMA...]

    Writes every output named under `outputs:` (paths relative to the schema's folder).
    Writes are atomic (temporary file + rename) and files whose bytes are unchanged are not
    touched. Nothing is written when any schema has an error.

      --force           overwrite files without a livecontract header and write through symlinks
      --prune           also delete orphaned code files (a file with this schema's generated
                        header that is no longer an output); orphans in the fixtures and
                        json-schema folders are always deleted
      --templates DIR   use DIR/<name>.mustache instead of a built-in template of the same name
      --strict          treat warnings as errors
      --quiet           print nothing on success
    """

    static let check = """
    usage: livecontract check [--staged] [--format text|json|github|sarif] [--templates DIR] [--strict] [--quiet] [--no-cache] [SCHEMA...]

    Regenerates every output in memory and compares it with the file on disk. Writes nothing
    in the repository (a passing check is kept in a cache outside it, see --no-cache).
    Reports each missing, stale (schema changed), hand-edited or foreign file with a unified
    diff; for a drifted Swift copy it also says what the drift does on the wire (which payloads
    the widget fails to decode). Line-ending-only differences (CRLF) are a warning.
    Exit 0 when in sync, 1 on drift, 2 when a schema is invalid.

      --staged          read the schema, templates and outputs from the git index (what
                        the commit will contain) instead of the working tree; for a plain
                        git pre-commit hook: `exec livecontract check --staged --quiet`
      --format F        text (default), json (one document on stdout), github (workflow
                        annotations with file and line, diffs in collapsible groups) or
                        sarif (SARIF 2.1.0 for code scanning)
      --templates DIR   use DIR/<name>.mustache instead of a built-in template of the same name
      --strict          treat warnings as errors (line-ending drift fails too)
      --quiet           print only problems
      --no-cache        run in full even when nothing it reads changed since a passing check
                        with the same arguments (docs/check.md, "The check cache")
    """
}
