/// A removed or renamed enum case that the new version's `unknown:` fallback absorbs: nothing
/// fails to decode, so the case-removed finding stays silent, but every old push, running
/// activity or queued FCM message that still carries the old case now shows the fallback.
/// That is a silent change of what users see, so it is a warning (an error with --strict).
extension CompatChecker {
    func fallbackFindings(_ name: String, removed: [String], added: [String], fallback: String, _ sections: [ShapeSection], at location: SourceLocation) -> [CompatFinding] {
        let shown = removed.map { "'\($0)'" }.joined(separator: ", ")
        let pushes = "old pushes with \(removed.count == 1 ? shown : "any of \(shown)") now show '\(fallback)'"
        // One case gone and one new: most likely a rename, which the wire cannot tell.
        let rename = removed.count == 1 && added.count == 1 ? " (renamed to '\(added[0])'?)" : ""
        var impacts: [Impact] = []
        for section in sections {
            impacts.append(Impact(audience: .newWidgetOldServer, effect: .degrades,
                                  text: "\(pushes) (the unknown: fallback) in the \(section.rawValue) of the new widget"))
            impacts.append(Impact(audience: .runningActivities, effect: .degrades,
                                  text: "an activity started before the update whose \(section.rawValue) carries \(shown) shows '\(fallback)' once the app updates"))
        }
        if old.knowsWireNames && new.knowsWireNames {
            impacts.append(Impact(audience: .android, effect: .degrades, text: "the new FCM parser reads \(shown) in queued messages as '\(fallback)'"))
        }
        let fix = rename.isEmpty
            ? "keep \(shown) in \(name) until no server sends it, or accept that it shows '\(fallback)'"
            : "keep '\(removed[0])' beside '\(added[0])' until every server sends the new name, then remove it"
        return [finding("compat-enum-case-fallback", "enum \(name) lost \(shown)\(rename): \(pushes)", at: location, impacts, fix: fix, warnOnly: true)]
    }
}
