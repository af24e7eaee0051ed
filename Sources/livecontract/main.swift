#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// The command-line front end: arguments in, files and exit code out. All decisions about
/// contracts live in the LiveContract library; this file only wires them to the terminal.
func run(_ arguments: [String], console: Console) -> ExitCode {
    guard let command = arguments.first else {
        console.err(Help.overview)
        return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "-h", "--help", "help":
        guard let topic = rest.first else {
            console.out(Help.overview)
            return .ok
        }
        guard let entry = CommandTable.entry(named: topic), rest.count == 1 else {
            var message = rest.count > 1 ? "livecontract: help takes one COMMAND" : "livecontract: no command '\(topic)'"
            if rest.count == 1, let guess = Suggest.closest(to: topic, in: CommandTable.all.map(\.name)) {
                message += "; did you mean '\(guess)'?"
            }
            console.err(message + "\ncommands: " + CommandTable.all.map(\.name).joined(separator: ", ") + "\nrun `livecontract --help` for usage")
            return .usage
        }
        console.out(entry.help)
        return .ok
    case "--version", "version":
        console.out(Help.version)
        return .ok
    default:
        break
    }
    guard let entry = CommandTable.entry(named: command) else {
        var message = "livecontract: unknown command '\(command)'"
        if let guess = Suggest.closest(to: command, in: CommandTable.all.map(\.name) + ["help"]) {
            message += "; did you mean '\(guess)'?"
        }
        console.err(message + "\nrun `livecontract --help` for usage")
        return .usage
    }
    let parsed: ParsedArguments
    do {
        parsed = try ArgumentParser.parse(rest, spec: entry.spec)
    } catch {
        console.err("livecontract: \(error.message)\nrun `livecontract help \(command)` for usage")
        return .usage
    }
    if parsed.flags.contains("--help") {
        console.out(entry.help)
        return .ok
    }
    return entry.run(parsed, console)
}

/// The index of the first argument that is not UTF-8. `CommandLine.arguments` would turn
/// its bad bytes into U+FFFD, a path that names no file, and the user would be told that a
/// file they can see does not exist.
func firstNonUTF8Argument() -> Int? {
    for index in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[index], String(validatingCString: pointer) != nil else { return index }
    }
    return nil
}

if let index = firstNonUTF8Argument() {
    Console().err("livecontract: argument \(index) ('\(CommandLine.arguments[index])', bad bytes shown as U+FFFD) is not UTF-8 text; livecontract reads UTF-8 paths only: rename the file or folder")
    exit(ExitCode.usage.rawValue)
}
exit(run(Array(CommandLine.arguments.dropFirst()), console: Console()).rawValue)
