/// `apnsName:` changes. The APNs key and the Swift property name are separate since fields may
/// rename their Codable key: a changed key breaks APNs like a rename, a changed Swift name
/// under the same key breaks only the widget's Swift source.
extension CompatChecker {
    /// The APNs key of a field both versions have changed: Codable looks the value up under
    /// the other key, as for a rename; FCM and the bridge are untouched unless their key moved too.
    func apnsNameChanged(from before: ShapeField, to after: ShapeField, in section: ShapeSection) -> CompatFinding {
        let impacts = self.impacts(old: before, section, new: after, section).filter { $0.audience != .android }
        let lost = impacts.isEmpty
            ? [Impact(audience: .newWidgetOldServer, effect: .degrades, text: "the widget reads '\(after.name)' while older servers send '\(before.name)'; the value is dropped")]
            : impacts
        return finding("compat-apns-name-changed",
                       "\(section.rawValue) field '\(after.propertyName)' changed its APNs key from '\(before.name)' to '\(after.name)'",
                       at: after.location, lost,
                       fix: before.name == before.propertyName
                           ? "remove `apnsName: \(after.name)` (the key stays '\(before.name)'); APNs payloads and running activities carry the old key"
                           : "keep `apnsName: \(before.name)`; APNs payloads and running activities carry the old key")
    }

    /// Fields left unmatched by Swift name whose APNs key both versions share: the Swift
    /// property was renamed under a kept `apnsName`. The JSON is the same, so nothing breaks
    /// on the wire, but the widget's code that names the property must change (a warning).
    func swiftRenames(_ unmatchedOld: inout [ShapeSection: [ShapeField]], _ unmatchedNew: inout [ShapeSection: [ShapeField]]) -> [CompatFinding] {
        var result: [CompatFinding] = []
        for section in ShapeSection.allCases {
            for field in unmatchedOld[section] ?? [] {
                guard let target = unmatchedNew[section]?.first(where: { $0.name == field.name }) else { continue }
                // Empty unless the type or optionality changed too: the JSON is the same.
                let impacts = self.impacts(old: field, section, new: target, section)
                result.append(finding("compat-swift-name-changed",
                                      "\(section.rawValue) field '\(field.propertyName)' was renamed to '\(target.propertyName)' in Swift; its APNs key '\(field.name)' stayed, so payloads decode as before, but widget code that reads '\(field.propertyName)' no longer compiles",
                                      at: target.location, impacts,
                                      fix: "update the widget's Swift code to '\(target.propertyName)'; nothing changes on the wire"))
                unmatchedOld[section]?.removeAll { $0.propertyName == field.propertyName }
                unmatchedNew[section]?.removeAll { $0.propertyName == target.propertyName }
            }
        }
        return result
    }
}
