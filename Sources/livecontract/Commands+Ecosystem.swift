import LiveContract

/// `init`, `templates`, `import` and `explain`: the commands that fit livecontract into a
/// project's existing tools.
extension Commands {
    static var ecosystemEntries: [CommandEntry] { [] }
}
