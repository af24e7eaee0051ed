package expo.modules.kotlin.records

/** Stand-in for Expo's `@Field`: marks a record property Expo fills; [key] renames the JS key. */
@Target(AnnotationTarget.FIELD)
@Retention(AnnotationRetention.RUNTIME)
annotation class Field(val key: String = "")

/** Stand-in for Expo's `@Required`: a JS object without the key is refused. */
@Target(AnnotationTarget.FIELD)
@Retention(AnnotationRetention.RUNTIME)
annotation class Required
