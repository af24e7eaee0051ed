/// Which runtime helpers of kotlin.mustache a contract uses.
///
/// A contract of plain strings and numbers (delivery) needs no JSON reader, so its file
/// carries none; one with lists of structs (kitchensink) gets the reader, the writer and a
/// decoder/encoder per reachable enum and struct. Computing this in Swift keeps the template
/// free of decisions and the generated file free of dead code.
struct KotlinHelpers {
    /// Helper name -> emitted; every name the template asks for is present.
    private(set) var flags: [String: Bool] = [:]
    /// Enums that appear inside JSON text, in `types` order.
    private(set) var jsonEnums: [String] = []
    /// Structs reachable from a field, in `types` order.
    private(set) var structs: [String] = []

    static let names = [
        "readOk", "readInt", "readDouble", "readBool", "readDate", "readChoice", "wholeNumber",
        "wire", "number", "json", "range", "jsonString", "jsonInt", "jsonIntIn", "jsonDouble",
        "jsonDoubleIn", "jsonBool", "jsonDate", "jsonDateRange", "jsonList",
    ]

    init(contract: Contract) {
        for name in Self.names { flags[name] = false }
        var enums: Set<String> = []
        var structNames: Set<String> = []

        func visit(_ type: FieldType, _ field: Field?) {
            switch type {
            case .string, .url: flags["jsonString"] = true
            case .int:
                flags["jsonInt"] = true
                if field?.minimum != nil || field?.maximum != nil { flags["jsonIntIn"] = true }
            case .double:
                flags["jsonDouble"] = true
                if field?.minimum != nil || field?.maximum != nil { flags["jsonDoubleIn"] = true }
            case .bool: flags["jsonBool"] = true
            case .date: flags["jsonDate"] = true
            case .dateRange:
                flags["jsonDateRange"] = true
                flags["jsonDate"] = true
                flags["range"] = true
            case .enumeration(let name):
                enums.insert(name)
                flags["jsonString"] = true
            case .structure(let name):
                guard structNames.insert(name).inserted else { return }
                for member in contract.type(named: name)?.fields ?? [] {
                    visit(member.type, member)
                }
            case .array(let element):
                flags["jsonList"] = true
                visit(element, nil)
            }
        }

        for field in contract.attributes + contract.state {
            switch field.type {
            case .string, .url: flags["readOk"] = true
            case .int: flags["readInt"] = true
            case .double: flags["readDouble"] = true
            case .bool: flags["readBool"] = true
            case .date: flags["readDate"] = true
            case .enumeration: flags["readChoice"] = true
            case .dateRange, .structure, .array:
                flags["readOk"] = true
                flags["json"] = true
                visit(field.type, field)
            }
        }
        flags["wholeNumber"] = flags["readInt"]! || flags["readDate"]!
        flags["number"] = flags["readDouble"]! || flags["json"]!
        flags["wire"] = flags["number"]! || flags["json"]!
        jsonEnums = contract.types.map(\.name).filter { enums.contains($0) }
        structs = contract.types.map(\.name).filter { structNames.contains($0) }
    }
}
