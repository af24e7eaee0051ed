/// Changes inside named enums and structs, reported once at the type's declaration (not once
/// per field that uses it), and the payload-size budget.
extension CompatChecker {
    /// Enums and structs present under the same name in both versions and used by some field.
    func typeFindings() -> [CompatFinding] {
        var result: [CompatFinding] = []
        for (name, after) in new.namedTypes.sorted(by: { $0.value.location.line < $1.value.location.line }) {
            guard let before = old.namedTypes[name] else { continue }
            let sections = ShapeSection.allCases.filter { old.uses(name, in: $0) || new.uses(name, in: $0) }
            guard !sections.isEmpty else { continue }
            switch (before.type, after.type) {
            case (.enumeration(_, let oldCases, let oldUnknown), .enumeration(_, let newCases, let newUnknown)):
                result += enumFindings(name, before.type, after.type, oldCases, newCases, oldUnknown, newUnknown, sections, at: after.location)
            case (.structure(_, let oldFields), .structure(_, let newFields)):
                result += structFindings(name, oldFields, newFields, sections, fallback: after.location)
            default:
                break
            }
        }
        return result
    }

    /// Impacts of a type-level change, from the breakage in each direction, for every section
    /// that uses the type.
    func typeImpacts(newReadsOld: Breakage?, oldReadsNew: Breakage?, fcmNewReadsOld: Breakage?, fcmOldReadsNew: Breakage?, _ sections: [ShapeSection]) -> [Impact] {
        var result: [Impact] = []
        for section in sections { if let newReadsOld { result.append(ImpactText.codable(.newWidgetOldServer, section, newReadsOld)) } }
        for section in sections { if let oldReadsNew { result.append(ImpactText.codable(.oldWidgetNewServer, section, oldReadsNew)) } }
        for section in sections { if let newReadsOld { result.append(ImpactText.codable(.runningActivities, section, newReadsOld)) } }
        if old.knowsWireNames && new.knowsWireNames {
            if let fcmNewReadsOld { result.append(ImpactText.fcm(newReadsOld: true, fcmNewReadsOld)) }
            if let fcmOldReadsNew { result.append(ImpactText.fcm(newReadsOld: false, fcmOldReadsNew)) }
        }
        return result
    }

    /// Added cases break old readers without a fallback; removed cases break new readers without one.
    func enumFindings(_ name: String, _ before: ShapeType, _ after: ShapeType, _ oldCases: [String], _ newCases: [String],
                      _ oldUnknown: String?, _ newUnknown: String?, _ sections: [ShapeSection], at location: SourceLocation) -> [CompatFinding] {
        var result: [CompatFinding] = []
        let added = newCases.filter { !oldCases.contains($0) }
        let removed = oldCases.filter { !newCases.contains($0) }
        if !added.isEmpty {
            let impacts = typeImpacts(newReadsOld: nil, oldReadsNew: WireReader.codable.value(reader: before, writer: after),
                                      fcmNewReadsOld: nil, fcmOldReadsNew: WireReader.fcm.value(reader: before, writer: after), sections)
            if !impacts.isEmpty {
                result.append(finding("compat-enum-case-added", "enum \(name) gained \(quoted(added)) and the previous version has no unknown: fallback",
                                      at: location, impacts,
                                      fix: "first ship a release with `unknown: <case>` on \(name) so older widgets decode new cases as that case; add \(quoted(added)) once builds without the fallback are gone"))
            }
        }
        if !removed.isEmpty {
            let impacts = typeImpacts(newReadsOld: WireReader.codable.value(reader: after, writer: before), oldReadsNew: nil,
                                      fcmNewReadsOld: WireReader.fcm.value(reader: after, writer: before), fcmOldReadsNew: nil, sections)
            if impacts.isEmpty, let fallback = newUnknown {
                result += fallbackFindings(name, removed: removed, added: added, fallback: fallback, sections, at: location)
            }
            if !impacts.isEmpty {
                result.append(finding("compat-enum-case-removed", "enum \(name) lost \(quoted(removed)), which older servers and running activities may still send",
                                      at: location, impacts,
                                      fix: "keep \(quoted(removed)) until no server sends it, or add `unknown:` to \(name) so retired values decode as that case"))
            }
        }
        if oldUnknown != nil && newUnknown == nil {
            result.append(finding("compat-enum-fallback-removed", "enum \(name) dropped its unknown: fallback; the next case you add will break widgets of this build",
                                  at: location, [], fix: "keep `unknown: \(oldUnknown!)` on \(name)"))
        }
        return result
    }

