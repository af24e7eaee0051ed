/// Defaults the JVM class file format cannot hold, refused with a position instead of
/// generating Kotlin that kotlinc rejects.
///
/// A string constant is at most 65,535 bytes of modified UTF-8 (up to 1.5 times its UTF-8
/// length), and one method's bytecode at most 65,535 bytes: every default of a data class
/// is built in its synthetic default constructor, about 10 bytes per list item (measured:
/// 8,000 items fail with "Method too large", a 64 KB string with "wrong code generated").
/// The limits below keep a wide margin on both and far above what a Live Activity carries.
extension SchemaLoader {
    /// UTF-8 bytes of one string or url default (modified UTF-8 stays under 49,152).
    static let maxDefaultStringBytes = 32_768
    /// Items of one list default.
    static let maxDefaultListItems = 1_000
    /// List items and struct members across the defaults of one section or struct.
    static let maxDefaultItemsPerType = 2_000

    /// Checks one field's default; returns how many items it adds to its type's total.
    mutating func checkDefaultSize(_ field: Field, at node: YAMLNode) -> Int {
        guard let value = field.defaultValue else { return 0 }
        var items = 0
        var stack = [value]
        while let next = stack.popLast() {
            switch next {
            case .string(let text), .url(let text):
                if text.utf8.count > Self.maxDefaultStringBytes {
                    error("the default of '\(field.name)' is \(text.utf8.count) bytes; the limit is \(Self.maxDefaultStringBytes) (a JVM string constant holds about 64 KB, so the Kotlin would not compile): shorten it or send it in the payload",
                          node, rule: "value-too-long")
                    return 0
                }
            case .array(let elements):
                if elements.count > Self.maxDefaultListItems {
                    error("the default of '\(field.name)' has \(elements.count) items; the limit is \(Self.maxDefaultListItems) (the Kotlin default constructor would pass the JVM's 64 KB method limit): shorten it",
                          node, rule: "value-too-long")
                    return 0
                }
                items += elements.count
                stack += elements
            case .map(let members):
                if members.count > Self.maxDefaultListItems {
                    error("the default of '\(field.name)' has \(members.count) members; the limit is \(Self.maxDefaultListItems) (the Kotlin default constructor would pass the JVM's 64 KB method limit): shorten it",
                          node, rule: "value-too-long")
                    return 0
                }
                items += members.count
                stack += members.map { .string($0.name) } + members.map(\.value)
            case .structure(let members):
                items += members.count
                stack += members.map(\.value)
            default:
                break
            }
        }
        return items
    }

    /// Checks the sum of `items` over the fields of one section or struct.
    mutating func checkDefaultTotal(_ items: Int, what: String, at node: YAMLNode) {
        if items > Self.maxDefaultItemsPerType {
            error("the defaults of \(what) hold \(items) list items and members in all; the limit is \(Self.maxDefaultItemsPerType) (Kotlin builds them in one method, which the JVM caps at 64 KB): shorten them",
                  node, rule: "value-too-long")
        }
    }
}
