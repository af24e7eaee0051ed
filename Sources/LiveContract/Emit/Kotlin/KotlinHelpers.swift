/// Which runtime helpers of kotlin.mustache a contract uses.
///
/// A contract of plain strings and numbers (delivery) needs no JSON reader, so its file
/// carries none; one with lists of structs (kitchensink) gets the reader, the writer and a
/// decoder/encoder per reachable enum and struct. Computing this in Swift keeps the template
/// free of decisions and the generated file free of dead code.
struct KotlinHelpers {
    /// The helpers, in the order of `names`.
    enum Helper: Int {
        case readUuid, jsonUuid, readSized, jsonSized, readFloat, jsonFloat, jsonFloatIn
        case readOk, readInt, readDouble, readBool, readDate, readChoice, wholeNumber
        case wire, number, json, range, jsonString, jsonInt, jsonIntIn, jsonDouble
        case jsonDoubleIn, jsonBool, jsonDate, jsonDateRange, jsonList, jsonMap
    }

    /// The name the template uses for each `Helper`, by raw value.
    static let names = [
        "readUuid", "jsonUuid", "readSized", "jsonSized", "readFloat", "jsonFloat", "jsonFloatIn",
        "readOk", "readInt", "readDouble", "readBool", "readDate", "readChoice", "wholeNumber",
        "wire", "number", "json", "range", "jsonString", "jsonInt", "jsonIntIn", "jsonDouble",
        "jsonDoubleIn", "jsonBool", "jsonDate", "jsonDateRange", "jsonList", "jsonMap",
    ]

    /// Whether each helper is emitted, by raw value (flags are set by index, not by name).
    private var emitted = [Bool](repeating: false, count: KotlinHelpers.names.count)
    /// Enums that appear inside JSON text, in `types` order.
    private(set) var jsonEnums: [String] = []
    /// Structs reachable from a field, in `types` order.
    private(set) var structs: [String] = []

    /// Helper name -> emitted; every name the template asks for is present.
    var flags: [String: Bool] {
        var flags = [String: Bool](minimumCapacity: Self.names.count)
        for index in Self.names.indices { flags[Self.names[index]] = emitted[index] }
        return flags
    }

    /// `flags` as the template's `helpers` object.
    var context: TemplateValue {
        var members = TemplateObject(minimumCapacity: Self.names.count)
        for index in Self.names.indices { members[Self.names[index]] = .flag(emitted[index]) }
        return .object(members)
    }

    subscript(helper: Helper) -> Bool {
        get { emitted[helper.rawValue] }
        set { emitted[helper.rawValue] = newValue }
    }

    init(contract: Contract) {
        var enums: Set<String> = []
        var structNames: Set<String> = []

        func visit(_ type: FieldType, bounded: Bool) {
            switch type {
            case .string, .url: self[.jsonString] = true
            case .uuid:
                self[.jsonString] = true
                self[.jsonUuid] = true
            case .sized: self[.jsonSized] = true
            case .float:
                self[.jsonFloat] = true
                if bounded { self[.jsonFloatIn] = true }
            case .int:
                self[.jsonInt] = true
                if bounded { self[.jsonIntIn] = true }
            case .double:
                self[.jsonDouble] = true
                if bounded { self[.jsonDoubleIn] = true }
            case .bool: self[.jsonBool] = true
            case .date: self[.jsonDate] = true
            case .dateRange:
                self[.jsonDateRange] = true
                self[.jsonDate] = true
                self[.range] = true
            case .enumeration(let name):
                enums.insert(name)
                if contract.type(named: name)?.enumType?.rawType == .int { self[.jsonInt] = true } else { self[.jsonString] = true }
            case .structure(let name):
                guard structNames.insert(name).inserted, let members = contract.type(named: name)?.fields else { return }
                for index in members.indices {
                    visit(members[index].type, bounded: members[index].minimum != nil || members[index].maximum != nil)
                }
            case .array(let element):
                self[.jsonList] = true
                visit(element, bounded: false)
            case .map(let value):
                self[.jsonMap] = true
                visit(value, bounded: false)
            }
        }

        func visit(_ fields: [Field]) {
            // Indexing reads single properties; `for field in fields` would copy each whole Field.
            for index in fields.indices {
                switch fields[index].type {
                case .string, .url: self[.readOk] = true
                case .uuid: self[.readUuid] = true
                case .sized: self[.readSized] = true
                case .float:
                    self[.readFloat] = true
                    self[.readDouble] = true
                case .int: self[.readInt] = true
                case .double: self[.readDouble] = true
                case .bool: self[.readBool] = true
                case .date: self[.readDate] = true
                case .enumeration: self[.readChoice] = true
                case .dateRange, .structure, .array, .map:
                    self[.readOk] = true
                    self[.json] = true
                    visit(fields[index].type, bounded: fields[index].minimum != nil || fields[index].maximum != nil)
                }
            }
        }

        visit(contract.attributes)
        visit(contract.state)
        self[.wholeNumber] = self[.readInt] || self[.readDate] || self[.readSized]
        self[.number] = self[.readDouble] || self[.json] || self[.readFloat]
        self[.wire] = self[.number] || self[.json]
        for type in contract.types {
            if enums.contains(type.name) { jsonEnums.append(type.name) }
            if structNames.contains(type.name) { structs.append(type.name) }
        }
    }
}