    /// Member changes of a struct, judged like fields, in every section that uses the struct.
    func structFindings(_ name: String, _ oldFields: [ShapeField], _ newFields: [ShapeField], _ sections: [ShapeSection], fallback: SourceLocation) -> [CompatFinding] {
        var result: [CompatFinding] = []
        func impacts(_ before: ShapeField?, _ after: ShapeField?) -> [Impact] {
            typeImpacts(newReadsOld: after.flatMap { r in WireReader.codable.field(reader: r, writer: oldFields.first { $0.name == r.name }) },
                        oldReadsNew: before.flatMap { r in WireReader.codable.field(reader: r, writer: newFields.first { $0.name == r.name }) },
                        fcmNewReadsOld: after.flatMap { r in WireReader.fcm.field(reader: r, writer: oldFields.first { $0.wireName == r.wireName }) },
                        fcmOldReadsNew: before.flatMap { r in WireReader.fcm.field(reader: r, writer: newFields.first { $0.wireName == r.wireName }) },
                        sections)
        }
        for after in newFields {
            let path = "struct \(name) member '\(after.propertyName)'"
            guard let before = oldFields.first(where: { $0.propertyName == after.propertyName }) else {
                let found = impacts(nil, after)
                if !found.isEmpty {
                    result.append(finding("compat-field-added-required", "\(path) (\(after.schemaSpelling)) was added without a default", at: after.location, found,
                                          fix: "give '\(after.name)' a `default:` or make it optional, so objects without it still decode"))
                }
                continue
            }
            let found = impacts(before, after)
            guard !found.isEmpty else { continue }
            if before.name != after.name {
                result.append(finding("compat-apns-name-changed", "\(path) changed its APNs key from '\(before.name)' to '\(after.name)'", at: after.location, found,
                                      fix: "keep the old key '\(before.name)' (`apnsName: \(before.name)`), or add a new member with a default"))
            } else if !before.type.sameNamedType(as: after.type) && !WireReader.equivalent(before.type, after.type) {
                result.append(finding("compat-type-changed", "\(path) changed type from \(before.type.schemaSpelling) to \(after.type.schemaSpelling)", at: after.location, found,
                                      fix: "add a new member with the new type and a default instead of changing '\(after.name)'"))
            } else if before.isRequired != after.isRequired || before.wireName != after.wireName {
                let rule = before.wireName != after.wireName ? "compat-bridge-name-changed" : (after.isRequired ? "compat-now-required" : "compat-now-optional")
                result.append(finding(rule, "\(path) changed from \(before.schemaSpelling) to \(after.schemaSpelling)\(before.wireName != after.wireName ? " and its FCM/JS name from '\(before.wireName)' to '\(after.wireName)'" : "")",
                                      at: after.location, found, fix: "keep '\(after.name)' as it was, or add a new member with a default"))
            }
        }
        for before in oldFields where !newFields.contains(where: { $0.propertyName == before.propertyName }) {
            let found = impacts(before, nil)
            guard !found.isEmpty else { continue }
            let location = newFields.first?.location ?? fallback
            result.append(finding("compat-field-removed", "struct \(name) member '\(before.name)' (\(before.schemaSpelling)) was removed (it was at \(oldLabel):\(before.location.line))",
                                  at: location, found,
                                  fix: "keep '\(before.name)' until no app build requires it; first ship a release where it has a `default:`"))
        }
        return result
    }

    /// `case 'a'` or `cases 'a', 'b'`.
    func quoted(_ cases: [String]) -> String {
        (cases.count == 1 ? "case " : "cases ") + cases.map { "'\($0)'" }.joined(separator: ", ")
    }
}

extension ContractShape {
    /// True when a field of `section` reaches the named type, directly or through arrays and
    /// structs: only then can a change to the type reach the wire.
    func uses(_ typeName: String, in section: ShapeSection) -> Bool {
        func reaches(_ type: ShapeType) -> Bool {
            switch type {
            case .enumeration(let name, _, _): return name == typeName
            case .structure(let name, let fields): return name == typeName || fields.contains { reaches($0.type) }
            case .array(let element), .map(let element): return reaches(element)
            default: return false
            }
        }
        return fields(in: section).contains { reaches($0.type) }
    }
}
