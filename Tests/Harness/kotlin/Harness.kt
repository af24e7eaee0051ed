package livecontract.harness

import java.io.File

/**
 * What parseFcmData gave, in the bridge shape, plus toFcmData of the result when complete.
 * [envelope] uses the fixture's names (activityId, event, sentAtMs, staleAtMs, dismissAtMs);
 * an issue is field, raw, reason and advice.
 */
class Parsed(
    val envelope: Map<String, Any?>,
    val attributes: Map<String, Any?>?,
    val state: Map<String, Any?>?,
    val issues: List<List<String?>>,
    val fcmData: Map<String, String>?
)

/** One generated contract as the harness drives it; the XCTest writes one adapter per schema. */
interface ContractAdapter {
    fun parse(data: Map<String, String>): Parsed

    /** The bridge objects through the kotlin-bridge records and back to the bridge shape; null without that output. */
    fun bridge(attributes: Map<*, *>, state: Map<*, *>): Pair<Map<String, Any?>, Map<String, Any?>>?

    /** One JS state object through the kotlin-bridge state record, in the bridge shape; null without that output. */
    fun bridgeState(state: Map<*, *>): Map<String, Any?>?

    /** A fresh in-memory order store; each call parses a message and gives the decision and the store's time after it. */
    fun ordering(): (Map<String, String>) -> Triple<String, Boolean, Long?>
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
        if (argument.startsWith("repairs:")) {
            val (schema, path) = argument.removePrefix("repairs:").split('=', limit = 2)
            for ((label, problem) in repairChecks(adapters[schema], File(path))) {
                if (problem == null) passed++ else {
                    println("FAIL $schema/repair $label: $problem")
                    failed++
                }
            }
            continue
        }
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
                "fcm-ordering.json" -> orderingSteps(adapter, file)
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
    val sent = fixture["fcmEnvelope"] as Map<*, *>
    val envelope = listOf("activityId", "event", "sentAtMs", "staleAtMs", "dismissAtMs").associateWith { sent[it] }
    val parsed = adapter.parse(data)
    when {
        parsed.issues.isNotEmpty() -> "issues ${parsed.issues} for well-formed data"
        !FixtureValues.same(parsed.envelope, envelope) ->
            "envelope ${FixtureValues.show(parsed.envelope)}, fixture ${FixtureValues.show(envelope)}"
        !FixtureValues.same(parsed.attributes, bridge["attributes"]) ->
            "attributes ${FixtureValues.show(parsed.attributes)}, fixture ${FixtureValues.show(bridge["attributes"])}"
        !FixtureValues.same(parsed.state, bridge["state"]) ->
            "state ${FixtureValues.show(parsed.state)}, fixture ${FixtureValues.show(bridge["state"])}"
        else -> bridgeProblem(adapter, bridge) ?: writtenProblem(adapter, data, parsed)
    }
}

/** The kotlin-bridge records convert a well-formed bridge object to the same value. */
fun bridgeProblem(adapter: ContractAdapter, bridge: Map<*, *>): String? {
    val converted = adapter.bridge(bridge["attributes"] as Map<*, *>, bridge["state"] as Map<*, *>) ?: return null
    return when {
        !FixtureValues.same(converted.first, bridge["attributes"]) ->
            "kotlin-bridge toAttributes ${FixtureValues.show(converted.first)}, fixture ${FixtureValues.show(bridge["attributes"])}"
        !FixtureValues.same(converted.second, bridge["state"]) ->
            "kotlin-bridge toState ${FixtureValues.show(converted.second)}, fixture ${FixtureValues.show(bridge["state"])}"
        else -> null
    }
}

/** toFcmData gives back the fixture's strings, and they parse again to the same value. */
fun writtenProblem(adapter: ContractAdapter, data: Map<String, String>, parsed: Parsed): String? {
    val written = parsed.fcmData
    return when {
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
        listOf(issue["field"] as String?, issue["raw"] as String?, issue["reason"] as String?, issue["advice"] as String?)
    }
    val parsed = adapter.parse(FixtureValues.strings(case["data"]))
    return when {
        parsed.issues != issues -> "issues ${parsed.issues}, expected $issues"
        !FixtureValues.same(parsed.envelope, expected["envelope"]) ->
            "envelope ${FixtureValues.show(parsed.envelope)}, expected ${FixtureValues.show(expected["envelope"])}"
        !FixtureValues.same(parsed.attributes, expected["attributes"]) ->
            "attributes ${FixtureValues.show(parsed.attributes)}, expected ${FixtureValues.show(expected["attributes"])}"
        !FixtureValues.same(parsed.state, expected["state"]) ->
            "state ${FixtureValues.show(parsed.state)}, expected ${FixtureValues.show(expected["state"])}"
        else -> null
    }
}

/**
 * fcm-ordering.json: the steps run in order through one fresh store; each must give its
 * `expected` decision, say whether the app must re-post its notification (`repost`) and leave
 * its activity's `lastApplied` time.
 */
fun orderingSteps(adapter: ContractAdapter, file: File): List<Pair<String, String?>> {
    val steps = FixtureValues.readObject(file)["steps"] as List<*>
    val order = adapter.ordering()
    return steps.map { entry ->
        val step = entry as Map<*, *>
        val label = "${file.name}#${step["name"]}"
        Pair(label, guarded {
            val (decision, repost, last) = order(FixtureValues.strings(step["data"]))
            when {
                decision != step["expected"] -> "decision $decision, expected ${step["expected"]}"
                !FixtureValues.same(last, step["lastApplied"]) -> "last applied $last, expected ${step["lastApplied"]}"
                repost != step["repost"] -> "repost $repost, expected ${step["repost"]}"
                else -> null
            }
        })
    }
}

/**
 * What the kotlin-bridge records make of JS objects JavaScript gets wrong (the Swift bridge's
 * repair table, in the bridge shape). The file's first line is `attributes<TAB>{...}`; each
 * further line `label<TAB>state JSON<TAB>expected`, where `expected` holds members the
 * converted state must have, or is `rejected` when Expo must refuse the object.
 */
fun repairChecks(adapter: ContractAdapter?, file: File): List<Pair<String, String?>> {
    val lines = file.readLines().filter { it.isNotEmpty() }
    val attributes = FixtureValues.objectOf(org.json.JSONObject(lines[0].substringAfter('\t')))
    return lines.drop(1).map { line ->
        val parts = line.split('\t')
        Pair(parts[0], guarded {
            val state = FixtureValues.objectOf(org.json.JSONObject(parts[1]))
            val converted = try {
                adapter?.bridge(attributes, state)?.second
            } catch (e: Exception) {
                null
            }
            if (parts[2] == "rejected") {
                if (converted == null) null else "Expo would have accepted it: ${FixtureValues.show(converted)}"
            } else if (converted == null) {
                "refused"
            } else {
                val expected = FixtureValues.objectOf(org.json.JSONObject(parts[2]))
                val wrong = expected.keys.filter { !FixtureValues.same(converted[it], expected[it]) }
                if (wrong.isEmpty()) null else wrong.joinToString("; ") { "$it: expected ${FixtureValues.show(expected[it])}, got ${FixtureValues.show(converted[it])}" }
            }
        })
    }
}
