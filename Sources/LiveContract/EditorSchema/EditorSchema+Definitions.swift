/// The `$defs` of the editor schema: fields, type expressions, named types, examples, outputs.
extension EditorSchema {
    static var definitions: [(String, JSONValue)] {
        [
            ("typeExpression", object([
                ("description", .string("string, int, double, bool, date, dateRange, url, uuid, float, int8...uint64, a type from `types`, [T], [string: T], T?" + rule("unknown-type"))),
                ("anyOf", .array([
                    object([("type", .string("string")), ("pattern", .string(typeExpressionPattern))]),
                    // `type: [int]` unquoted is a one-item YAML list; the loader reads it as the list type.
                    object([("type", .string("array")), ("minItems", .int(1)), ("maxItems", .int(1)),
                            ("items", object([("type", .string("string")), ("pattern", .string(typeExpressionPattern))]))]),
                    // `type: [string: int]` unquoted is a one-item list holding `{string: int}`: a map type.
                    object([("type", .string("array")), ("minItems", .int(1)), ("maxItems", .int(1)),
                            ("items", object([("type", .string("object")), ("minProperties", .int(1)), ("maxProperties", .int(1)),
                                              ("propertyNames", object([("const", .string("string"))])),
                                              ("additionalProperties", object([("type", .string("string")), ("pattern", .string(typeExpressionPattern))]))]))]),
                ])),
            ])),
            ("fields", object([
                ("type", .array([.string("object"), .string("null")])),
                ("propertyNames", fieldName),
                ("additionalProperties", reference("field")),
            ])),
            ("field", object([
                ("description", .string("`name: T` or `name: { type: T, doc, default, min, max, maxLength, bridgeName, apnsName, encoding, example }`")),
                ("anyOf", .array([reference("typeExpression"), reference("fieldBody")])),
            ])),
            ("fieldBody", fieldBody),
            ("namedType", namedType),
            ("caseName", object([("type", .string("string")), ("pattern", .string(identifierLower)),
                                 ("not", object([("enum", strings(reservedCaseNames))]))])),
            ("examples", object([
                ("type", .string("object")),
                ("description", .string("named sample activities; each becomes a JSON fixture and is checked against the fields" + rule("missing-value"))),
                ("propertyNames", object([("pattern", .string("^[A-Za-z][A-Za-z0-9_]*$"))])),
                ("additionalProperties", object([
                    ("type", .string("object")), ("required", strings(["state"])), ("additionalProperties", .bool(false)),
                    ("properties", object([("attributes", object([("type", .array([.string("object"), .string("null")]))])),
                                           ("state", object([("type", .array([.string("object"), .string("null")]))])),
                                           ("doc", text("what the example shows"))])),
                ])),
            ])),
            ("path", object([("type", .string("string")), ("minLength", .int(1)),
                             ("pattern", .string("^(?![/~])(?![A-Za-z]:)(?!.*(^|/)\\.\\.?(/|$))(?!.*//)(?!.*\\\\)(?!.*/$)[^\\u0000-\\u001f\\u007f]+$")),
                             ("description", .string("a clean path relative to the schema's folder" + rule("output-path")))])),
            ("outputs", object([
                ("type", .string("object")), ("additionalProperties", .bool(false)), ("minProperties", .int(1)),
                ("dependentRequired", object(Emitters.all.compactMap { emitter in emitter.requires.map { (emitter.key, strings([$0.key])) } })),
                ("description", .string("where the generated files go, relative to the schema's folder")),
                ("properties", object(Emitters.all.map { ($0.key, outputProperty($0)) })),
            ])),
            ("envelope", object([
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("description", .string("renames the keys every FCM data map carries beside the fields")),
                ("properties", object(FcmEnvelopeKeys.schemaKeys.map { key in
                    (key, object([("type", .string("string")), ("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*$")),
                                  ("not", object([("pattern", .string("^(google|gcm)|^(from|message_type|collapse_key|notification|priority|ttl)$"))])),
                                  ("description", .string("the FCM data key for \(key): an identifier that FCM does not reserve" + rule("fcm-reserved-key")))]))
                })),
            ])),
        ]
    }

    static var fieldBody: JSONValue {
        let numeric = "^ *(int|double|float|u?int(8|16|32|64)?) *\\?? *$"
        func when(_ pattern: String, _ then: JSONValue) -> JSONValue {
            object([("if", object([("required", strings(["type"])), ("properties", object([("type", object([("type", .string("string")), ("pattern", .string(pattern))]))]))])),
                    ("then", then)])
        }
        func values(_ schema: JSONValue) -> JSONValue {
            object([("properties", object([("default", schema), ("example", schema)]))])
        }
        let iso = object([("type", .string("string")), ("pattern", .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$"))])
        return object([
            ("type", .string("object")), ("required", strings(["type"])), ("additionalProperties", .bool(false)),
            ("properties", object([
                ("type", object([("$ref", .string("#/$defs/typeExpression")), ("description", .string("the field's type: string, int, double, bool, date, dateRange, url, a type from `types`, [T], [string: T], T?"))])),
                ("doc", text("becomes the doc comment in every language")),
                ("default", object([("description", .string("the value when a payload leaves the field out; not null (make the type T? instead)" + rule("yaml11-boolean"))),
                                    ("not", object([("type", .string("null"))]))])),
                ("example", object([("description", .string("the value fixtures and examples use when they leave the field out"))])),
                ("min", object([("type", .string("number")), ("description", .string("lower bound for int and double fields"))])),
                ("max", object([("type", .string("number")), ("description", .string("upper bound for int and double fields"))])),
                ("maxLength", object([("type", .string("integer")), ("minimum", .int(1)), ("description", .string("the most UTF-8 bytes a string or url field may hold (a list: each item; a map: each key and each string value)"))])),
                ("bridgeName", object([("type", .string("string")), ("description", .string("the name on the FCM and JS wire instead of the field name"))])),
                ("apnsName", object([("type", .string("string")), ("minLength", .int(1)),
                                     ("pattern", .string("^[^\"'\\\\`,\\u0000-\\u001f\\u007f]+$")),
                                     ("description", .string("the key in APNs JSON and Swift Codable (the CodingKeys raw value) instead of the field name; also the FCM/JS name unless bridgeName is set"))])),
                ("maxItems", object([("type", .string("integer")), ("minimum", .int(0)), ("description", .string("the most items a list field may hold, or members a map may hold (bounds the payload budget)"))])),
                ("encoding", object([("enum", strings(DateEncoding.spellings)),
                                     ("description", .string("a date field's form in APNs JSON: referenceDate (Swift's default, seconds since 2001), unixSeconds, unixMillis or iso8601 (YYYY-MM-DDTHH:MM:SSZ); the bridge and FCM keep Unix ms"))])),
            ])),
            ("propertyNames", object([("enum", strings(SchemaLoader.fieldKeys))])),
            ("allOf", .array([
                object([("properties", object([("bridgeName", object([("allOf", .array([fieldName, object([("not", object([("pattern", .string("^(google|gcm)|^(from|message_type|collapse_key|notification|priority|ttl)$"))]))])]))]))]))]),
                when("^ *bool *\\?? *$", values(object([("type", .string("boolean"))]))),
                when("^ *(u?int(8|16|32|64)?) *\\?? *$", values(object([("type", .string("integer"))]))),
                when("^ *int *\\?? *$", values(object([("minimum", .int(-2_147_483_648)), ("maximum", .int(2_147_483_647))]))),
                when("^ *(double|float) *\\?? *$", values(object([("type", .string("number"))]))),
                when("^ *(string|url|uuid) *\\?? *$", values(object([("type", .string("string"))]))),
                when("^ *date *\\?? *$", values(iso)),
                when("^ *\\[ *string *:.*\\] *\\?? *$", values(object([("type", .string("object"))]))),
                when("^ *\\[ *string *: *bool *\\] *\\?? *$", values(object([("additionalProperties", object([("type", .string("boolean"))]))]))),
                when("^ *\\[ *string *: *(u?int(8|16|32|64)?) *\\] *\\?? *$", values(object([("additionalProperties", object([("type", .string("integer"))]))]))),
                when("^ *\\[ *string *: *(double|float) *\\] *\\?? *$", values(object([("additionalProperties", object([("type", .string("number"))]))]))),
                when("^ *\\[ *string *: *(string|url|uuid) *\\] *\\?? *$", values(object([("additionalProperties", object([("type", .string("string"))]))]))),
                when("^ *\\[ *string *: *\\[.*\\] *\\] *\\?? *$", values(object([("additionalProperties", object([("type", .string("array"))]))]))),
                when("^ *dateRange *\\?? *$", values(object([("type", .string("array")), ("minItems", .int(2)), ("maxItems", .int(2)), ("items", iso)]))),
                object([("if", object([("required", strings(["type"])), ("properties", object([("type", object([("not", object([("pattern", .string(numeric))]))]))]))])),
                        ("then", object([("not", object([("anyOf", .array([object([("required", strings(["min"]))]), object([("required", strings(["max"]))])]))]))]))]),
                object([("if", object([("required", strings(["type"])), ("properties", object([("type", object([("not", object([("pattern", .string("^ *(\\[? *(string|url) *\\]?|\\[ *string *:.*\\]) *\\?? *$"))]))]))]))])),
                        ("then", object([("not", object([("required", strings(["maxLength"]))]))]))]),
                object([("if", object([("required", strings(["type"])), ("properties", object([("type", object([("not", object([("pattern", .string("^ *\\[.*\\] *\\?? *$"))]))]))]))])),
                        ("then", object([("not", object([("required", strings(["maxItems"]))]))]))]),
                object([("if", object([("required", strings(["type"])), ("properties", object([("type", object([("not", object([("pattern", .string("^ *date *\\?? *$"))]))]))]))])),
                        ("then", object([("not", object([("required", strings(["encoding"]))]))]))]),
            ])),
        ])
    }

    static var namedType: JSONValue {
        let rawEnum = object([("type", .string("object")), ("minProperties", .int(1)), ("propertyNames", reference("caseName")),
                              ("additionalProperties", object([("type", .array([.string("string"), .string("integer")]))]))])
        let caseItem = object([("anyOf", .array([reference("caseName"),
                                                 object([("type", .string("object")), ("minProperties", .int(1)), ("maxProperties", .int(1)),
                                                         ("propertyNames", reference("caseName")),
                                                         ("additionalProperties", object([("type", .array([.string("string"), .string("integer")]))]))])]))])
        return object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("description", .string("an enum (`enum: [a, b]`, optionally raw values `{ b: B }`, and `unknown:` for values this build does not know) or a struct (`fields:`)")),
            ("properties", object([
                ("enum", object([("description", .string("the cases; `name` or `name: RAW` (the raw value travels on every wire)")),
                                 ("anyOf", .array([object([("type", .string("array")), ("minItems", .int(1)), ("items", caseItem)]), rawEnum]))])),
                ("unknown", object([("$ref", .string("#/$defs/caseName")), ("description", .string("the case an unknown value decodes as, so adding a case later breaks no installed widget" + rule("compat-enum-case-added")))])),
                ("raw", object([("enum", strings(["int", "string"])),
                                ("description", .string("`int`: Swift `enum X: Int`, raw values are integers (implicit: 0, then previous + 1) and every wire carries the number; `string` (the default): String-raw" + rule("enum-raw-type")))])),
                ("fields", reference("fields")),
                ("doc", text("becomes the type's doc comment")),
            ])),
            ("oneOf", .array([object([("required", strings(["enum"]))]), object([("required", strings(["fields"]))])])),
            ("dependentSchemas", object([("unknown", object([("required", strings(["enum"]))])), ("raw", object([("required", strings(["enum"]))]))])),
        ])
    }
}
