package livecontract.harness

import org.json.JSONObject
import java.io.File

/**
 * The Kotlin runner of the differential test: every FCM data map of every schema in [input]
 * goes through the generated `parseFcmData`, and one JSON line per map is printed with the
 * envelope, the result in the bridge shape and the issues (field, raw, reason, advice); where
 * the schema has kotlin-bridge records, the bridge state object goes through the state record
 * and `toState()` too, given back as `"bridge": {"ok": bridge shape}` or `{"threw": why}`. It
 * judges nothing; the Swift test compares. [input] has one line per input of tab-separated
 * columns `SCHEMA INDEX BRIDGE CONTENT FCM REPAIRED`; BRIDGE and FCM are parsed.
 */
fun differential(input: File) {
    val out = StringBuilder()
    input.bufferedReader().useLines { lines ->
        for ((number, line) in lines.withIndex()) {
            if (line.length == 0) continue
            val columns = line.split('\t')
            if (columns.size != 6) throw IllegalStateException("line ${number + 1} has ${columns.size} columns, not 6")
            val name = columns[0]
            val adapter = adapters[name] ?: continue
            val data = FixtureValues.strings(FixtureValues.plain(JSONObject(columns[4])))
            out.append("{\"schema\":").append(JSONObject.quote(name)).append(",\"index\":").append(columns[1])
            try {
                val parsed = adapter.parse(data)
                out.append(",\"envelope\":").append(render(parsed.envelope))
                out.append(",\"attributes\":").append(render(parsed.attributes))
                out.append(",\"state\":").append(render(parsed.state))
                out.append(",\"issues\":").append(render(parsed.issues))
            } catch (e: Throwable) {
                out.append(",\"threw\":").append(JSONObject.quote(e.javaClass.name + ": " + e.message))
            }
            val bridge = javaScript(org.json.JSONTokener(columns[2]).nextValue())
            if (bridge is Map<*, *>) {
                try {
                    val shape = adapter.bridgeState(bridge)
                    if (shape != null) out.append(",\"bridge\":{\"ok\":").append(render(shape)).append("}")
                } catch (e: Throwable) {
                    out.append(",\"bridge\":{\"threw\":").append(JSONObject.quote(e.javaClass.name + ": " + e.message)).append("}")
                }
            }
            out.append("}\n")
        }
    }
    print(out)
}

/** JSON text of a parse result; NaN and the infinities tagged as the inputs spell them. */
fun render(value: Any?): String = when (value) {
    null -> "null"
    is String -> JSONObject.quote(value)
    is Double -> if (value.isNaN()) "{\"\$lc\":\"NaN\"}" else if (value.isInfinite()) (if (value < 0) "{\"\$lc\":\"-Infinity\"}" else "{\"\$lc\":\"Infinity\"}") else value.toString()
    is Float -> render(value.toDouble())
    is Map<*, *> -> value.entries.joinToString(",", "{", "}") { JSONObject.quote(it.key.toString()) + ":" + render(it.value) }
    is List<*> -> value.joinToString(",", "[", "]") { render(it) }
    else -> value.toString()
}

/**
 * A bridge input as plain values, as JavaScript hands it over: the numbers JSON cannot spell
 * are tagged `{"$lc": "NaN" | "Infinity" | "-Infinity" | "-0"}` in the inputs file, and become
 * the Double (org.json refuses to hold them, so the values are plain Kotlin ones).
 */
fun javaScript(value: Any?): Any? = when (value) {
    null, JSONObject.NULL -> null
    is JSONObject -> {
        if (value.length() == 1 && value.opt("\$lc") is String) {
            when (value.getString("\$lc")) {
                "NaN" -> Double.NaN
                "Infinity" -> Double.POSITIVE_INFINITY
                "-Infinity" -> Double.NEGATIVE_INFINITY
                else -> -0.0
            }
        } else {
            val members = LinkedHashMap<String, Any?>()
            val keys = value.keys()
            while (keys.hasNext()) {
                val key = keys.next()
                members[key] = javaScript(value.get(key))
            }
            members
        }
    }
    is org.json.JSONArray -> (0 until value.length()).map { javaScript(value.get(it)) }
    else -> value
}
