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
///
/// The tool inherits the plugin's stdout and stderr, so its output reaches the terminal (or
/// CI log) unchanged, and the plugin exits with the tool's own status, which SwiftPM prints
/// ("Plugin ended with exit code 2"). `swift package` itself exits 1 for any plugin failure
/// (SwiftPM decides that, not the plugin); a script that must tell drift (1) from an invalid
/// schema (2) or a usage error (64) runs the built binary instead (docs/integrations.md).
@main
struct LiveContractPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "livecontract")
        let command = arguments.isEmpty ? ["check"] : arguments
        let process = Process()
        process.executableURL = tool.url
        process.arguments = command
        process.currentDirectoryURL = context.package.directoryURL
        process.standardOutput = FileHandle.standardOutput
        process.standardError = FileHandle.standardError
        try process.run()
        process.waitUntilExit()
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        guard status == 0 else { exit(status) }
    }
}
