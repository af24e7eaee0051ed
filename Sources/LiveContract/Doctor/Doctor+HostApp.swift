/// The host app's Info.plist, entitlements and bundle id, and the widget's deployment target,
/// from the Xcode project or, for an Expo app without one, from app.json.
extension DoctorRun {
    /// Whether the schema has a server output (TypeScript, Python or Go), so pushes are sent.
    var sendsPushes: Bool {
        ["typescript", "python", "go"].contains { contract.outputs[$0] != nil }
    }

    /// What a plist key says in a target: true/false from `INFOPLIST_KEY_<key>` or the
    /// INFOPLIST_FILE, and where; nil when it could not be decided (noted).
    enum PlistAnswer { case yes(SourceLocation), no(SourceLocation), unknown }

    mutating func plistFlag(_ key: String, target: XcodeTarget, project: XcodeProject) -> PlistAnswer {
        let location = SourceLocation(file: project.path, line: target.line, column: target.column)
        var sawFile = false, unknown = false
        for configuration in target.configurations {
            if let setting = configuration.settings["INFOPLIST_KEY_\(key)"] {
                let at = SourceLocation(file: project.path, line: setting.line, column: setting.column)
                return setting.value == "YES" ? .yes(at) : .no(at)
            }
        }
        for (_, value, setting) in target.resolved("INFOPLIST_FILE", sourceRoot: project.sourceRoot) {
            guard let value, let path = PathText.join(project.sourceRoot, value) ?? PathText.normalize(value) else { unknown = true; continue }
            sawFile = true
            switch scan.read(path, limit: Doctor.plistLimit) {
            case .failure(let failure):
                note("cannot read \(path), the Info.plist of '\(target.name)' (INFOPLIST_FILE): \(failure.reason); doctor cannot check \(key) there",
                     project.path, setting.line, setting.column, rule: "doctor-unreadable")
                unknown = true
            case .success(let bytes):
                do {
                    let entries = try XMLPlistReader.topEntries(bytes)
                    if let entry = entries.first(where: { $0.key == key }) {
                        let at = SourceLocation(file: path, line: entry.line, column: entry.column)
                        return entry.value == .bool(true) ? .yes(at) : .no(at)
                    }
                    return .no(SourceLocation(file: path, line: 1, column: 1))
                } catch {
                    add(.error, "cannot read the Info.plist of '\(target.name)': \(error.message)", SourceLocation(file: path, line: error.line, column: error.column), rule: "doctor-unreadable")
                    unknown = true
                }
            }
        }
        if unknown || (!sawFile && target.configurations.contains(where: \.hasBaseFile)) { return .unknown }
        return .no(location)
    }

    mutating func checkHostApp() {
        let hosts = hostApps.filter { $0.target != nil }
        if hosts.isEmpty {
            checkExpoApp()
            return
        }
        let widgets = units.filter { $0.kind == .widget && $0.target != nil }
        for host in hosts {
            guard let target = host.target, let project = host.project else { continue }
            // NSSupportsLiveActivities
            switch plistFlag("NSSupportsLiveActivities", target: target, project: project) {
            case .yes, .unknown: break
            case .no(let at):
                let inWidget = widgets.compactMap { widget -> SourceLocation? in
                    guard let wt = widget.target, let wp = widget.project, case .yes(let where_) = plistFlag("NSSupportsLiveActivities", target: wt, project: wp) else { return nil }
                    return where_
                }.first
                if let inWidget {
                    // A warning, as the issue that asked for doctor specifies: the key is there, in
                    // the wrong file, which a reader of the project is likely to have meant for the app.
                    add(.warning, "NSSupportsLiveActivities is set in the widget extension's Info.plist (\(inWidget.file):\(inWidget.line)) but not in the app '\(target.name)': the system reads it from the app, so the activity never starts. Move it to the app (Info.plist key, or INFOPLIST_KEY_NSSupportsLiveActivities = YES)",
                        at, rule: "doctor-live-activities-plist")
                } else {
                    add(.error, "the app '\(target.name)' does not set NSSupportsLiveActivities to YES in its Info.plist, so Activity.request fails and no Live Activity starts; add the key (or INFOPLIST_KEY_NSSupportsLiveActivities = YES)",
                        at, rule: "doctor-live-activities-plist")
                }
            }
            if sendsPushes {
                checkEntitlements(target: target, project: project)
                noteRouteAvailability(target: target, project: project)
            }
            checkBundleID(target: target, project: project)
        }
        for widget in widgets {
            guard let wt = widget.target, let wp = widget.project, case .yes(let at) = plistFlag("NSSupportsLiveActivities", target: wt, project: wp) else { continue }
            // Harmless where the app has it too; said once so the copy is not trusted.
            if hosts.allSatisfy({ host in
                guard let t = host.target, let p = host.project, case .yes = plistFlag("NSSupportsLiveActivities", target: t, project: p) else { return false }
                return true
            }) {
                add(.note, "NSSupportsLiveActivities in the widget extension '\(wt.name)' has no effect; the system reads the app's", at, rule: "doctor-live-activities-plist")
            }
        }
    }

