/// `maxItems` in a payload: like `maxLength`, a promise of the contract that no decoder
/// enforces (Swift, Kotlin and the TypeScript readers take a longer list or map as it is), but
/// that the payload budget of `check` rests on. A payload over it decodes, so it is a warning.
extension PayloadChecker {
    /// A list or map with more items than the field's `maxItems` (for `[string: [T]]` that is
    /// the map and each list value, as docs/wire.md says).
    mutating func checkItemCount(_ node: JSONNode, _ count: Int, isMap: Bool, field: Field?, path: JSONPath) {
        guard let limit = field?.maxItems, count > limit else { return }
        let what = isMap ? "members" : "items"
        warning(node, path, "\(count) \(what), over the schema's maxItems \(limit); it decodes, but the contract (and the payload budget) promises at most \(limit): send fewer", rule: "payload-out-of-bounds")
    }

    /// The same for an FCM value: the list or map travels as JSON text, counted at its top.
    mutating func checkFCMItemCount(_ node: JSONNode, _ text: String, field: Field, path: JSONPath) {
        guard field.maxItems != nil else { return }
        switch field.type {
        case .array, .map:
            guard let parsed = Self.jsonText(text) else { return }
            switch parsed.kind {
            case .array(let items): checkItemCount(node, items.count, isMap: false, field: field, path: path)
            case .object(let members): checkItemCount(node, members.count, isMap: true, field: field, path: path)
            default: return
            }
        default:
            return
        }
    }
}
