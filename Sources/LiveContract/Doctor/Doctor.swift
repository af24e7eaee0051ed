/// `livecontract doctor`: reads the project around a schema's outputs (Xcode projects, an Expo
/// app's app.json and apple-targets folders, Expo module podspecs, Android manifests) and
/// reports the traps that make a correct copy useless: a copy no target compiles, a second
/// declaration of the attributes type, NSSupportsLiveActivities or aps-environment missing
/// from the app, a widget below iOS 16.1, a bundle id that is not the app's, and on Android a
/// missing FCM service, notification permissions or a package that does not match its folder.
/// It reads only (through `RepositoryScan`, below the root with no symlink followed), never
/// writes and never runs project code. What it cannot decide is a note, never an error.
public enum Doctor {
    /// A place that compiles Swift into the app or the widget extension.
    public struct CompileUnit: Sendable {
        public enum Kind: String, Sendable { case app, widget, module, framework, otherExtension }
        public var name: String
        public var kind: Kind
        /// Where the unit is declared (the pbxproj target, the apple-targets config, the podspec).
        public var location: SourceLocation
        /// The Swift files it compiles, repository-relative.
        public var swiftFiles: [String]
        /// The Xcode target, for settings; nil for Expo and podspec units.
        public var target: XcodeTarget?
        public var project: XcodeProject?
        /// The app this unit belongs to, as a folder: an Xcode project's folder (its parent for
        /// an `ios/` folder), an apple-targets or Expo module's app (above `targets/`,
        /// `modules/`). A monorepo holds several; doctor judges the ones the copies are in.
        public var group: String = ""

        public func compiles(_ path: String) -> Bool { swiftFiles.contains(path) }

        public init(name: String, kind: Kind, location: SourceLocation, swiftFiles: [String], target: XcodeTarget?, project: XcodeProject?) {
            self.name = name
            self.kind = kind
            self.location = location
            self.swiftFiles = swiftFiles
            self.target = target
            self.project = project
        }
    }

    static let pbxprojLimit = 32 << 20
    static let plistLimit = 4 << 20
    static let swiftLimit = 8 << 20
    static let configLimit = 4 << 20

    /// Every finding for `contract` (loaded from `schemaPath`), in the repository at `root`.
    public static func run(contract: Contract, schemaPath: String, root: String, scan: RepositoryScan) -> [Diagnostic] {
        var run = DoctorRun(contract: contract, schemaPath: schemaPath, scan: scan)
        run.diagnostics += scan.notes
        run.collectUnits()
        run.checkSwiftCopies()
        run.checkDuplicates()
        run.checkHostApp()
        run.checkWidgetDeployment()
        run.checkAndroid()
        return run.diagnostics
    }
}

struct DoctorRun {
    let contract: Contract
    let schemaPath: String
    let scan: RepositoryScan
    var diagnostics: [Diagnostic] = []
    var units: [Doctor.CompileUnit] = []
    var projects: [XcodeProject] = []
    /// app.json files with an `expo` object, parsed.
    var expoApps: [(path: String, root: JSONNode)] = []
    var expoConfigs: [String] = []
    var swiftFiles: [String] = []
    /// The schema's folder, repository-relative ("" at the root).
    var schemaFolder: String

    init(contract: Contract, schemaPath: String, scan: RepositoryScan) {
        self.contract = contract
        self.schemaPath = schemaPath
        self.scan = scan
        let folder = FileSystem.directory(of: schemaPath)
        schemaFolder = PathText.normalize(folder == "." ? "" : folder) ?? ""
        // The copies count even before `generate` wrote them: a target compiles the path
        // whether or not the file is there yet.
        let copies = contract.outputs.swift.compactMap { PathText.join(schemaFolder, $0.path) }
        swiftFiles = Array(Set(scan.files.filter { $0.hasSuffix(".swift") } + copies)).sorted()
    }

