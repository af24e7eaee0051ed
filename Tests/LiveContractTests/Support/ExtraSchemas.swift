/// Schemas beside schema/*.yaml that the fixture, validate and differential tests generate
/// with every output: the Kotlin harness's torture schema, and one without examples whose
/// fields have one-sided bounds that exclude 0, so the synthesized sample must be clamped
/// the way the generated code clamps (`max: -5` gives -5, not 0).
enum ExtraSchemas {
    static let boundsName = "bounds"

    static let bounds = """
        livecontract: 1
        name: Bounds
        attributes:
          floor: { type: int, min: 3 }
        state:
          below: { type: int, max: -5 }
          above: { type: int, min: 7 }
          ceiling: { type: double, max: -0.5 }
          least: { type: double, min: 2.5 }
          band: { type: int, min: 10, max: 20 }
          maybe: { type: "int?", max: -1 }
          nested: { type: "[Reading]" }
        types:
          Reading: { fields: { level: { type: int, max: -2 }, gain: { type: double, min: 1 } } }
        outputs:
          swift: [Bounds.swift]
          swift-bridge: BoundsRecords.swift
          kotlin: { path: Bounds.kt, package: bounds.test }
          typescript: Bounds.ts
          fixtures: fixtures

        """

    /// The torture schema with the Swift and TypeScript outputs too.
    static var edge: String {
        KotlinHarness.edgeSchema + "\n  swift: [Edge.swift]\n  swift-bridge: EdgeRecords.swift\n  typescript: Edge.ts\n"
    }

    static var all: [(name: String, yaml: String)] { [(KotlinHarness.edgeSchemaName, edge), (boundsName, bounds)] }
}
