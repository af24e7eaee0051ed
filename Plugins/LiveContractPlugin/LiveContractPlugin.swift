import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory livecontract generate|check [ARGS...]`
/// in a package that depends on livecontract.
///
/// A command plugin rather than a build-tool plugin: the generated files are committed (the
/// widget extension and the Expo module compile them, and `check` compares them), and a
/// build-tool plugin may only write into the build folder. SwiftPM builds the `livecontract`
/// tool from source first; the plugin then runs it in the package's root folder, so schema
/// paths and `livecontract.yaml` (the default) resolve as on the command line.
@main
struct LiveContractPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "livecontract")
        let command = arguments.isEmpty ? ["check"] : arguments
        let process = Process()
        process.executableURL = tool.url
        process.arguments = command
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw LiveContractFailure(command: command, status: process.terminationStatus)
        }
    }
}

/// A non-zero exit of the tool, so `swift package` fails too (pre-commit and CI rely on it).
struct LiveContractFailure: Error, CustomStringConvertible {
    var command: [String]
    var status: Int32

    var description: String {
        "livecontract \(command.joined(separator: " ")) exited with status \(status)"
    }
}