    mutating func note(_ message: String, _ file: String?, _ line: Int = 1, _ column: Int = 1, rule: String = "doctor-unknown-layout") {
        diagnostics.append(Diagnostic(.note, message, at: file.map { SourceLocation(file: $0, line: line, column: column) }, rule: rule))
    }

    mutating func add(_ severity: Severity, _ message: String, _ location: SourceLocation?, rule: String) {
        diagnostics.append(Diagnostic(severity, message, at: location, rule: rule))
    }

    /// The repository path of an output path written in the schema.
    func repositoryPath(_ output: OutputPath) -> String? {
        PathText.join(schemaFolder, output.path)
    }

    // MARK: - Finding the compile units

    mutating func collectUnits() {
        for path in scan.named("project.pbxproj") where FileSystem.directory(of: path).hasSuffix(".xcodeproj") {
            guard let project = readProject(path) else { continue }
            projects.append(project)
            for target in project.targets {
                let kind: Doctor.CompileUnit.Kind
                let files = swiftFiles.filter { target.compiles($0) }
                if target.isApp { kind = .app }
                else if target.isAppExtension { kind = isWidget(target, project: project, files: files) ? .widget : .otherExtension }
                else if target.productType.hasPrefix("com.apple.product-type.framework") || target.productType.hasPrefix("com.apple.product-type.library") { kind = .framework }
                else { continue }
                units.append(Doctor.CompileUnit(name: target.name, kind: kind, location: SourceLocation(file: path, line: target.line, column: target.column),
                                                swiftFiles: files, target: target, project: project))
            }
        }
        for path in scan.named("app.json") {
            guard let text = scan.text(path, limit: Doctor.configLimit, notes: &diagnostics) else { continue }
            do {
                let document = try JSONParser().parse(Array(text.utf8))
                if document.root["expo"] != nil { expoApps.append((path, document.root)) }
            } catch {
                add(.error, "\(path) is not valid JSON: \(error.message)", SourceLocation(file: path, line: error.line, column: error.column), rule: "doctor-unreadable")
            }
        }
        expoConfigs = scan.files.filter { file in
            let name = FileSystem.fileName(of: file)
            return name.hasPrefix("app.config.") && [".js", ".ts", ".mjs", ".cjs"].contains { name.hasSuffix($0) }
        }
        collectAppleTargets()
        collectPodspecs()
        collectPackages()
        for index in units.indices { units[index].group = Self.group(of: units[index]) }
        scopeToTheCopies()
    }

    static func group(of unit: Doctor.CompileUnit) -> String {
        if let project = unit.project {
            let root = project.sourceRoot
            if root == "ios" { return "" }
            return root.hasSuffix("/ios") ? String(root.dropLast(4)) : root
        }
        let parts = unit.location.file.split(separator: "/")
        if let index = parts.lastIndex(where: { $0 == "targets" || $0 == "modules" }) { return parts[..<index].joined(separator: "/") }
        return FileSystem.directory(of: unit.location.file) == "." ? "" : FileSystem.directory(of: unit.location.file)
    }

    /// In a repository of several apps, only the apps whose units compile a copy are judged
    /// (another app's widget is not missing our copy). When no unit compiles one, all are.
    mutating func scopeToTheCopies() {
        let copies = swiftCopies.map(\.path)
        let groups = Set(units.filter { unit in copies.contains { unit.compiles($0) } }.map(\.group))
        guard !groups.isEmpty else { return }
        func inScope(_ folder: String) -> Bool { groups.contains(folder) }
        units = units.filter { inScope($0.group) }
        expoApps = expoApps.filter { app in
            let folder = FileSystem.directory(of: app.path)
            return inScope(folder == "." ? "" : folder)
        }
    }

