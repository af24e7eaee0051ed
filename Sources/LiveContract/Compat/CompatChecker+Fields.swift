/// Fields present in only one version: first explained as moves (same name, other section)
/// and renames (same FCM name, or same type in the same section), then as plain removals and
/// additions. Grouping matters for the reader: "renamed" is one decision with one fix, where
/// "removed" plus "added" would read as two unrelated problems.
extension CompatChecker {
    /// Findings for the fields left unmatched by name, grouped as moves, renames, removals, additions.
    func movesRenamesAndRest(_ unmatchedOld: [ShapeSection: [ShapeField]], _ unmatchedNew: [ShapeSection: [ShapeField]]) -> [CompatFinding] {
        var oldLeft = unmatchedOld, newLeft = unmatchedNew
        var result: [CompatFinding] = []
        for section in ShapeSection.allCases {
            let other: ShapeSection = section == .attributes ? .state : .attributes
            for field in oldLeft[section] ?? [] {
                guard let target = newLeft[other]?.first(where: { $0.name == field.name }) else { continue }
                result.append(finding("compat-field-moved", "field '\(field.name)' moved from \(section.rawValue) to \(other.rawValue)",
                                      at: target.location, impacts(old: field, section, new: target, other),
                                      fix: "keep '\(field.name)' in \(section.rawValue); or add it to \(other.rawValue) with a default and remove it from \(section.rawValue) once no app build or server uses the old place"))
                oldLeft[section]?.removeAll { $0.name == field.name }
                newLeft[other]?.removeAll { $0.name == field.name }
            }
        }
        for section in ShapeSection.allCases {
            for field in oldLeft[section] ?? [] {
                let candidates = newLeft[section] ?? []
                let sameWire = candidates.first { $0.wireName == field.wireName && field.wireName != field.name }
                guard let target = sameWire ?? candidates.first(where: { $0.schemaSpelling == field.schemaSpelling }) else { continue }
                let kept = target.wireName == field.wireName ? " (FCM/JS name '\(field.wireName)' kept)" : ""
                result.append(finding("compat-field-renamed", "\(section.rawValue) field '\(field.name)' was renamed to '\(target.name)'\(kept)",
                                      at: target.location, impacts(old: field, section, new: target, section),
                                      fix: "keep the name '\(field.name)' and rename only in UI code; or add '\(target.name)' with a default next to '\(field.name)', send both, and remove '\(field.name)' once no app build reads it"))
                oldLeft[section]?.removeAll { $0.name == field.name }
                newLeft[section]?.removeAll { $0.name == target.name }
            }
        }
        for section in ShapeSection.allCases {
            for field in oldLeft[section] ?? [] {
                let impacts = self.impacts(old: field, section, new: nil, section)
                guard !impacts.isEmpty else { continue }
                result.append(finding("compat-field-removed", "\(section.rawValue) field '\(field.name)' (\(field.schemaSpelling)) was removed (it was at \(oldLabel):\(field.location.line))",
                                      at: anchor(for: field, in: section), impacts,
                                      fix: "keep '\(field.name)' until no app build requires it; to retire it, first ship a release where it has a `default:`, then remove it once older builds are gone"))
            }
            for field in newLeft[section] ?? [] {
                let impacts = self.impacts(old: nil, section, new: field, section)
                guard !impacts.isEmpty else { continue }
                result.append(finding("compat-field-added-required", "\(section.rawValue) field '\(field.name)' (\(field.schemaSpelling)) was added without a default",
                                      at: field.location, impacts,
                                      fix: "give '\(field.name)' a `default:` or make it optional (`type: \(field.schemaSpelling)?`), so payloads without it still decode"))
            }
        }
        return result
    }

    /// Where a removed field's finding points in the new schema: the nearest field that
    /// survived around it, so a CI annotation lands next to the gap.
    func anchor(for field: ShapeField, in section: ShapeSection) -> SourceLocation {
        let before = old.fields(in: section), after = new.fields(in: section)
        if let index = before.firstIndex(where: { $0.name == field.name }) {
            let neighbours = before[(index + 1)...] + before[..<index].reversed()
            for neighbour in neighbours {
                if let survivor = after.first(where: { $0.name == neighbour.name }) { return survivor.location }
            }
        }
        return (after.first ?? new.state.first ?? new.attributes.first)?.location ?? SourceLocation(file: newPath, line: 1, column: 1)
    }
}
