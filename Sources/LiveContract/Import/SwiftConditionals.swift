/// `#if` / `#elseif` / `#else` / `#endif` resolved before the declarations are read, so that a
/// conditional conformance in an inheritance clause, a whole `#if canImport(ActivityKit)`
/// extension or a member inside a branch reads as the one branch an iOS app build compiles.
///
/// Conditions are judged as an iOS app with ActivityKit sees them: Apple's frameworks can be
/// imported, any other module cannot (an SDK-only conformance is ignored, as the schema knows
/// no SDK), `os(iOS)` holds and other platforms do not. Flags (`DEBUG`), architectures and the
/// simulator cannot be decided here: such a condition is taken as true, and the block is
/// reported so the importer can warn at its line.
enum SwiftConditionals {
    /// One `#if ... #endif` chain and what was read of it.
    struct Block: Sendable {
        /// Position of the `#if`.
        var line: Int
        var column: Int
        var endLine: Int
        /// The condition of the branch that was read (`else` for `#else`), nil when none was.
        var taken: String?
        /// Some condition before the taken branch could not be decided and was taken as true.
        var guessed: Bool
        /// A branch that was not read held tokens.
        var skippedCode: Bool
    }

    /// Frameworks an iOS app that uses ActivityKit can import.
    static let appleModules: Set<String> = [
        "ActivityKit", "SwiftUI", "UIKit", "WidgetKit", "Foundation", "Combine", "AppIntents", "CoreLocation", "MapKit",
        "UserNotifications", "CoreGraphics", "Darwin", "OSLog", "os", "Observation", "Swift", "_Concurrency", "CoreFoundation",
        "Dispatch", "CoreData", "SwiftData", "CoreText", "QuartzCore", "AVFoundation", "StoreKit", "CoreImage",
    ]

    enum Truth { case yes, no, unknown }

    private struct Open {
        var block: Block
        var directive: SwiftToken
        /// Whether the branch being read now is the taken one.
        var reading: Bool
        var decided: Bool
        var hasElse: Bool
    }

    /// The tokens of the branches that are read, without the directive lines, and every chain.
    static func resolve(_ tokens: [SwiftToken]) throws(SwiftSyntaxError) -> (tokens: [SwiftToken], blocks: [Block]) {
        var kept: [SwiftToken] = []
        kept.reserveCapacity(tokens.count)
        var blocks: [Block] = []
        var stack: [Open] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            guard token.kind == .directive, ["if", "elseif", "else", "endif"].contains(token.text) else {
                if stack.allSatisfy(\.reading) {
                    kept.append(token)
                } else if let last = stack.indices.last, !stack[last].reading, stack.dropLast().allSatisfy(\.reading) {
                    stack[last].block.skippedCode = true
                }
                index += 1
                continue
            }
            var condition: [SwiftToken] = []
            index += 1
            while index < tokens.count, tokens[index].line == token.line, token.text == "if" || token.text == "elseif" {
                condition.append(tokens[index])
                index += 1
            }
            let text = SwiftLiterals.spelled(condition)
            switch token.text {
            case "if":
                var open = Open(block: Block(line: token.line, column: token.column, endLine: token.line, taken: nil, guessed: false, skippedCode: false),
                                directive: token, reading: false, decided: false, hasElse: false)
                choose(&open, truth: evaluate(condition), condition: text)
                stack.append(open)
            case "elseif", "else":
                guard var open = stack.popLast() else {
                    throw SwiftSyntaxError(message: "'#\(token.text)' without '#if'", line: token.line, column: token.column)
                }
                if open.hasElse {
                    throw SwiftSyntaxError(message: "'#\(token.text)' after '#else' (the '#if' at \(open.directive.line):\(open.directive.column))", line: token.line, column: token.column)
                }
                open.reading = false
                if token.text == "else" {
                    open.hasElse = true
                    choose(&open, truth: .yes, condition: "else")
                } else {
                    choose(&open, truth: evaluate(condition), condition: text)
                }
                stack.append(open)
            default:
                guard var open = stack.popLast() else {
                    throw SwiftSyntaxError(message: "'#endif' without '#if'", line: token.line, column: token.column)
                }
                open.block.endLine = token.line
                blocks.append(open.block)
            }
        }
        if let open = stack.last {
            throw SwiftSyntaxError(message: "missing '#endif' for the '#if' at \(open.directive.line):\(open.directive.column)",
                                   line: open.directive.line, column: open.directive.column)
        }
        blocks.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return (kept, blocks)
    }

    /// Reads this branch when no earlier one was taken and its condition is not false.
    private static func choose(_ open: inout Open, truth: Truth, condition: String) {
        guard !open.decided, truth != .no else { return }
        open.decided = true
        open.reading = true
        open.block.taken = condition
        open.block.guessed = truth == .unknown
    }

    /// A condition in three-valued logic; anything unreadable is unknown.
    static func evaluate(_ tokens: [SwiftToken]) -> Truth {
        var reader = ConditionReader(tokens: tokens)
        let truth = reader.disjunction()
        return reader.index == tokens.count ? truth : .unknown
    }

    /// A tiny recursive reader of `a || b && !c(d)`, depth-limited so no line can exhaust the stack.
    private struct ConditionReader {
        let tokens: [SwiftToken]
        var index = 0
        var depth = 0

        func peek(_ offset: Int = 0) -> SwiftToken? { index + offset < tokens.count ? tokens[index + offset] : nil }

        mutating func pair(_ symbol: String) -> Bool {
            guard peek()?.is(symbol) == true, peek(1)?.is(symbol) == true else { return false }
            index += 2
            return true
        }

        mutating func disjunction() -> Truth {
            var result = conjunction()
            while pair("|") {
                let next = conjunction()
                result = result == .yes || next == .yes ? .yes : (result == .no && next == .no ? .no : .unknown)
            }
            return result
        }

        mutating func conjunction() -> Truth {
            var result = unary()
            while pair("&") {
                let next = unary()
                result = result == .no || next == .no ? .no : (result == .yes && next == .yes ? .yes : .unknown)
            }
            return result
        }

        mutating func unary() -> Truth {
            guard depth < 32 else {
                index = tokens.count
                return .unknown
            }
            depth += 1
            defer { depth -= 1 }
            if peek()?.is("!") == true {
                index += 1
                switch unary() {
                case .yes: return .no
                case .no: return .yes
                case .unknown: return .unknown
                }
            }
            if peek()?.is("(") == true {
                index += 1
                let inner = disjunction()
                guard peek()?.is(")") == true else { return .unknown }
                index += 1
                return inner
            }
            guard let word = peek(), word.kind == .word else {
                index = tokens.count
                return .unknown
            }
            index += 1
            guard peek()?.is("(") == true else {
                return word.text == "true" ? .yes : (word.text == "false" ? .no : .unknown)
            }
            index += 1
            var argument: [String] = []
            while let token = peek(), !token.is(")") {
                argument.append(token.text)
                index += 1
            }
            index += 1
            return platform(word.text, argument.joined())
        }

        func platform(_ function: String, _ argument: String) -> Truth {
            switch function {
            case "canImport":
                let module = String(argument.prefix { $0 != "." && $0 != "," })
                return SwiftConditionals.appleModules.contains(module) ? .yes : .no
            case "os": return argument == "iOS" ? .yes : .no
            case "targetEnvironment": return argument == "macCatalyst" ? .no : .unknown
            case "swift", "compiler": return argument.hasPrefix(">=") ? .yes : .unknown
            default: return .unknown
            }
        }
    }
}