    /// An app extension is a widget extension when its Info.plist names the WidgetKit extension
    /// point, or when its Swift imports WidgetKit.
    mutating func isWidget(_ target: XcodeTarget, project: XcodeProject, files: [String]) -> Bool {
        for (_, value, _) in target.resolved("INFOPLIST_FILE", sourceRoot: project.sourceRoot) {
            guard let value, let path = PathText.join(project.sourceRoot, value) ?? PathText.normalize(value) else { continue }
            if case .success(let bytes) = scan.read(path, limit: Doctor.plistLimit),
               String(decoding: bytes, as: UTF8.self).contains("com.apple.widgetkit-extension") { return true }
        }
        for file in files {
            if case .success(let bytes) = scan.read(file, limit: Doctor.swiftLimit) {
                let text = String(decoding: bytes, as: UTF8.self)
                if text.contains("import WidgetKit") || text.contains("ActivityConfiguration") { return true }
            }
        }
        return false
    }

    mutating func readProject(_ path: String) -> XcodeProject? {
        let bytes: [UInt8]
        switch scan.read(path, limit: Doctor.pbxprojLimit) {
        case .success(let read): bytes = read
        case .failure(let failure):
            add(.error, "cannot read the Xcode project: \(failure.reason)", SourceLocation(file: path, line: 1, column: 1), rule: "doctor-unreadable")
            return nil
        }
        let root: PBXNode
        do throws(PBXParseError) {
            root = try PBXReader.parse(bytes)
        } catch {
            add(.error, "cannot read the Xcode project: \(error.message)", SourceLocation(file: path, line: error.line, column: error.column), rule: "doctor-unreadable")
            return nil
        }
        do throws(XcodeProject.LoadError) {
            return try XcodeProject.make(root, path: path)
        } catch {
            if case .shape(let message, let line, let column) = error {
                add(.error, "cannot read the Xcode project: \(message)", SourceLocation(file: path, line: line, column: column), rule: "doctor-unreadable")
            }
            return nil
        }
    }

    /// `@bacons/apple-targets`: every file below `targets/<name>/` holding an
    /// `expo-target.config.*` is compiled into that target; `type: "widget"` makes it a widget.
    mutating func collectAppleTargets() {
        let configs = scan.files.filter { FileSystem.fileName(of: $0).hasPrefix("expo-target.config.") }
        for config in configs {
            let folder = FileSystem.directory(of: config)
            guard let text = scan.text(config, limit: Doctor.configLimit, notes: &diagnostics) else { continue }
            let type = AppleTargetsConfig.type(in: text)
            let kind: Doctor.CompileUnit.Kind = type == "widget" ? .widget : .otherExtension
            if type == nil {
                note("cannot tell the apple-targets type of \(config) (no `type: \"...\"` in its text); doctor treats it as a widget only when it says so", config)
            }
            let files = swiftFiles.filter { $0.hasPrefix(folder + "/") }
            units.append(Doctor.CompileUnit(name: FileSystem.fileName(of: folder), kind: kind, location: SourceLocation(file: config, line: 1, column: 1),
                                            swiftFiles: files, target: nil, project: nil))
        }
    }

    /// A podspec (an Expo module's ios folder): `source_files` globs relative to its folder.
    mutating func collectPodspecs() {
        for spec in scan.withSuffix(".podspec") {
            let folder = FileSystem.directory(of: spec)
            guard let text = scan.text(spec, limit: Doctor.configLimit, notes: &diagnostics) else { continue }
            let prefix = folder == "." ? "" : folder + "/"
            let globs = PodspecText.sourceFiles(in: text)
            if globs == nil {
                note("\(spec) has no `source_files` doctor can read as text (a computed value?); doctor counts every Swift file below its folder as compiled by it", spec)
            }
            let files = swiftFiles.filter { file in
                guard file.hasPrefix(prefix) else { return false }
                let relative = String(file.dropFirst(prefix.count))
                return globs.map { $0.contains { Glob.matches($0, relative) } } ?? true
            }
            units.append(Doctor.CompileUnit(name: FileSystem.fileName(of: spec), kind: .module, location: SourceLocation(file: spec, line: 1, column: 1),
                                            swiftFiles: files, target: nil, project: nil))
        }
    }

