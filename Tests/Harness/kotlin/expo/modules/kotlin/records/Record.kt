package expo.modules.kotlin.records

/**
 * Stand-in for the Expo Kotlin API's `Record`, so the generated kotlin-bridge file compiles
 * and runs in the harness without an Android build: a marker interface, as Expo's is. Expo
 * fills a record's `@Field` properties from a JS object by reflection; BridgeRecords.kt does
 * the same with java.lang.reflect.
 */
interface Record
