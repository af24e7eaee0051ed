/// What the command line declares for one subcommand.
///
/// A plain value rather than a parser object so each subcommand can state its vocabulary
/// next to its code, and tests can build one inline. Names are written in full, with their
/// leading dashes (`"--force"`). `--help` (and its short form `-h`) is always accepted,
/// whether listed or not, so every subcommand can print its usage.
public struct ArgumentSpec: Sendable {
    /// Options that take no value, e.g. `["--force", "--strict", "--quiet"]`.
    public var flags: Set<String>
    /// Options that take exactly one value, e.g. `["--templates", "--format"]`.
    /// A name listed in both sets is treated as a flag.
    public var options: Set<String>

    /// Declares a subcommand's flags and value-taking options, by full name.
    public init(flags: Set<String>, options: Set<String>) {
        self.flags = flags
        self.options = options
    }
}

/// The command line sorted into its parts, ready for a subcommand to read.
public struct ParsedArguments: Sendable, Equatable {
    /// Non-option arguments in the order given (including everything after `--`).
    public var positionals: [String]
    /// The flags present, by full name (`-h` is recorded as `--help`).
    public var flags: Set<String>
    /// Option values by full name; when an option is repeated the last one wins.
    public var options: [String: String]

    /// Builds a result directly (the parser starts from the empty one; tests compare against
    /// hand-built ones).
    public init(positionals: [String] = [], flags: Set<String> = [], options: [String: String] = [:]) {
        self.positionals = positionals
        self.flags = flags
        self.options = options
    }
}

/// A command line that does not fit the subcommand's `ArgumentSpec`.
///
/// Carries a finished, lower-case message so the front end can print it as is (followed
/// by a pointer to `--help`) and exit with the usage status.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, lower case, quoting the offending argument.
    public var message: String
    /// The message itself, so `"\(error)"` prints nothing but it.
    public var description: String { message }

    /// Wraps a finished message.
    public init(message: String) {
        self.message = message
    }
}

/// A deliberately small argument parser: the package cannot depend on
/// swift-argument-parser, and the CLI needs only long flags, long options with one value,
/// `--` and `-h`.
///
/// Rules:
/// - `--opt value` and `--opt=value` (the `=` form may give an empty value or one that
///   starts with `-`);
/// - in the `--opt value` form the next argument is not taken as the value when it looks
///   like an option itself (starts with `-` and is not a lone `-`), so a forgotten value
///   is reported instead of silently swallowing the next option;
/// - `--` ends options: everything after it is positional; a lone `-` is positional
///   (conventionally standard input);
/// - `-h` means `--help`; any other single-dash argument is an unknown option;
/// - unknown options are errors, with a "did you mean" hint from `Suggest`.
public enum ArgumentParser {
    /// The name every subcommand accepts, whatever its spec says.
    static let help = "--help"

    /// Sorts `arguments` (without the program and subcommand names) by `spec`.
    public static func parse(_ arguments: [String], spec: ArgumentSpec) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1

            if argument == "--" {
                result.positionals.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                result.positionals.append(argument)
                continue
            }

            let (name, inlineValue) = splitAtEquals(argument)
            if name == "-h" || name == help || spec.flags.contains(name) {
                if inlineValue != nil {
                    throw UsageError(message: "option '\(name)' takes no value")
                }
                result.flags.insert(name == "-h" ? help : name)
            } else if spec.options.contains(name) {
                if let inlineValue {
                    result.options[name] = inlineValue
                } else if index < arguments.count, !looksLikeOption(arguments[index]) {
                    result.options[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value")
                }
            } else {
                throw unknownOption(name, spec: spec)
            }
        }
        return result
    }

    /// Splits `--name=value` at its first `=`; `value` is nil when there is no `=`.
    private static func splitAtEquals(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Whether an argument would itself be read as an option (a lone `-` would not).
    private static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-"
    }

    /// The error for an unrecognised option, with the nearest known name as a hint.
    /// Candidates are sorted so that the hint does not depend on `Set` ordering.
    private static func unknownOption(_ name: String, spec: ArgumentSpec) -> UsageError {
        let known = spec.flags.union(spec.options).union([help]).sorted()
        if let suggestion = Suggest.closest(to: name, in: known) {
            return UsageError(message: "unknown option '\(name)'; did you mean '\(suggestion)'?")
        }
        return UsageError(message: "unknown option '\(name)'")
    }
}