    /// A local Swift package: its Swift is compiled into whatever links it.
    mutating func collectPackages() {
        for manifest in scan.named("Package.swift") {
            let folder = FileSystem.directory(of: manifest)
            // The targets' folders: each `path: "..."` the manifest spells (read as text),
            // and `Sources/`, where a target without one lives.
            let base = folder == "." ? "" : folder
            var text = ""
            if case .success(let bytes) = scan.read(manifest, limit: Doctor.configLimit) { text = String(decoding: bytes, as: UTF8.self) }
            let prefixes = (PackageManifestText.targetPaths(in: text) + ["Sources"]).compactMap { PathText.join(base, $0) }.map { $0.isEmpty ? "" : $0 + "/" }
            let files = swiftFiles.filter { file in prefixes.contains { file.hasPrefix($0) } }
            guard !files.isEmpty else { continue }
            units.append(Doctor.CompileUnit(name: manifest, kind: .framework, location: SourceLocation(file: manifest, line: 1, column: 1),
                                            swiftFiles: files, target: nil, project: nil))
        }
    }

    // MARK: - Swift copies

    var swiftCopies: [(output: OutputPath, path: String)] {
        contract.outputs.swift.compactMap { output in repositoryPath(output).map { (output, $0) } }
    }

    /// The Live Activity widgets: widget units whose Swift declares an ActivityConfiguration,
    /// or every widget when none does (the configuration may be in a shared package).
    var liveWidgets: [Doctor.CompileUnit] {
        let widgets = units.filter { $0.kind == .widget }
        let live = widgets.filter { unit in
            unit.swiftFiles.contains { file in
                guard case .success(let bytes) = scan.read(file, limit: Doctor.swiftLimit) else { return false }
                return String(decoding: bytes, as: UTF8.self).contains("ActivityConfiguration")
            }
        }
        return live.isEmpty ? widgets : live
    }

    mutating func checkSwiftCopies() {
        let copies = swiftCopies
        guard !copies.isEmpty else { return }
        if units.isEmpty {
            note("no Xcode project, apple-targets folder, podspec or Swift package found below the current folder, so doctor cannot tell which target compiles the Swift copies; run it from the repository root",
                 schemaPath, copies[0].output.location.line, copies[0].output.location.column)
            return
        }
        for copy in copies {
            let compilers = units.filter { $0.compiles(copy.path) }
            if compilers.isEmpty, !units.contains(where: { $0.kind == .widget }) {
                // No widget extension anywhere: the widget may be made at prebuild (an Expo
                // config plugin copying files into it), which doctor cannot see.
                add(.note, "the Swift copy \(copy.path) is compiled by no target doctor found, and the repository has no widget extension (Xcode target or apple-targets folder); if a config plugin copies this file into the widget at prebuild, that is fine, otherwise add it to the target it is for",
                    copy.output.location, rule: "doctor-copy-not-compiled")
            } else if compilers.isEmpty {
                let exists = scan.files.contains(copy.path)
                add(.error, "the Swift copy \(copy.path) is compiled by no target\(exists ? "" : " (the file is not there: run `livecontract generate`)"); the app or widget still builds whatever other declaration it has. Add it to the target it is for (Xcode: its target membership or the target's synchronized folder; apple-targets: inside targets/<name>/; an Expo module: a path its podspec's source_files match), or point the output at a folder that target compiles",
                    copy.output.location, rule: "doctor-copy-not-compiled")
            }
        }
        let shared = units.filter { unit in unit.kind == .framework && copies.contains { copy in unit.compiles(copy.path) } }
        for widget in liveWidgets where !copies.contains(where: { widget.compiles($0.path) }) && shared.isEmpty {
            add(.error, "the widget extension '\(widget.name)' compiles none of the schema's Swift copies (\(copies.map(\.path).joined(separator: ", "))), so the type it decodes pushes with is not the generated one; add a copy to it",
                widget.location, rule: "doctor-widget-copy-missing")
        }
        let hosts = hostApps
        let appSide = units.filter { unit in (unit.kind == .module || unit.kind == .framework) && copies.contains { copy in unit.compiles(copy.path) } }
        if appSide.isEmpty {
            for app in hosts where !copies.contains(where: { app.compiles($0.path) }) {
                // With one copy the schema names no app copy: the app may start activities
                // through a plugin of its own (Flutter, React Native), so this is only a note.
                if copies.count < 2 {
                    add(.note, "the app target '\(app.name)' compiles none of the schema's Swift copies; if the app starts or updates the activity itself, add a second Swift output in a folder it compiles (a plugin that declares its own type is fine)",
                        app.location, rule: "doctor-app-copy-missing")
                } else {
                    add(.error, "the app target '\(app.name)' compiles none of the schema's Swift copies, so the attributes it starts the activity with are not the generated type; add a copy to the app (or to a module or package it links)",
                        app.location, rule: "doctor-app-copy-missing")
                }
            }
        }
    }

