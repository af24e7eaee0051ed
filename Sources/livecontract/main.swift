#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// The command-line front end: arguments in, files and exit code out. All decisions about
/// contracts live in the LiveContract library; this file only wires them to the terminal.
func run(_ arguments: [String], console: Console) -> ExitCode {
    let commonSpec = ArgumentSpec(flags: ["--help", "--force", "--strict", "--quiet"], options: ["--templates"])
    guard let command = arguments.first else {
        console.err(Help.main)
        return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "-h", "--help", "help":
        if let topic = rest.first, let text = ["generate": Help.generate, "check": Help.check][topic] {
            console.out(text)
        } else {
            console.out(Help.main)
        }
        return .ok
    case "--version", "version":
        console.out(Help.version)
        return .ok
    case "generate", "check":
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(rest, spec: commonSpec)
        } catch {
            console.err("livecontract \(command): \(error.message)\nrun `livecontract help \(command)` for usage")
            return .usage
        }
        if parsed.flags.contains("--help") {
            console.out(command == "generate" ? Help.generate : Help.check)
            return .ok
        }
        return command == "generate" ? Commands.generate(parsed, console: console) : Commands.check(parsed, console: console)
    default:
        var message = "livecontract: unknown command '\(command)'"
        if let guess = Suggest.closest(to: command, in: ["generate", "check", "help"]) {
            message += "; did you mean '\(guess)'?"
        }
        console.err(message + "\nrun `livecontract --help` for usage")
        return .usage
    }
}

exit(run(Array(CommandLine.arguments.dropFirst()), console: Console()).rawValue)
