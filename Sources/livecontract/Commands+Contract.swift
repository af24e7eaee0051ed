import LiveContract

/// `compat` and `validate`: the commands that judge changes and real payloads against a schema.
extension Commands {
    static var contractEntries: [CommandEntry] { [] }
}
