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

    static let typesName = "newtypes"

    /// The newer types in the shapes the bundled schemas lack: one-sided bounds on floats and
    /// sized integers, 64-bit kinds with and without bounds, uuids required, optional and
    /// defaulted, lists and struct members of each, every envelope key renamed, and a struct
    /// holding a map of itself (`Tree`), whose FCM text can nest to the parsers' limit.
    static let types = """
        livecontract: 1
        name: NewTypes
        envelope: { activityId: aid, event: ev, sentAt: sent, staleAt: stale, dismissAt: gone }
        attributes:
          key: { type: uuid }
          shard: { type: uint16, max: 999 }
        state:
          floor: { type: float, min: 0.25 }
          ceiling: { type: float, max: -0.5 }
          plain: { type: float }
          maybe: { type: "float?", min: -2 }
          wide: { type: int64, min: -5000000000 }
          capped: { type: int64, max: 9000000000000000 }
          count: { type: uint64 }
          native: { type: uint, min: 10 }
          word: { type: uint32 }
          half: { type: int16, max: -3 }
          byte: { type: uint8, default: 7 }
          owner: { type: "uuid?" }
          fallback: { type: uuid, default: "6ba7b810-9dad-11d1-80b4-00c04fd430c8" }
          ids: { type: "[uuid]" }
          longs: { type: "[int64]" }
          singles: { type: "[float]" }
          probe: { type: Probe }
          tree: { type: "Tree?" }
        types:
          Probe: { fields: { id: { type: "uuid?" }, gain: { type: float, min: 1 }, step: { type: int8, min: -3 } } }
          Tree: { fields: { label: { type: "string?" }, kids: { type: "[string: Tree]", default: {} } } }
        outputs:
          swift: [NewTypes.swift]
          swift-bridge: NewTypesRecords.swift
          kotlin: { path: NewTypes.kt, package: newtypes.test }
          kotlin-bridge: { path: NewTypesRecords.kt, package: newtypes.bridge }
          typescript: NewTypes.ts
          fixtures: fixtures

        """

    /// The torture schema with the Swift and TypeScript outputs too.
    static var edge: String {
        KotlinHarness.edgeSchema + "\n  swift: [Edge.swift]\n  swift-bridge: EdgeRecords.swift\n  typescript: Edge.ts\n"
    }

    static var all: [(name: String, yaml: String)] { [(KotlinHarness.edgeSchemaName, edge), (boundsName, bounds), (typesName, types)] }
}
