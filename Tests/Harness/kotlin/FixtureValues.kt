package livecontract.harness

import org.json.JSONArray
import org.json.JSONObject
import java.io.File

/**
 * Fixture JSON as plain Kotlin values, read with Android's org.json (the jar Debian ships as
 * com.android.json.jar), independently of the JSON code inside the generated files.
 * Objects become ordered maps, arrays lists, JSON null Kotlin null; numbers stay as org.json
 * made them (Int, Long or Double) and are compared by value.
 */
object FixtureValues {
    fun readObject(file: File): Map<String, Any?> = objectOf(JSONObject(file.readText()))

    fun objectOf(json: JSONObject): Map<String, Any?> {
        val result = LinkedHashMap<String, Any?>()
        val keys = json.keys()
        while (keys.hasNext()) {
            val key = keys.next()
            result[key] = plain(json.get(key))
        }
        return result
    }

    fun plain(value: Any?): Any? = when (value) {
        null, JSONObject.NULL -> null
        is JSONObject -> objectOf(value)
        is JSONArray -> (0 until value.length()).map { plain(value.get(it)) }
        else -> value
    }

    /** A fixture member that must be an object of strings (an FCM data map). */
    fun strings(value: Any?): Map<String, String> {
        val map = value as? Map<*, *> ?: throw IllegalStateException("expected an object of strings")
        val result = LinkedHashMap<String, String>()
        for ((key, item) in map) {
            result[key.toString()] = item as? String ?: throw IllegalStateException("'$key' is not a string")
        }
        return result
    }

    /**
     * Deep equality in the bridge shape: numbers by value (the fixture's `1` equals the
     * parser's `1.0`), maps with the same keys in the same order, lists element by element.
     */
    fun same(left: Any?, right: Any?): Boolean = when {
        left == null || right == null -> left == null && right == null
        left is Number && right is Number -> sameNumber(left, right)
        left is Map<*, *> && right is Map<*, *> -> sameEntries(left.entries.toList(), right.entries.toList())
        left is List<*> && right is List<*> ->
            left.size == right.size && left.indices.all { same(left[it], right[it]) }
        else -> left == right
    }

    fun sameEntries(left: List<Map.Entry<*, *>>, right: List<Map.Entry<*, *>>): Boolean =
        left.size == right.size && left.indices.all { left[it].key == right[it].key && same(left[it].value, right[it].value) }

    fun sameNumber(left: Number, right: Number): Boolean {
        val integral = { n: Number -> n is Int || n is Long }
        if (integral(left) && integral(right)) return left.toLong() == right.toLong()
        return left.toDouble() == right.toDouble()
    }

    /** Compact, readable rendering for failure messages. */
    fun show(value: Any?): String = when (value) {
        null -> "null"
        is String -> JSONObject.quote(value)
        is Map<*, *> -> value.entries.joinToString(",", "{", "}") { JSONObject.quote(it.key.toString()) + ":" + show(it.value) }
        is List<*> -> value.joinToString(",", "[", "]") { show(it) }
        else -> value.toString()
    }
}