    /// The iOS app targets that host the widgets: apps depending on a widget extension, or
    /// every iOS app target when none does.
    var hostApps: [Doctor.CompileUnit] {
        let apps = units.filter { $0.kind == .app && ($0.target?.isIOS ?? true) }
        let widgetIDs = Set(units.filter { $0.kind == .widget }.compactMap { $0.target?.id })
        let embedding = apps.filter { app in app.target?.dependencies.contains { widgetIDs.contains($0) } ?? false }
        return embedding.isEmpty ? apps : embedding
    }

    // MARK: - Duplicate declarations

    mutating func checkDuplicates() {
        let name = contract.attributesTypeName
        let copies = Set(swiftCopies.map(\.path))
        var reported: Set<String> = []
        for unit in units {
            var found: [(file: String, line: Int, column: Int)] = []
            for file in unit.swiftFiles {
                guard case .success(let bytes) = scan.read(file, limit: Doctor.swiftLimit) else { continue }
                for position in SwiftDeclarations.find(name, in: String(decoding: bytes, as: UTF8.self)) {
                    found.append((file, position.line, position.column))
                }
            }
            // Two declarations in one file are `#if` branches or the compiler's to report;
            // doctor looks for a second file.
            guard Set(found.map(\.file)).count > 1 else { continue }
            var seenFiles: Set<String> = []
            found = found.filter { seenFiles.insert($0.file).inserted }
            // Point at the declarations that are not the generated copy (or at the second copy).
            let others = found.filter { !copies.contains($0.file) }
            let blamed = others.isEmpty ? Array(found.dropFirst()) : others
            let generated = found.filter { copies.contains($0.file) }.map(\.file)
            for declaration in blamed where reported.insert("\(unit.name)|\(declaration.file):\(declaration.line)").inserted {
                let against = generated.first.map { "the generated \($0)" } ?? "\(found[0].file):\(found[0].line)"
                add(.error, "'\(name)' is declared here and in \(against), both compiled into '\(unit.name)'; the target does not build, or (in a module of its own) the widget decodes the old shape. Delete the old declaration, or take this file out of the target",
                    SourceLocation(file: declaration.file, line: declaration.line, column: declaration.column), rule: "doctor-duplicate-declaration")
            }
        }
    }

    // MARK: - Android

