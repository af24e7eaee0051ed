/// Writes the JSON fixtures that prove every copy of the contract agrees. (Placeholder.)
struct FixtureEmitter {
    let contract: Contract

    func files(in folder: String) -> [GeneratedFile] { [] }
}
