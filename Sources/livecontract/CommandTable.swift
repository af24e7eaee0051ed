import LiveContract

/// One subcommand: its options, its help page and what it runs. Each command family lives in
/// its own file and contributes entries here, so adding a command touches no other command.
struct CommandEntry {
    var name: String
    /// One line for the overview in `livecontract --help`.
    var summary: String
    var spec: ArgumentSpec
    var help: String
    var run: (ParsedArguments, Console) -> ExitCode
}

enum CommandTable {
    /// Every command, in the order `--help` lists them.
    static var all: [CommandEntry] {
        Commands.coreEntries + Commands.contractEntries + Commands.doctorEntries + Commands.ecosystemEntries + Commands.editorEntries
    }

    static func entry(named name: String) -> CommandEntry? {
        all.first { $0.name == name }
    }
}
