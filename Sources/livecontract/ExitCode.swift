/// The exit codes every command shares; pre-commit hooks and CI scripts depend on them.
enum ExitCode: Int32 {
    /// In sync, written, or nothing found.
    case ok = 0
    /// Drift or findings (`check`, `compat`, `validate`).
    case findings = 1
    /// The schema or an input file is invalid.
    case invalidInput = 2
    /// The command line itself is wrong.
    case usage = 64
}
