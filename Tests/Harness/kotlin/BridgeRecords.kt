package livecontract.harness

import expo.modules.kotlin.records.Field
import expo.modules.kotlin.records.Record
import expo.modules.kotlin.records.Required
import java.lang.reflect.ParameterizedType
import java.lang.reflect.Type
import java.lang.reflect.WildcardType

/**
 * Fills an Expo record from a JS object the way Expo's record converter does: every field
 * marked `@Field` takes the member of the same name (numbers, JavaScript doubles, become the
 * field's Int or Double, lists and nested records are filled item by item), a `@Required` field whose key is
 * absent refuses the object, and an absent optional keeps its `null`.
 */
object BridgeRecords {
    /** A record class's `@Field` properties, read once per class: the differential fills thousands. */
    private class Slot(val field: java.lang.reflect.Field, val key: String, val required: Boolean)
    private val slots = HashMap<Class<*>, List<Slot>>()

    private fun slotsOf(type: Class<*>): List<Slot> = slots.getOrPut(type) {
        type.declaredFields.mapNotNull { field ->
            val annotation = field.getAnnotation(Field::class.java) ?: return@mapNotNull null
            field.isAccessible = true
            Slot(field, if (annotation.key.isNotEmpty()) annotation.key else field.name, field.getAnnotation(Required::class.java) != null)
        }
    }

    fun <T : Record> fill(record: T, values: Map<*, *>): T {
        for (slot in slotsOf(record.javaClass)) {
            if (!values.containsKey(slot.key) || values[slot.key] == null) {
                if (slot.required) throw IllegalArgumentException("required key '${slot.key}' is missing")
                continue
            }
            slot.field.set(record, convert(values[slot.key], slot.field.genericType))
        }
        return record
    }

    fun convert(value: Any?, type: Type): Any? {
        val raw = when (type) {
            is ParameterizedType -> type.rawType as Class<*>
            is WildcardType -> return convert(value, type.upperBounds[0])
            else -> type as Class<*>
        }
        return when {
            // JavaScript has only doubles: Expo on Android reads one into an Int toward zero,
            // saturated at Int's range, NaN as 0 (Kotlin's Double.toInt()).
            raw == Int::class.javaObjectType || raw == Int::class.javaPrimitiveType -> (value as Number).toDouble().toInt()
            raw == Double::class.javaObjectType || raw == Double::class.javaPrimitiveType -> (value as Number).toDouble()
            raw == Boolean::class.javaObjectType || raw == Boolean::class.javaPrimitiveType -> value as Boolean
            raw == String::class.java -> value as String
            List::class.java.isAssignableFrom(raw) -> {
                val element = (type as ParameterizedType).actualTypeArguments[0]
                (value as List<*>).map { convert(it, element) }
            }
            Map::class.java.isAssignableFrom(raw) -> {
                val item = (type as ParameterizedType).actualTypeArguments[1]
                (value as Map<*, *>).entries.associate { entry -> (entry.key as String) to convert(entry.value, item) }
            }
            Record::class.java.isAssignableFrom(raw) -> fill(raw.getDeclaredConstructor().newInstance() as Record, value as Map<*, *>)
            else -> throw IllegalArgumentException("no conversion to $raw")
        }
    }
}