    mutating func checkAndroid() {
        let kotlinOutputs = [("kotlin", contract.outputs.kotlin, contract.outputs.kotlinPackage),
                             ("kotlin-bridge", contract.outputs.kotlinBridge, contract.outputs.kotlinBridgePackage)]
        var any = false
        for (key, output, package) in kotlinOutputs {
            guard let output, let package, let path = repositoryPath(output) else { continue }
            any = true
            guard let expected = AndroidLayout.packageOfFolder(path) else { continue }
            if expected != package {
                let location = contract.outputs.specs[key]?.paths.first?.location ?? output.location
                add(.warning, "the \(key) output \(path) sits in the source folder of package '\(expected)' but is generated with package '\(package)'; Gradle compiles it, but Android Studio flags it and classes are not where a reader looks. Set `package: \(expected)` or move the file",
                    location, rule: "doctor-kotlin-package")
            }
        }
        guard any else { return }
        let manifests = scan.named("AndroidManifest.xml").filter { !$0.contains("/build/") && !$0.contains("/androidTest/") && !$0.contains("/test/") }
        var texts: [(path: String, text: String)] = []
        for manifest in manifests {
            guard let text = scan.text(manifest, limit: Doctor.configLimit, notes: &diagnostics) else { continue }
            texts.append((manifest, TextPosition.withoutXMLComments(text)))
        }
        guard let app = texts.first(where: { $0.text.contains("<application") && $0.path.hasSuffix("src/main/AndroidManifest.xml") })
                ?? texts.first(where: { $0.text.contains("<application") }) else {
            note("no AndroidManifest.xml with an <application> found (an Expo app without an android folder gets its manifest at prebuild); doctor cannot check the FCM service and notification permissions",
                 schemaPath, contract.outputs.kotlin?.location.line ?? 1, contract.outputs.kotlin?.location.column ?? 1, rule: "doctor-unknown-layout")
            return
        }
        let libraries = AndroidLayout.dependencyProvidesMessaging(scan: scan)
        let application = TextPosition.find("<application", in: app.text) ?? (1, 1)
        let manifestTag = TextPosition.find("<manifest", in: app.text) ?? (1, 1)
        if !texts.contains(where: { $0.text.contains("com.google.firebase.MESSAGING_EVENT") }) {
            if let library = libraries {
                note("no service with the com.google.firebase.MESSAGING_EVENT intent filter in the project's manifests; \(library) declares one in its own manifest, which Gradle merges in, so doctor assumes it handles the messages",
                     app.path, application.line, application.column, rule: "doctor-fcm-service")
            } else {
                add(.error, "no service with an intent filter for com.google.firebase.MESSAGING_EVENT: FCM data messages reach no code, so the Live Update never changes. Declare your FirebaseMessagingService subclass here with <intent-filter><action android:name=\"com.google.firebase.MESSAGING_EVENT\"/></intent-filter>",
                    SourceLocation(file: app.path, line: application.line, column: application.column), rule: "doctor-fcm-service")
            }
        }
        func permission(_ name: String) -> Bool {
            texts.contains { $0.text.contains("\"android.permission.\(name)\"") }
        }
        if !permission("POST_NOTIFICATIONS") {
            // firebase-messaging (23.0.6 and later) declares the permission in its own
            // manifest, which Gradle merges into the app's.
            let provider = AndroidLayout.gradleDependsOnFirebaseMessaging(scan: scan) ? "firebase-messaging" : libraries
            if let provider {
                add(.note, "no <uses-permission android:name=\"android.permission.POST_NOTIFICATIONS\"/> in the project's manifests; \(provider) declares it in its own manifest, which Gradle merges in (the app must still ask for it at run time on Android 13 and later)",
                    SourceLocation(file: app.path, line: manifestTag.line, column: manifestTag.column), rule: "doctor-notification-permission")
            } else {
                add(.error, "no <uses-permission android:name=\"android.permission.POST_NOTIFICATIONS\"/>: on Android 13 and later the app cannot ask for it, so no notification (and no Live Update) is shown",
                    SourceLocation(file: app.path, line: manifestTag.line, column: manifestTag.column), rule: "doctor-notification-permission")
            }
        }
        if !permission("POST_PROMOTED_NOTIFICATIONS") {
            add(.warning, "no <uses-permission android:name=\"android.permission.POST_PROMOTED_NOTIFICATIONS\"/>: Android 16 shows an ongoing notification as a Live Update (promoted) only with it",
                SourceLocation(file: app.path, line: manifestTag.line, column: manifestTag.column), rule: "doctor-notification-permission")
        }
    }
}

/// Facts of Android layouts doctor relies on.
enum AndroidLayout {
    /// `app/src/main/java/com/acme/live/X.kt` -> `com.acme.live`; nil outside a source set.
    static func packageOfFolder(_ path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 4 else { return nil }
        for index in 0..<(parts.count - 3) where parts[index] == "src" && (parts[index + 2] == "java" || parts[index + 2] == "kotlin") {
            let folders = parts[(index + 3)..<(parts.count - 1)]
            return folders.isEmpty ? "" : folders.joined(separator: ".")
        }
        return nil
    }

