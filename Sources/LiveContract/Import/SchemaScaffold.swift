/// The commented starter schema `livecontract init [NAME]` writes: a small but complete
/// contract (one attribute, a state with the types people get wrong most, an enum with an
/// `unknown:` fallback, two examples) and outputs laid out as an Expo app has them: a local
/// Expo module (`modules/<name>`, from `npx create-expo-module --local`), a widget extension
/// target (`targets/widget`, as `@bacons/apple-targets` creates it) and the module's Android side.
public enum SchemaScaffold {
    public static let defaultName = "LiveActivity"

    /// Why `name` cannot name a contract, or nil when it can. The scaffold is loaded like
    /// any schema, so a reserved word or a clashing name is refused with the loader's reason.
    public static func problem(with name: String) -> String? {
        guard Naming.isIdentifier(name), let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else {
            return "'\(name)' is not a contract name: use an upper-case ASCII identifier such as Delivery or RideStatus"
        }
        do {
            _ = try SchemaLoader.load(Array(text(name: name).utf8), path: "livecontract.yaml")
            return nil
        } catch {
            return "'\(name)' is not a contract name: " + (error.diagnostics.errors.first?.message ?? "the schema does not load")
        }
    }

    /// `DeliveryTracker` -> `delivery-tracker`: the Expo module's folder name.
    static func kebab(_ name: String) -> String {
        var result = ""
        var previousIsLowerOrDigit = false
        for scalar in name.unicodeScalars {
            let isUpper = ("A"..."Z").contains(scalar)
            if isUpper && previousIsLowerOrDigit { result += "-" }
            result += String(scalar).lowercased()
            previousIsLowerOrDigit = !isUpper && scalar != "_"
        }
        return result.replacingUnderscores
    }

    /// The schema text for contract `name` (check it with `problem(with:)` first).
    public static func text(name: String) -> String {
        let module = kebab(name)
        let package = "expo.modules." + name.lowercased().replacingUnderscores.filter { $0 != "-" }
        let packagePath = package.split(separator: ".").joined(separator: "/")
        let snake = String(module.map { $0 == "-" ? "_" : $0 })
        let goPackage = String(module.filter { $0 != "-" })
        return """
        # livecontract schema for \(name): the one place this Live Activity's contract is written down.
        # `livecontract generate` writes every copy listed under `outputs`; `livecontract check`
        # (pre-commit hook, CI) fails when any copy drifted. `livecontract explain RULE` explains
        # a diagnostic; the README lists every key.
        # Completion and inline errors in VS Code (the YAML extension): run
        # `livecontract editor-schema > livecontract.schema.json`, then make this the first line:
        #   # yaml-language-server: $schema=livecontract.schema.json
        livecontract: 1
        name: \(name)\(String(repeating: " ", count: max(1, 24 - name.count)))# Swift \(name)Attributes; Kotlin and TypeScript \(name)Attributes + \(name)State
        doc: What the card shows, in one sentence.
        access: public                # the Expo module and the widget extension are separate Swift modules

        # The static half: set once when the activity starts, never carried by an update push.
        # Block style throughout, so YAML 1.1 tools (PyYAML, yamllint) read this file as well.
        attributes:
          title:
            type: string
            maxLength: 40
            doc: Shown at the top of the card

        # The ContentState: every update (from the app or an APNs push) replaces it wholesale.
        # Adding a field later? Give it a `default:` so servers that do not send it yet keep working.
        state:
          status:
            type: string
            maxLength: 64
            doc: "Headline, e.g. On the way"
          progress:
            type: double
            min: 0
            max: 1
            doc: "Share done, from 0 to 1"
          eta:
            type: date
            bridgeName: etaEpochMillis
            doc: "JS sends Unix ms; an APNs push sends seconds since 2001"
          phase:
            type: Phase
            default: started
          detail:
            type: "string?"           # a trailing ? makes a field optional; quoted for YAML 1.1 tools
            maxLength: 80
            doc: Optional second line; left out of the JSON when absent

        types:
          # `unknown:` makes a raw value this build does not know decode as that case, so adding a
          # case later does not break widgets already installed.
          Phase:
            enum: [started, inProgress, done]
            unknown: started

        # Named sample states. Each becomes JSON fixtures (bridge object, APNs bodies, FCM message)
        # that server and app tests can load.
        examples:
          started:
            attributes:
              title: Order 4521
            state:
              status: Order placed
              progress: 0.05
              eta: "2025-03-15T19:12:00Z"
          almostDone:
            attributes:
              title: Order 4521
            state:
              status: Almost there
              progress: 0.9
              eta: "2025-03-15T19:12:00Z"
              phase: inProgress
              detail: 2 minutes away

        # Where the copies go, relative to this file.
        outputs:
          swift:                      # byte-identical copies: ActivityKit matches them by name and shape
            - modules/\(module)/ios/\(name)Attributes.swift
            - targets/widget/\(name)Attributes.swift
          swift-bridge: modules/\(module)/ios/\(name)Records.swift
          kotlin:
            path: modules/\(module)/android/src/main/java/\(packagePath)/\(name)Contract.kt
            package: \(package)
          typescript: modules/\(module)/src/\(name)Contract.ts
          fixtures: fixtures/\(module)
          # Uncomment what the project has. The Android side of the Expo module's JS bridge
          # (records that convert to the Kotlin types with the Swift bridge's clamping and defaults):
          # kotlin-bridge:
          #   path: modules/\(module)/android/src/main/java/\(packagePath)/\(name)Records.kt
          #   package: \(package)
          # Server copies with typed APNs and FCM clients (standard library only):
          # python: server/\(snake)_contract.py
          # go:
          #   path: server/go/\(snake)_contract.go
          #   package: \(goPackage)

        # Optional: a folder whose <output>.mustache files replace built-in templates
        # (`livecontract templates dump templates swift.mustache` writes one to start from).
        # templates: templates

        """
    }
}

extension String {
    /// `a_b` -> `a-b`, for folder names.
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