    mutating func checkEntitlements(target: XcodeTarget, project: XcodeProject) {
        let resolved = target.resolved("CODE_SIGN_ENTITLEMENTS", sourceRoot: project.sourceRoot)
        guard !resolved.isEmpty else {
            if target.configurations.contains(where: \.hasBaseFile) {
                note("the app '\(target.name)' sets no CODE_SIGN_ENTITLEMENTS in the project (an .xcconfig may); doctor cannot check aps-environment", project.path, target.line, target.column)
            } else {
                add(.error, "the app '\(target.name)' has no entitlements file, so no aps-environment: the app gets no push token and no push reaches the Live Activity. Add the Push Notifications capability",
                    SourceLocation(file: project.path, line: target.line, column: target.column), rule: "doctor-aps-environment")
            }
            return
        }
        var checked: Set<String> = []
        for (_, value, setting) in resolved {
            guard let value, let path = PathText.join(project.sourceRoot, value) ?? PathText.normalize(value) else { continue }
            guard checked.insert(path).inserted else { continue }
            switch scan.read(path, limit: Doctor.plistLimit) {
            case .failure(let failure):
                note("cannot read \(path), the entitlements of '\(target.name)': \(failure.reason); doctor cannot check aps-environment", project.path, setting.line, setting.column, rule: "doctor-unreadable")
            case .success(let bytes):
                do {
                    let entries = try XMLPlistReader.topEntries(bytes)
                    if !entries.contains(where: { $0.key == "aps-environment" }) {
                        add(.error, "\(path) (the entitlements of the app '\(target.name)') has no aps-environment, so the app gets no push token and no push reaches the Live Activity; add the Push Notifications capability",
                            SourceLocation(file: path, line: 1, column: 1), rule: "doctor-aps-environment")
                    }
                } catch {
                    add(.error, "cannot read the entitlements of '\(target.name)': \(error.message)", SourceLocation(file: path, line: error.line, column: error.column), rule: "doctor-unreadable")
                }
            }
        }
    }

    /// The server outputs send push-to-start (iOS 17.2) and broadcast (iOS 18) pushes too; an
    /// app that deploys lower must gate those with `if #available` (a note: doctor cannot see
    /// which routes the server uses).
    mutating func noteRouteAvailability(target: XcodeTarget, project: XcodeProject) {
        let lowest = target.configurations.compactMap { configuration -> (Version, String, XcodeProject.Setting)? in
            guard let setting = configuration.settings["IPHONEOS_DEPLOYMENT_TARGET"], let version = Version(setting.value) else { return nil }
            return (version, setting.value, setting)
        }.min { $0.0 < $1.0 }
        guard let (version, text, setting) = lowest, version < Version(18, 0) else { return }
        let routes = version < Version(17, 2) ? "push-to-start tokens need iOS 17.2 and broadcast channels iOS 18" : "broadcast channels need iOS 18"
        add(.note, "the app '\(target.name)' deploys to iOS \(text): \(routes), so if the server uses them, gate the app's side with `if #available` (ActivityKit's pushToStartTokenUpdates, pushType: .channel)",
            SourceLocation(file: project.path, line: setting.line, column: setting.column), rule: "doctor-route-availability")
    }

