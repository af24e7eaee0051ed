/// What `doctor` needs from a `project.pbxproj`: the native targets, what kind of product each
/// builds, their build settings per configuration and which files each compiles, in both
/// membership models (build phases over file references, and Xcode 16's synchronized folders).
public struct XcodeProject: Sendable {
    /// The pbxproj's path in the repository.
    public var path: String
    /// The folder holding the `.xcodeproj` (SRCROOT), repository-relative ("" at the root).
    public var sourceRoot: String
    public var targets: [XcodeTarget]

    public struct Setting: Sendable {
        public var value: String
        public var line: Int
        public var column: Int
    }

    /// One build configuration's settings (`Debug`, `Release`, ...).
    public struct Configuration: Sendable {
        public var name: String
        public var settings: [String: Setting]
        /// Set when an `.xcconfig` file is the base of this configuration: settings may live there.
        public var hasBaseFile: Bool
    }
}

public struct XcodeTarget: Sendable {
    public var id: String
    public var name: String
    public var productType: String
    public var line: Int
    public var column: Int
    /// The target's configurations, each merged over the project's configuration of the same name.
    public var configurations: [XcodeProject.Configuration]
    /// Repository-relative paths of files in its Sources build phases.
    public var sourceFiles: [String]
    /// Synchronized folders: every file below `folder` belongs to the target, except
    /// `excluded` (paths relative to the folder); `added` are files of folders the target
    /// does not hold that an exception set adds to it.
    public var synchronizedFolders: [(folder: String, excluded: Set<String>)]
    public var addedFromFolders: [String]
    /// Ids of the targets it depends on (the app depends on the extensions it embeds).
    public var dependencies: [String]
    /// `sourceFiles` and `addedFromFolders` as a set, for `compiles` (a target may list thousands).
    var listed: Set<String> = []

    public var isApp: Bool { productType == "com.apple.product-type.application" }
    public var isAppExtension: Bool { productType == "com.apple.product-type.app-extension" }

    /// Whether the target builds for iOS: SDKROOT iphoneos, or no SDKROOT and an iOS deployment target.
    public var isIOS: Bool {
        for configuration in configurations {
            if let sdk = configuration.settings["SDKROOT"]?.value { return sdk.hasPrefix("iphoneos") || sdk == "auto" && configuration.settings["IPHONEOS_DEPLOYMENT_TARGET"] != nil }
        }
        return configurations.contains { $0.settings["IPHONEOS_DEPLOYMENT_TARGET"] != nil }
    }

    /// Whether `path` (repository-relative) is compiled by this target.
    public func compiles(_ path: String) -> Bool {
        if listed.contains(path) { return true }
        for (folder, excluded) in synchronizedFolders {
            let prefix = folder.isEmpty ? "" : folder + "/"
            if path.hasPrefix(prefix), !excluded.contains(String(path.dropFirst(prefix.count))) { return true }
        }
        return false
    }

    /// The value of `key` in each configuration that sets it, with `$(VAR)` references replaced
    /// where they name SRCROOT, PROJECT_DIR, TARGET_NAME, PRODUCT_NAME or another setting;
    /// `nil` values where something could not be resolved.
    public func resolved(_ key: String, sourceRoot: String) -> [(configuration: String, value: String?, setting: XcodeProject.Setting)] {
        configurations.compactMap { configuration in
            guard let setting = configuration.settings[key] else { return nil }
            return (configuration.name, XcodeSettings.substitute(setting.value, settings: configuration.settings, target: name, sourceRoot: sourceRoot), setting)
        }
    }
}

/// `$(VAR)` and `${VAR}` substitution for the settings doctor reads.
public enum XcodeSettings {
    public static func substitute(_ value: String, settings: [String: XcodeProject.Setting], target: String, sourceRoot: String, depth: Int = 0) -> String? {
        guard value.contains("$") else { return value }
        guard depth < 8 else { return nil }
        var result = "", rest = Substring(value)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            guard let open = after.first, open == "(" || open == "{" else { return nil }
            let close: Character = open == "(" ? ")" : "}"
            guard let end = after.firstIndex(of: close) else { return nil }
            let inner = after[after.index(after: after.startIndex)..<end]
            let parts = inner.split(separator: ":", maxSplits: 1)
            let name = String(parts.first ?? "")
            var replacement: String?
            switch name {
            case "SRCROOT", "PROJECT_DIR", "SOURCE_ROOT": replacement = sourceRoot.isEmpty ? "." : sourceRoot
            case "TARGET_NAME": replacement = target
            case "inherited": replacement = ""
            default:
                if name == "PRODUCT_NAME", settings[name] == nil { replacement = target }
                else if let setting = settings[name], name != "PRODUCT_BUNDLE_IDENTIFIER" {
                    replacement = substitute(setting.value, settings: settings, target: target, sourceRoot: sourceRoot, depth: depth + 1)
                }
            }
            guard var text = replacement else { return nil }
            if parts.count == 2 {
                switch parts[1] {
                case "rfc1034identifier", "c99extidentifier", "identifier":
                    text = String(text.map { $0.isLetter || $0.isNumber ? $0 : (parts[1] == "rfc1034identifier" ? "-" : "_") })
                case "lower": text = text.lowercased()
                default: return nil
                }
            }
            result += text
            rest = after[after.index(after: end)...]
        }
        return result + rest
    }
}

extension XcodeProject {
    public enum LoadError: Error { case parse(PBXParseError), shape(String, Int, Int) }

