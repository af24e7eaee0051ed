/// The help pages of `compat` and `validate` (Commands+Contract.swift runs them).
extension Help {
    static let compat = """
    usage: livecontract compat [SCHEMA] --against OLD [--format text|json|github|sarif] [--strict] [--quiet]

    Compares SCHEMA with an older version of it and reports every change that breaks someone,
    by who breaks: a new widget decoding an old server's pushes, an old widget (app not yet
    updated) decoding the new server's pushes, activities running across the app update, and
    the Android FCM parser. Each finding has a rule id (see `livecontract explain RULE`) and
    a fix. Exit 0 when nothing breaks, 1 when something does, 2 when a schema is invalid.

      --against OLD     a schema file, or git:REF for SCHEMA as of a git revision (git:HEAD,
                        git:main, git:v1.4.0); git:REF:PATH when the file had another path
      --format F        text (default), json, github (workflow annotations) or sarif (SARIF
                        2.1.0 for code scanning); an invalid schema is in the document too
      --strict          warnings (changes that only degrade or set up a later break) fail too
      --quiet           print only problems
    """

    static let validate = """
    usage: livecontract validate [--schema SCHEMA] [--kind KIND] [--format text|json|github|sarif] [--strict] [--quiet] PAYLOAD.json...

    Checks real payloads against what the widget's Codable types (APNs) or the generated FCM
    parser will make of them, and explains each failure in decoder terms at its line and JSON
    path: dates in Unix seconds or milliseconds instead of seconds since 2001, ranges sent as
    {lowerBound, upperBound}, missing keys, quoted numbers, unknown enum values, timestamps in
    milliseconds, a wrong attributes-type, FCM values that are not strings, reserved FCM keys,
    notification blocks in data messages, bodies over 4096 bytes. PAYLOAD may be - (stdin).
    Exit 0 when every payload decodes, 1 when one does not, 2 when a file is not JSON.

      --schema SCHEMA   the contract (default livecontract.yaml)
      --kind KIND       apns, fcm (a v1 message), data (a bare FCM data map), content-state,
                        fcm-live-activity (FCM v1 for an iOS Live Activity), broadcast (a body
                        sent to a channel) or request ({"path", "headers", "body"});
                        detected from the top-level keys when absent
      --format F        text (default), json, github (workflow annotations) or sarif (SARIF
                        2.1.0 for code scanning); an invalid schema is in the document too
      --strict          warnings (ignored keys, enum fallbacks, out-of-bounds values) fail too
      --quiet           print only problems
    """
}