    mutating func checkBundleID(target: XcodeTarget, project: XcodeProject) {
        guard let bundleID = contract.bundleId else { return }
        let values = target.resolved("PRODUCT_BUNDLE_IDENTIFIER", sourceRoot: project.sourceRoot)
        guard !values.isEmpty else {
            note("the app '\(target.name)' sets no PRODUCT_BUNDLE_IDENTIFIER in the project; doctor cannot compare it with bundleId", project.path, target.line, target.column)
            return
        }
        if values.contains(where: { $0.value == bundleID }) { return }
        if values.contains(where: { $0.value == nil }) {
            note("the app '\(target.name)''s PRODUCT_BUNDLE_IDENTIFIER uses a variable doctor cannot resolve; compare it with bundleId '\(bundleID)' by hand",
                 project.path, values[0].setting.line, values[0].setting.column)
            return
        }
        let first = values[0]
        add(.error, "bundleId '\(bundleID)' is not the bundle id of the app '\(target.name)' ('\(first.value ?? "")' at \(project.path):\(first.setting.line)); pushes go to the topic <bundle id>.push-type.liveactivity, so APNs refuses them (DeviceTokenNotForTopic). Make them equal",
            contract.bundleIdLocation, rule: "doctor-bundle-id")
    }

    // MARK: - Widget deployment target

    mutating func checkWidgetDeployment() {
        for widget in units where widget.kind == .widget {
            if let target = widget.target, let project = widget.project {
                for configuration in target.configurations {
                    guard let setting = configuration.settings["IPHONEOS_DEPLOYMENT_TARGET"], let version = Version(setting.value) else { continue }
                    if version < Version(16, 1) {
                        add(.error, "the widget extension '\(target.name)' deploys to iOS \(setting.value) (\(configuration.name)); Live Activities need iOS 16.1, so ActivityConfiguration will not build or the widget is rejected. Set IPHONEOS_DEPLOYMENT_TARGET to 16.1 or later",
                            SourceLocation(file: project.path, line: setting.line, column: setting.column), rule: "doctor-deployment-target")
                        break
                    }
                }
            } else if case .success(let bytes) = scan.read(widget.location.file, limit: Doctor.configLimit) {
                let text = String(decoding: bytes, as: UTF8.self)
                if let found = AppleTargetsConfig.quotedValue(after: "deploymentTarget", in: text), let version = Version(found.value), version < Version(16, 1) {
                    add(.error, "the widget target '\(widget.name)' deploys to iOS \(found.value); Live Activities need iOS 16.1. Set deploymentTarget to \"16.1\" or later",
                        SourceLocation(file: widget.location.file, line: found.line, column: found.column), rule: "doctor-deployment-target")
                }
            }
        }
    }

    // MARK: - Expo

