/// Names reach three languages and two wire formats, so each must be legal, unreserved and unique
/// in all of them.
extension RuleCatalog {
    static let names: [RuleInfo] = [
        RuleInfo(id: "apns-key-collision",
                 summary: "two fields of one record (attributes, state or a struct) end with the same APNs key once `apnsName:` is applied; one JSON object cannot carry two values under one key",
                 example: "state:\n  id: { type: string, apnsName: orderId }\n  orderId: string",
                 fix: "change one apnsName (or rename the other field)"),
        RuleInfo(id: "fcm-reserved-key",
                 summary: "a field or bridge name of `attributes` or `state` that FCM reserves for data keys (from, message_type, collapse_key, notification, priority, ttl, google*, gcm*); the send fails. A struct member may use these names: it is a key inside one JSON-text value, not an FCM key",
                 example: "state:\n  from: string",
                 fix: "rename the field, or keep the name and set another `bridgeName:`"),
        RuleInfo(id: "invalid-apns-name",
                 summary: "an `apnsName:` that a generated file cannot carry: empty, holding a control character or one of \" ' \\ ` , (Go's encoding/json struct tags take letters, digits, space and !#$%&()*+-./:;<=>?@[]^_{|}~ only), or a member every JavaScript object inherits (__proto__, constructor, toString, ...); also an apnsName that, with no bridgeName set, would be the FCM/bridge key but is no field name",
                 example: "state:\n  id: { type: string, apnsName: \"order,id\" }",
                 fix: "pick another key (on the server too), or set bridgeName when only the FCM/bridge default is the problem"),
        RuleInfo(id: "invalid-name",
                 summary: "a name is not an ASCII identifier of the right case: fields and enum cases start lower-case, types upper-case, then letters, digits and _ only (no é, no dash, no bidi or line-separator character); also example names and Kotlin packages",
                 example: "state:\n  eta-ms: date",
                 fix: "rename it, e.g. etaMs"),
        RuleInfo(id: "name-collision",
                 summary: "two names become one in generated code: fields equal after CONSTANT_CASE within one half (fooBar, foo_bar), one FCM/bridge key used twice (attributes and state share the flat FCM data map, so a field name in both halves needs a bridgeName on one), two enum cases equal in Kotlin, or a type whose Kotlin/TypeScript name (`<Contract><Type>`, `...Apns`, `...Record`) is already taken. A name in both attributes and state is fine otherwise: Kotlin's key constants become ATTRIBUTES_<X> and <X>",
                 example: "state:\n  fooBar: int\n  foo_bar: int",
                 fix: "rename one of them; the message names both"),
        RuleInfo(id: "reserved-name",
                 summary: "a name that cannot work even escaped in some language (keywords such as default, class, type, self or unknown are escaped and accepted). Still refused, with the reason: field hashValue (Swift: the stored property becomes the witness of Hashable's deprecated hashValue and swiftc warns); fields constructor, hasOwnProperty, isPrototypeOf, propertyIsEnumerable, toLocaleString, toString, valueOf (TypeScript: an absent optional field reads the inherited Object.prototype member instead of undefined); fields contentState, issues, raw, toContentState, fromContentState, toAttributes, toValue, toDictionary, toFcmData, parseFcmData (declared by the generated code or Expo's Record beside the fields); enum cases rawValue and allCases (Swift: every generated enum has those members); type names Any, Protocol, Self, Type (Swift: metatype syntax or the top type, not nameable as a nested type) and the standard or generated type names of the three languages (String, Date, Codable, CodingKeys, ...; a nested Swift type of that name would capture every use inside the attributes type)",
                 example: "state:\n  hashValue: int",
                 fix: "rename the field, case or type; for an enum case keep the wire form as its raw value (enum: [{ rawValueCase: rawValue }]); the message names the language and why"),
    ]
}
