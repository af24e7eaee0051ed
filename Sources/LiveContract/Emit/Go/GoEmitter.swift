extension GeneratedFile.Kind {
    public static let go = Self("go")
}

extension PackageRule {
    /// A Go package name: one lower-case identifier (Go's convention, and what `go vet` and
    /// linters expect), not a Go keyword and not `main`, which would make it a program that
    /// no server can import, nor `init`, which Go refuses to import without an alias.
    static let go = PackageRule(
        example: "livecontract", language: "Go", requirement: "one lower-case identifier, not a Go keyword, main or init",
        pattern: "^[a-z][a-z0-9_]*$",
        refusedPattern: "^(\(GoEmitterNames.refused.sorted().joined(separator: "|")))$"
    ) { name in
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        let legal = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return legal && !GoEmitterNames.refused.contains(name)
    }
}

/// The package names the Go rule refuses.
enum GoEmitterNames {
    /// Go's 25 keywords, `main`, and `init` ("cannot import package as init").
    static let refused: Set<String> = [
        "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func",
        "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct",
        "switch", "type", "var", "main", "init",
    ]
}

extension Emitter {
    /// The Go server package: types of both shapes, conversions, FCM data and push bodies.
    public static let go = Emitter(
        key: "go", kind: .go, template: "go.mustache", shape: .package(.go),
        summary: "the Go server package: `{ path: ..., package: livecontract }`"
        ) { request throws(TemplateError) in
        let context = GoContext(contract: request.contract, package: request.output.package ?? "livecontract")
        return request.files(try request.render("go.mustache", context.build(header: request.header)))
    }
    // The go tool builds only `.go` files: any other name would leave the package empty.
    .requiringExtension(".go")
}
