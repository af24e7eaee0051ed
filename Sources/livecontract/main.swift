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

let launch = LaunchArguments.current()
if launch.vector.isEmpty {
    // Neither the C library nor the Swift runtime could say what the arguments were: say so
    // instead of guessing a command.
    Console().err("livecontract: cannot read the command line (no arguments reached the program; on Linux with a C library other than glibc it needs /proc mounted)")
    exit(ExitCode.usage.rawValue)
}
if let index = launch.firstNonUTF8Index {
    Console().err("livecontract: argument \(index) ('\(String(cString: launch.vector[index]))', bad bytes shown as U+FFFD) is not UTF-8 text; livecontract reads UTF-8 paths only: rename the file or folder")
    exit(ExitCode.usage.rawValue)
}
exit(run(launch.arguments, console: Console()).rawValue)