    /// Reads the model from a parsed pbxproj at `path` (…/Name.xcodeproj/project.pbxproj).
    public static func make(_ root: PBXNode, path: String) throws(LoadError) -> XcodeProject {
        let xcodeproj = FileSystem.directory(of: path)
        var sourceRoot = FileSystem.directory(of: xcodeproj)
        if sourceRoot == "." { sourceRoot = "" }
        guard let objectsNode = root["objects"], case .dictionary(let members) = objectsNode.kind else {
            throw .shape("no `objects` dictionary", root.line, root.column)
        }
        var objects: [String: PBXNode] = [:]
        for member in members { objects[member.key] = member.value }
        guard let projectID = root["rootObject"]?.string, let project = objects[projectID] else {
            throw .shape("no `rootObject` naming the project", root.line, root.column)
        }
        if let dir = project["projectDirPath"]?.string, !dir.isEmpty { sourceRoot = PathText.join(sourceRoot, dir) ?? sourceRoot }

        // Every group's children point back to it, so a file's path is its groups' paths joined.
        var parent: [String: String] = [:]
        for (id, object) in objects {
            guard let isa = object["isa"]?.string, isa == "PBXGroup" || isa == "PBXVariantGroup" || isa == "XCVersionGroup" else { continue }
            for child in object["children"]?.strings ?? [] { parent[child] = id }
        }
        let mainGroup = project["mainGroup"]?.string
        func location(of id: String, depth: Int = 0) -> String? {
            guard depth < 64, let object = objects[id] else { return nil }
            let own = object["path"]?.string ?? ""
            switch object["sourceTree"]?.string ?? "<group>" {
            case "SOURCE_ROOT": return PathText.join(sourceRoot, own)
            case "<group>":
                if id == mainGroup { return PathText.join(sourceRoot, own) }
                guard let up = parent[id] else { return PathText.join(sourceRoot, own) }
                guard let base = location(of: up, depth: depth + 1) else { return nil }
                return PathText.join(base, own)
            default: return nil
            }
        }

        func configurations(_ listID: String?) -> [Configuration] {
            guard let listID, let list = objects[listID] else { return [] }
            return (list["buildConfigurations"]?.strings ?? []).compactMap { id in
                guard let configuration = objects[id] else { return nil }
                var settings: [String: Setting] = [:]
                for member in configuration["buildSettings"]?.members ?? [] {
                    let text: String
                    switch member.value.kind {
                    case .string(let value): text = value
                    case .array(let items): text = items.compactMap(\.string).joined(separator: " ")
                    default: continue
                    }
                    settings[member.key] = Setting(value: text, line: member.value.line, column: member.value.column)
                }
                return Configuration(name: configuration["name"]?.string ?? "", settings: settings,
                                     hasBaseFile: configuration["baseConfigurationReference"] != nil)
            }
        }
        let projectConfigurations = configurations(project["buildConfigurationList"]?.string)

        // Exception sets by the synchronized folder that lists them.
        var targets: [XcodeTarget] = []
        let targetIDs = project["targets"]?.strings ?? []
        var excluded: [String: [String: Set<String>]] = [:]
        for (groupID, group) in objects where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = location(of: groupID) else { continue }
            for setID in group["exceptions"]?.strings ?? [] {
                guard let set = objects[setID], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let target = set["target"]?.string else { continue }
                let names = set["membershipExceptions"]?.strings ?? []
                _ = folder
                excluded[target, default: [:]][groupID, default: []].formUnion(names)
            }
        }
        for id in targetIDs {
            guard let target = objects[id], target["isa"]?.string == "PBXNativeTarget" else { continue }
            let name = target["name"]?.string ?? id
            var sources: [String] = []
            for phaseID in target["buildPhases"]?.strings ?? [] {
                guard let phase = objects[phaseID], phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for fileID in phase["files"]?.strings ?? [] {
                    guard let ref = objects[fileID]?["fileRef"]?.string, let path = location(of: ref) else { continue }
                    sources.append(path)
                }
            }
            var folders: [(String, Set<String>)] = []
            let held = target["fileSystemSynchronizedGroups"]?.strings ?? []
            for groupID in held {
                guard let folder = location(of: groupID) else { continue }
                folders.append((folder, excluded[id]?[groupID] ?? []))
            }
            // Exception sets for groups this target does not hold add their files to it.
            var addedHere: [String] = []
            for (groupID, names) in excluded[id] ?? [:] where !held.contains(groupID) {
                guard let folder = location(of: groupID) else { continue }
                addedHere += names.compactMap { PathText.join(folder, $0) }
            }
            // The target's settings over the project's, per configuration name.
            var merged: [Configuration] = []
            for configuration in configurations(target["buildConfigurationList"]?.string) {
                var settings = projectConfigurations.first { $0.name == configuration.name }?.settings ?? [:]
                settings.merge(configuration.settings) { _, own in own }
                let base = configuration.hasBaseFile || projectConfigurations.first { $0.name == configuration.name }?.hasBaseFile == true
                merged.append(Configuration(name: configuration.name, settings: settings, hasBaseFile: base))
            }
            let dependencies = (target["dependencies"]?.strings ?? []).compactMap { objects[$0]?["target"]?.string }
            var made = XcodeTarget(id: id, name: name, productType: target["productType"]?.string ?? "", line: target.line, column: target.column,
                                   configurations: merged, sourceFiles: sources, synchronizedFolders: folders, addedFromFolders: addedHere,
                                   dependencies: dependencies)
            made.listed = Set(sources + addedHere)
            targets.append(made)
        }
        return XcodeProject(path: path, sourceRoot: sourceRoot, targets: targets)
    }
}

/// Repository-relative path arithmetic: no leading `/`, `.` dropped, `..` applied, and nil
/// for a path that leaves the repository.
public enum PathText {
    public static func normalize(_ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    public static func join(_ folder: String, _ relative: String) -> String? {
        if relative.hasPrefix("/") { return nil }
        return normalize(folder.isEmpty ? relative : folder + "/" + relative)
    }
}
