/// Builders for JSON Schema documents written as `JSONValue`s, shared by the editor schema
/// and the json-schema output so both spell keywords the same way.
enum SchemaJSON {
    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { JSONMember($0.0, $0.1) }) }
    static func text(_ description: String) -> JSONValue { object([("type", .string("string")), ("description", .string(description))]) }
    static func reference(_ name: String) -> JSONValue { object([("$ref", .string("#/$defs/\(name)"))]) }
    static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
}
