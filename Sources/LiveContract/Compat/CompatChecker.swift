/// `compat`: compares two versions of a contract and says, per change, who breaks.
///
/// Like `buf breaking`, but the parties are the ones a Live Activity has: a new widget and an
/// old server, an old widget and a new server, activities running across an app update, and
/// the Android FCM parser. Every impact comes from `WireReader`, which encodes how Swift's
/// `JSONDecoder` and the generated FCM parsers treat missing keys, types and enum values; this
/// file only decides what changed and groups the consequences into findings.
public struct CompatChecker {
    public let old: ContractShape
    public let new: ContractShape
    /// How messages name the old version (`git:HEAD~1:delivery.yaml`, `old.yaml`).
    public let oldLabel: String
    /// The new schema's path, for findings with no better place to point at.
    public let newPath: String

    public init(old: ContractShape, new: ContractShape, oldLabel: String, newPath: String) {
        self.old = old
        self.new = new
        self.oldLabel = oldLabel
        self.newPath = newPath
    }

    /// Every change that breaks or endangers someone, in schema order.
    public func findings() -> [CompatFinding] {
        var result: [CompatFinding] = []
        if old.typeName != new.typeName { result.append(typeNameChanged()) }
        var unmatchedOld: [ShapeSection: [ShapeField]] = [:]
        var unmatchedNew: [ShapeSection: [ShapeField]] = [:]
        for section in ShapeSection.allCases {
            let before = old.fields(in: section), after = new.fields(in: section)
            // Versions are matched by Swift property; a changed APNs key is one of the changes.
            for field in after {
                if let previous = before.first(where: { $0.propertyName == field.propertyName }) {
                    result += changes(from: previous, to: field, in: section)
                } else {
                    unmatchedNew[section, default: []].append(field)
                }
            }
            unmatchedOld[section] = before.filter { field in !after.contains { $0.propertyName == field.propertyName } }
        }
        result += swiftRenames(&unmatchedOld, &unmatchedNew)
        result += movesRenamesAndRest(unmatchedOld, unmatchedNew)
        result += typeFindings()
        result += envelopeFindings()
        result += budgetFindings()
        // Schema order, so a reviewer reads the report top to bottom along the file.
        return result.enumerated().sorted { a, b in
            let ka = (a.element.location.line, a.element.location.column), kb = (b.element.location.line, b.element.location.column)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }

    // MARK: - Impacts

    /// The consequences of the field called `oldField` (old version) becoming `newField` (new
    /// version). Writers are looked up the way each decoder does: Codable by Swift name within
    /// the section, FCM by wire name in the one flat data map.
    func impacts(old oldField: ShapeField?, _ oldSection: ShapeSection, new newField: ShapeField?, _ newSection: ShapeSection) -> [Impact] {
        var result: [Impact] = []
        let newReadsOld = newField.flatMap { reader in
            WireReader.codable.field(reader: reader, writer: old.fields(in: newSection).first { $0.name == reader.name })
        }
        if let breakage = newReadsOld { result.append(ImpactText.codable(.newWidgetOldServer, newSection, breakage)) }
        if let reader = oldField, let breakage = WireReader.codable.field(reader: reader, writer: new.fields(in: oldSection).first { $0.name == reader.name }) {
            result.append(ImpactText.codable(.oldWidgetNewServer, oldSection, breakage))
        }
        if let breakage = newReadsOld { result.append(ImpactText.codable(.runningActivities, newSection, breakage)) }
        guard old.knowsWireNames && new.knowsWireNames else { return result }
        if let reader = newField, let breakage = WireReader.fcm.field(reader: reader, writer: old.flatField(wireName: reader.wireName)) {
            result.append(ImpactText.fcm(newReadsOld: true, breakage))
        }
        if let reader = oldField, let breakage = WireReader.fcm.field(reader: reader, writer: new.flatField(wireName: reader.wireName)) {
            result.append(ImpactText.fcm(newReadsOld: false, breakage))
        }
        return result
    }

    /// A finding whose severity follows its impacts: an error when anyone fails or misreads.
    func finding(_ rule: String, _ message: String, at location: SourceLocation, _ impacts: [Impact], fix: String, warnOnly: Bool = false) -> CompatFinding {
        let breaks = impacts.contains { $0.effect != .degrades }
        return CompatFinding(rule: rule, severity: breaks && !warnOnly ? .error : .warning, message: message,
                             location: location, impacts: impacts, fix: fix)
    }

    // MARK: - Fields present in both versions

    /// Type, optionality and bridge-name changes of a field both versions have.
    func changes(from before: ShapeField, to after: ShapeField, in section: ShapeSection) -> [CompatFinding] {
        var result: [CompatFinding] = []
        let path = "\(section.rawValue) field '\(after.propertyName)'"
        if !before.type.sameNamedType(as: after.type) && !WireReader.equivalent(before.type, after.type) {
            let impacts = self.impacts(old: before, section, new: after, section)
            result.append(finding("compat-type-changed", "\(path) changed type from \(before.type.schemaSpelling) to \(after.type.schemaSpelling)",
                                  at: after.location, impacts,
                                  fix: "keep '\(after.name)' as \(before.type.schemaSpelling) and add a new field of type \(after.type.schemaSpelling) with a default; remove the old one once no server or app build uses it"))
        }
        if case .date = before.type, case .date = after.type, before.dateEncoding != after.dateEncoding {
            let impacts = self.impacts(old: before, section, new: after, section)
            result.append(finding("compat-date-encoding-changed", "\(path) changed its APNs date encoding from \(before.dateEncoding.rawValue) to \(after.dateEncoding.rawValue)",
                                  at: after.location, impacts,
                                  fix: "keep `encoding: \(before.dateEncoding.rawValue)` on '\(after.name)'; to move to \(after.dateEncoding.rawValue), add a new date field with that encoding (optional or with a default) and remove the old one once no server or app build uses it"))
        }
        if !before.isRequired && after.isRequired {
            let what = before.isOptional ? "was optional" : "had a default"
            result.append(finding("compat-now-required", "\(path) \(what) and is now required", at: after.location,
                                  impacts(old: before, section, new: after, section),
                                  fix: "keep a `default:` for '\(after.name)' (or keep it optional), so payloads without it still decode"))
        } else if before.isRequired && !after.isRequired {
            let what = after.isOptional ? "is now optional" : "now has a default"
            result.append(finding("compat-now-optional", "\(path) was required and \(what)", at: after.location,
                                  impacts(old: before, section, new: after, section),
                                  fix: "servers must keep sending '\(after.name)' until no app build that requires it is in use; app builds before this one still throw keyNotFound without it",
                                  warnOnly: !after.isOptional))
        }
        if before.name != after.name { result.append(apnsNameChanged(from: before, to: after, in: section)) }
        if old.knowsWireNames && new.knowsWireNames && before.wireName != after.wireName {
            let impacts = self.impacts(old: before, section, new: after, section).filter { $0.audience == .android }
            let lost = impacts.isEmpty ? [Impact(audience: .android, effect: .degrades, text: "the FCM parsers and the JS bridge look up '\(after.wireName)' while older builds send and read '\(before.wireName)'; the value is silently dropped")] : impacts
            result.append(finding("compat-bridge-name-changed", "\(path) changed its FCM/JS name from '\(before.wireName)' to '\(after.wireName)'",
                                  at: after.location, lost,
                                  fix: "keep `bridgeName: \(before.wireName)`; FCM data and the JS bridge key by it, and an over-the-air JS update (EAS Update, CodePush) also meets the old native module"))
        }
        return result
    }

    /// `name:` changed: ActivityKit can no longer pair old activities and pushes with the widget.
    func typeNameChanged() -> CompatFinding {
        let location = (new.attributes.first ?? new.state.first)?.location ?? SourceLocation(file: newPath, line: 1, column: 1)
        let impacts = [
            Impact(audience: .newWidgetOldServer, effect: .fails, text: "push-to-start payloads from a server that has not deployed yet carry attributes-type '\(old.typeName)', which the new build does not have"),
            Impact(audience: .oldWidgetNewServer, effect: .fails, text: "push-to-start payloads from the new server carry attributes-type '\(new.typeName)', which app builds that have not updated do not have"),
            Impact(audience: .runningActivities, effect: .fails, text: "activities of type \(old.typeName) started before the app update no longer match the widget's ActivityConfiguration (ActivityKit matches by type name)"),
        ]
        return finding("compat-type-name-changed", "the Swift type changed from \(old.typeName) to \(new.typeName) (the schema's `name:`)", at: location, impacts,
                       fix: "keep `name: \(old.typeName.dropLast("Attributes".count))`; ActivityKit matches running activities and push-to-start attributes-type by the Swift type name")
    }
}

extension ContractShape {
    /// The field FCM data carries under `wireName` (attributes and state share one flat map).
    func flatField(wireName: String) -> ShapeField? {
        attributes.first { $0.wireName == wireName } ?? state.first { $0.wireName == wireName }
    }
}

extension ShapeType {
    var isEnumeration: Bool {
        if case .enumeration = self { return true }
        return false
    }

    /// The same enum or struct, directly or as the items of the same kind of list or map: a
    /// change inside that type is the type's own finding (a case added, a member changed), not
    /// a type change of every field that holds it.
    func sameNamedType(as other: ShapeType) -> Bool {
        switch (self, other) {
        case (.array(let a), .array(let b)), (.map(let a), .map(let b)): return a.sameNamedType(as: b)
        default: return namedTypeName != nil && namedTypeName == other.namedTypeName && isEnumeration == other.isEnumeration
        }
    }
}

extension WireReader {
    /// True when each version reads everything the other writes, in Codable and in FCM.
    static func equivalent(_ a: ShapeType, _ b: ShapeType) -> Bool {
        WireReader.codable.value(reader: a, writer: b) == nil && WireReader.codable.value(reader: b, writer: a) == nil
            && WireReader.fcm.value(reader: a, writer: b) == nil && WireReader.fcm.value(reader: b, writer: a) == nil
    }
}