    /// Whether a Gradle build file or version catalog names firebase-messaging.
    static func gradleDependsOnFirebaseMessaging(scan: RepositoryScan) -> Bool {
        scan.files.contains { file in
            let name = FileSystem.fileName(of: file)
            guard name == "build.gradle" || name == "build.gradle.kts" || name.hasSuffix(".versions.toml") else { return false }
            guard case .success(let bytes) = scan.read(file, limit: Doctor.configLimit) else { return false }
            return String(decoding: bytes, as: UTF8.self).contains("firebase-messaging")
        }
    }

    /// A dependency named in a package.json that ships its own FirebaseMessagingService.
    static func dependencyProvidesMessaging(scan: RepositoryScan) -> String? {
        for manifest in scan.named("package.json") {
            guard case .success(let bytes) = scan.read(manifest, limit: Doctor.configLimit) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            for library in ["@react-native-firebase/messaging", "expo-notifications", "react-native-push-notification", "@notifee/react-native"]
                where text.contains("\"\(library)\"") {
                return library
            }
        }
        return nil
    }
}

/// Declarations of a type name in Swift text: `struct|class|enum|actor Name` at a word
/// boundary, outside `//` and `/* */` comments and string literals on one line.
enum SwiftDeclarations {
    static func find(_ name: String, in text: String) -> [(line: Int, column: Int)] {
        guard text.contains(name) else { return [] }
        var found: [(Int, Int)] = []
        var inBlock = false
        // Only top-level declarations: a type nested in another (a plugin's
        // `LiveActivitiesPlugin.LiveActivitiesAppAttributes`) is a different type.
        var depth = 0
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if inBlock {
                guard let end = line.firstRange(of: "*/") else { continue }
                line = line[end.upperBound...]
                inBlock = false
            }
            let code = Array(line.unicodeScalars)
            var index = 0
            var inString = false
            var tokens: [(String, Int, Int)] = []
            var current = "", start = 0
            func flush() { if !current.isEmpty { tokens.append((current, start, depth)) }; current = "" }
            while index < code.count {
                let scalar = code[index]
                if inString {
                    if scalar == "\\" { index += 2; continue }
                    if scalar == "\"" { inString = false }
                    index += 1
                    continue
                }
                if scalar == "/", index + 1 < code.count, code[index + 1] == "/" { break }
                if scalar == "/", index + 1 < code.count, code[index + 1] == "*" {
                    flush()
                    if let close = (index + 2..<code.count).first(where: { code[$0] == "*" && $0 + 1 < code.count && code[$0 + 1] == "/" }) {
                        index = close + 2
                        continue
                    }
                    inBlock = true
                    break
                }
                if scalar == "\"" { flush(); inString = true; index += 1; continue }
                if scalar == "{" { flush(); depth += 1; index += 1; continue }
                if scalar == "}" { flush(); depth = max(0, depth - 1); index += 1; continue }
                if scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar) {
                    if current.isEmpty { start = index }
                    current.unicodeScalars.append(scalar)
                } else {
                    flush()
                }
                index += 1
            }
            flush()
            for (position, token) in tokens.enumerated() where token.0 == name && position > 0 && token.2 == 0 {
                if ["struct", "class", "enum", "actor"].contains(tokens[position - 1].0) {
                    found.append((number + 1, tokens[position - 1].1 + 1))
                }
            }
        }
        return found
    }
}

/// What doctor reads from an `expo-target.config.*` as text (it is JavaScript; it is not run).
enum AppleTargetsConfig {
    /// The value of `type:` ("widget", "clip", ...), or nil.
    static func type(in text: String) -> String? {
        quotedValue(after: "type", in: text)?.value
    }