    mutating func checkExpoApp() {
        guard let app = expoApps.first else {
            if let config = expoConfigs.first {
                note("\(config) is JavaScript, which doctor does not run, so it cannot check NSSupportsLiveActivities, aps-environment or the bundle id; check them by hand (or keep them in app.json)", config)
            }
            return
        }
        let path = app.path
        let expo = app.root["expo"]!
        // An app.config.* or a config plugin doctor does not know may change anything
        // app.json says (a Live Activity plugin adds NSSupportsLiveActivities): errors become notes.
        let plugins = expo["plugins"].map(Self.pluginNames) ?? []
        let unknownPlugin = plugins.first { !Self.pluginsThatLeaveTheseAlone.contains($0) }
        let dynamicConfig = expoConfigs.first { FileSystem.directory(of: $0) == FileSystem.directory(of: path) }
        let dynamic = dynamicConfig ?? unknownPlugin.map { "the config plugin '\($0)'" }
        // An app.config.* may change anything app.json says: errors become notes.
        func report(_ message: String, _ node: JSONNode, rule: String) {
            if let dynamic {
                add(.note, message + " (\(dynamic) may set it: it is JavaScript, which doctor does not run)", SourceLocation(file: path, line: node.line, column: node.column), rule: rule)
            } else {
                add(.error, message, SourceLocation(file: path, line: node.line, column: node.column), rule: rule)
            }
        }
        let ios = expo["ios"]
        let anchor = ios ?? expo
        if case .bool(true)? = ios?["infoPlist"]?["NSSupportsLiveActivities"]?.kind {} else {
            let inWidget = units.contains { $0.kind == .widget && $0.target == nil }
            report("expo.ios.infoPlist does not set NSSupportsLiveActivities to true, so the app cannot start a Live Activity\(inWidget ? " (apple-targets does not add it to the app)" : ""); add \"infoPlist\": {\"NSSupportsLiveActivities\": true}",
                   ios?["infoPlist"] ?? anchor, rule: "doctor-live-activities-plist")
        }
        if sendsPushes {
            let hasEntitlement = ios?["entitlements"]?["aps-environment"] != nil
            if !hasEntitlement && !plugins.contains("expo-notifications") {
                report("the app has no aps-environment entitlement (expo.ios.entitlements) and no expo-notifications plugin, so it gets no push token; add the plugin or \"entitlements\": {\"aps-environment\": \"production\"}",
                       ios?["entitlements"] ?? anchor, rule: "doctor-aps-environment")
            }
        }
        if let bundleID = contract.bundleId {
            if case .string(let value)? = ios?["bundleIdentifier"]?.kind {
                if value != bundleID {
                    if let dynamicConfig {
                        add(.note, "bundleId '\(bundleID)' differs from expo.ios.bundleIdentifier '\(value)' in \(path) (\(dynamicConfig) may change it)", contract.bundleIdLocation, rule: "doctor-bundle-id")
                    } else {
                        add(.error, "bundleId '\(bundleID)' is not the app's expo.ios.bundleIdentifier '\(value)' (\(path):\(ios!["bundleIdentifier"]!.line)); pushes go to the topic <bundle id>.push-type.liveactivity, so APNs refuses them. Make them equal",
                            contract.bundleIdLocation, rule: "doctor-bundle-id")
                    }
                }
            } else {
                note("\(path) sets no expo.ios.bundleIdentifier; doctor cannot compare it with bundleId", path, anchor.line, anchor.column)
            }
        }
    }

    /// Config plugins known not to touch NSSupportsLiveActivities, aps-environment or the
    /// bundle id (expo-notifications adds aps-environment, which is checked for by name).
    static let pluginsThatLeaveTheseAlone: Set<String> = [
        "@bacons/apple-targets", "expo-notifications", "expo-router", "expo-font", "expo-splash-screen", "expo-build-properties",
        "expo-secure-store", "expo-image-picker", "expo-camera", "expo-location", "expo-updates", "expo-dev-client", "expo-localization",
        "expo-web-browser", "expo-asset", "expo-av", "expo-video", "expo-audio", "expo-sqlite", "expo-media-library", "expo-image",
        "expo-tracking-transparency", "expo-contacts", "expo-calendar", "expo-sensors", "expo-haptics", "expo-document-picker",
        "expo-apple-authentication", "expo-system-ui", "expo-screen-orientation", "expo-background-fetch", "expo-task-manager",
        "@react-native-firebase/app", "@react-native-google-signin/google-signin", "@sentry/react-native/expo", "sentry-expo",
    ]

    static func pluginNames(_ node: JSONNode) -> [String] {
        guard case .array(let items) = node.kind else { return [] }
        return items.compactMap { item in
            switch item.kind {
            case .string(let name): return name
            case .array(let pair): if case .string(let name)? = pair.first?.kind { return name }; return nil
            default: return nil
            }
        }
    }
}

/// An iOS version (`16.1`, `17`): compared numerically.
struct Version: Comparable {
    var parts: [Int]
    init(_ major: Int, _ minor: Int) { parts = [major, minor] }
    init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        self.parts = parts.map { $0! }
    }
    static func < (a: Version, b: Version) -> Bool {
        for index in 0..<max(a.parts.count, b.parts.count) {
            let x = index < a.parts.count ? a.parts[index] : 0, y = index < b.parts.count ? b.parts[index] : 0
            if x != y { return x < y }
        }
        return false
    }
    static func == (a: Version, b: Version) -> Bool { !(a < b) && !(b < a) }
}
