/// `livecontract import`: a schema read from existing Swift.
extension RuleCatalog {
    static let importing: [RuleInfo] = [
        RuleInfo(id: "import-changed",
                 summary: "`livecontract import` read a Swift declaration in a way that keeps the JSON the same but changes the Swift (an initial value does not carry over to the generated init, TimeInterval became Double, a ContentState alias became the nested struct, a property outside CodingKeys or a `let` with a value was left out, a class became a struct), picked one branch of an #if inside an imported type, skipped a file of a folder it cannot read, or left other contracts of the same file out",
                 example: "struct ContentState: Codable, Hashable {\n    var riderReassigned: Bool = false   // still a required key\n}",
                 fix: "nothing to fix; review the imported schema, and update app code that names a moved type"),
        RuleInfo(id: "import-no-attributes",
                 summary: "`livecontract import` found no struct conforming to ActivityAttributes in the files, several and no --type to pick one, or one conforming only through a protocol declared elsewhere",
                 example: "struct DeliveryAttributes: ActivityAttributes { ... }\nstruct RideAttributes: ActivityAttributes { ... }",
                 fix: "import the file that declares `struct <Name>Attributes: ActivityAttributes`; with several, pass --type DeliveryAttributes"),
        RuleInfo(id: "import-syntax",
                 summary: "`livecontract import` could not read the Swift file (an unterminated string or comment, an unbalanced bracket); its reader understands declarations, not every Swift construct",
                 example: "struct DeliveryAttributes: ActivityAttributes {\n    var status: String = \"open",
                 fix: "make sure the file compiles; if it does, write the schema by hand for that part and report the construct"),
        RuleInfo(id: "import-unreadable",
                 summary: "`livecontract import` was given a path that is not a readable file or folder",
                 example: "livecontract import ios/DeliveryAtributes.swift",
                 fix: "name the Swift file that declares `struct <Name>Attributes: ActivityAttributes`"),
        RuleInfo(id: "import-unsupported",
                 summary: "the Swift struct uses something the schema cannot express, so regenerating it would change the JSON: a hand-written init(from:) or encode(to:) beyond `decode`/`decodeIfPresent(...) ?? literal` per key, an enum with associated values or non-String raw values, a CodingKeys raw value that `apnsName:` cannot carry, a dictionary without String keys, Data, Float16, a property wrapper, a subclass, or a type declared in none of the files given",
                 example: "enum Event: Codable {\n    case goal(minute: Int)\n}",
                 fix: "change the Swift to a schema shape first (the message says how, e.g. an optional field per associated value), or keep that type by hand; import writes nothing while any such error remains"),
    ]
}
