package livecontract.harness

import java.io.File

/** What parseFcmData gave, in the bridge shape, plus toFcmData of the result when complete. */
class Parsed(
    val attributes: Map<String, Any?>?,
    val state: Map<String, Any?>?,
    val issues: List<List<String?>>,
    val fcmData: Map<String, String>?
)

/** One generated contract as the harness drives it; the XCTest writes one adapter per schema. */
interface ContractAdapter {
    fun parse(data: Map<String, String>): Parsed
}

/**
 * Runs every fixture of every schema through the generated Kotlin and prints one line per
 * failure, then `kotlin: N passed, M failed`. Arguments: `schema=fixtureFolder` pairs; the
 * adapters come from the generated Adapters.kt (`val adapters`). With `--differential FILE`
 * it runs the differential test's inputs instead (Differential.kt).
 */
fun main(args: Array<String>) {
    if (args.size == 2 && args[0] == "--differential") {
        differential(File(args[1]))
        return
    }
    var passed = 0
    var failed = 0
    for (argument in args) {
        val schema = argument.substringBefore('=')
        val folder = File(argument.substringAfter('='))
        val adapter = adapters[schema]
        if (adapter == null) {
            println("FAIL $schema: no adapter")
            failed++
            continue
        }
        val files = (folder.listFiles() ?: arrayOf<File>()).filter { it.name.endsWith(".json") }.sortedBy { it.name }
        for (file in files) {
            val checks = when (file.name) {
                "decode-cases.json" -> emptyList()
                "fcm-malformed.json" -> malformedCases(adapter, file)
                else -> listOf(Pair(file.name, sampleProblem(adapter, file)))
            }
            for ((label, problem) in checks) {
                if (problem == null) {
                    passed++
                } else {
                    println("FAIL $schema/$label: $problem")
                    failed++
                }
            }
        }
    }
    println("kotlin: $passed passed, $failed failed")
}

/** Runs [check], turning anything it throws into a failure message. */
fun guarded(check: () -> String?): String? = try {
    check()
} catch (e: Throwable) {
    "threw ${e.javaClass.name}: ${e.message}"
}

/**
 * An example or edge-case fixture: its FCM data parses with no issues to the bridge object,
 * and toFcmData of the result gives back the same strings.
 */
fun sampleProblem(adapter: ContractAdapter, file: File): String? = guarded {
    val fixture = FixtureValues.readObject(file)
    val bridge = fixture["bridge"] as Map<*, *>
    val data = FixtureValues.strings(fixture["fcmData"])
    val parsed = adapter.parse(data)
    val written = parsed.fcmData
    when {
        parsed.issues.isNotEmpty() -> "issues ${parsed.issues} for well-formed data"
        !FixtureValues.same(parsed.attributes, bridge["attributes"]) ->
            "attributes ${FixtureValues.show(parsed.attributes)}, fixture ${FixtureValues.show(bridge["attributes"])}"
        !FixtureValues.same(parsed.state, bridge["state"]) ->
            "state ${FixtureValues.show(parsed.state)}, fixture ${FixtureValues.show(bridge["state"])}"
        written == null -> "toFcmData did not run"
        written.entries.toList() != data.entries.toList() ->
            "toFcmData ${FixtureValues.show(written)}, fixture ${FixtureValues.show(data)}"
        else -> roundTripProblem(adapter, written, parsed)
    }
}

/** toFcmData's output parses back to the same value with no issues. */
fun roundTripProblem(adapter: ContractAdapter, written: Map<String, String>, first: Parsed): String? {
    val again = adapter.parse(written)
    return when {
        again.issues.isNotEmpty() -> "round trip gave issues ${again.issues}"
        !FixtureValues.same(again.attributes, first.attributes) || !FixtureValues.same(again.state, first.state) ->
            "round trip changed the value: ${FixtureValues.show(again.state)}"
        else -> null
    }
}

/** fcm-malformed.json: each case must not throw and must give `expected` and exactly `issues`. */
fun malformedCases(adapter: ContractAdapter, file: File): List<Pair<String, String?>> {
    val cases = FixtureValues.readObject(file)["cases"] as List<*>
    return cases.map { entry ->
        val case = entry as Map<*, *>
        val label = "${file.name}#${case["name"]}"
        Pair(label, guarded { malformedProblem(adapter, case) })
    }
}

fun malformedProblem(adapter: ContractAdapter, case: Map<*, *>): String? {
    val expected = case["expected"] as Map<*, *>
    val issues = (case["issues"] as List<*>).map { item ->
        val issue = item as Map<*, *>
        listOf(issue["field"] as String?, issue["raw"] as String?, issue["reason"] as String?)
    }
    val parsed = adapter.parse(FixtureValues.strings(case["data"]))
    return when {
        parsed.issues != issues -> "issues ${parsed.issues}, expected $issues"
        !FixtureValues.same(parsed.attributes, expected["attributes"]) ->
            "attributes ${FixtureValues.show(parsed.attributes)}, expected ${FixtureValues.show(expected["attributes"])}"
        !FixtureValues.same(parsed.state, expected["state"]) ->
            "state ${FixtureValues.show(parsed.state)}, expected ${FixtureValues.show(expected["state"])}"
        else -> null
    }
}
