extension GeneratedFile.Kind {
    public static let kotlin = Self("kotlin")
}

extension PackageRule {
    /// A Kotlin package: dot-separated identifiers, none of them a Kotlin keyword.
    static func kotlin(example: String) -> PackageRule {
        PackageRule(
            example: example, language: "Kotlin", requirement: "dot-separated identifiers, no keywords",
            pattern: "^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$",
            refusedPattern: "(^|\\.)(\(NameRules.kotlinKeywords.map { $0 }.joined(separator: "|")))(\\.|$)"
        ) { name in
            name.split(separator: ".", omittingEmptySubsequences: false)
                .allSatisfy { Naming.isIdentifier(String($0)) && !NameRules.kotlinKeywords.contains(String($0)) }
        }
    }
}

extension Emitter {
    /// The data classes and the FCM data parser of the Android app.
    public static let kotlin = Emitter.templated(
        key: "kotlin", kind: .kotlin, template: "kotlin.mustache", shape: .package(.kotlin(example: "com.example.app")),
        summary: "the Kotlin FCM parser: `{ path: ..., package: com.example.app }`"
    ) { contract, header in KotlinContext(contract: contract).build(header: header) }
}