    /// The first `key: "value"` / `"key": "value"` in the text, with the value's position.
    static func quotedValue(after key: String, in text: String) -> (value: String, line: Int, column: Int)? {
        var rest = Substring(text)
        while let range = rest.firstRange(of: key) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            var after = rest[range.upperBound...]
            let identifierBefore = before.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            rest = rest[range.upperBound...]
            if identifierBefore { continue }
            if after.first == "\"" || after.first == "'" { after = after.dropFirst() }
            after = after.drop { $0 == " " || $0 == "\t" }
            guard after.first == ":" else { continue }
            after = after.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard let quote = after.first, quote == "\"" || quote == "'" || quote == "`" else { continue }
            let body = after.dropFirst()
            guard let end = body.firstIndex(of: quote) else { continue }
            let position = TextPosition.position(of: body.startIndex, in: text)
            return (String(body[..<end]), position.line, position.column)
        }
        return nil
    }
}

/// The `path: "..."` arguments of a Package.swift read as text (it is Swift; it is not run).
enum PackageManifestText {
    static func targetPaths(in text: String) -> [String] {
        var paths: [String] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: "path:") {
            let after = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            rest = rest[range.upperBound...]
            guard after.first == "\"" else { continue }
            let body = after.dropFirst()
            guard let end = body.firstIndex(of: "\"") else { continue }
            paths.append(String(body[..<end]))
        }
        return paths
    }
}

/// `source_files` of a podspec read as text: one quoted glob, or an array of them.
enum PodspecText {
    static func sourceFiles(in text: String) -> [String]? {
        guard let range = text.firstRange(of: "source_files") else { return nil }
        var rest = text[range.upperBound...].drop { $0 == " " || $0 == "\t" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        let line = rest.prefix { $0 != "\n" }
        var globs: [String] = []
        var scan = Substring(line)
        if scan.first == "[" || scan.hasPrefix("%w") {
            // An array may span lines: read up to its closing bracket.
            let whole = rest.prefix { $0 != "]" }
            scan = Substring(whole)
        }
        if Substring(line).hasPrefix("%w") {
            return scan.drop { $0 != "[" }.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { !$0.isEmpty }
        }
        while let quote = scan.firstIndex(where: { $0 == "\"" || $0 == "'" }) {
            let mark = scan[quote]
            let body = scan[scan.index(after: quote)...]
            guard let end = body.firstIndex(of: mark) else { break }
            globs.append(String(body[..<end]))
            scan = body[body.index(after: end)...]
        }
        return globs.isEmpty ? nil : globs
    }
}

/// CocoaPods-style globs: `**` any folders (including none), `*` and `?` within a name,
/// `{a,b}` alternatives.
enum Glob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        expand(pattern).contains { matchParts(Array($0.split(separator: "/", omittingEmptySubsequences: true)), Array(path.split(separator: "/"))) }
    }

    static func expand(_ pattern: String, depth: Int = 0) -> [String] {
        guard depth < 8, let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") else { return [pattern] }
        let head = pattern[..<open], tail = pattern[pattern.index(after: close)...]
        return pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            .flatMap { expand(String(head) + $0 + tail, depth: depth + 1) }
    }

    static func matchParts(_ pattern: [Substring], _ path: [Substring]) -> Bool {
        var memo: [Int: Bool] = [:]
        func go(_ p: Int, _ s: Int) -> Bool {
            let key = p * (path.count + 1) + s
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count { result = s == path.count }
            else if pattern[p] == "**" { result = go(p + 1, s) || (s < path.count && go(p, s + 1)) }
            else { result = s < path.count && matchName(Array(pattern[p].unicodeScalars), Array(path[s].unicodeScalars)) && go(p + 1, s + 1) }
            memo[key] = result
            return result
        }
        return go(0, 0)
    }

    static func matchName(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var p = 0, n = 0, star = -1, mark = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == name[n] { p += 1; n += 1 }
            else if p < pattern.count, pattern[p] == "*" { star = p; mark = n; p += 1 }
            else if star >= 0 { p = star + 1; mark += 1; n = mark }
            else { return false }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
