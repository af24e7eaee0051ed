#!/usr/bin/env python3
"""Drives the generated Python ApnsClient and FcmClient against the fake push servers.

    driver.py ENTRIES.json

ENTRIES.json lists the generated modules: [{"name", "contract", "module", "fixtures"}]. The
fake's ports and files come from the PUSH_* variables PushFake.environment sets. For every
fixture of every module it sends each APNs route (update, end, start, start with each input,
broadcast update and end, channel create/read/list/delete) and each FCM message (the Android
data message and the Live Activity start/update/end) through the typed clients and expects
'sent'; then, on the first module, it checks what the fake counted (one provider token and one
connection for 100 sends, renewal after expiry with one retry, the access token cached and
renewed), each scenario token's result, that no result or error carries a token, key or URL,
and that wrong types are refused at run time. Prints `python send: N passed, N failed`.
"""
import contextlib
import importlib.util
import json
import os
import re
import sys
import urllib.request

env = os.environ
passed = failed = 0


def expect(label, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {label}{': ' + detail if detail else ''}")


def raises(label, call, kinds, without=()):
    """call() must raise one of kinds, and its message must hold none of `without`."""
    try:
        call()
    except kinds as error:
        text = str(error)
        leaked = [w for w in without if w and w in text]
        expect(label, not leaked, f"the message holds a secret: {text[:200]!r}")
        return text
    except Exception as error:  # the wrong kind of error
        expect(label, False, f"raised {type(error).__name__}: {str(error)[:200]}")
        return None
    expect(label, False, "did not raise")
    return None


def control(path, post=False):
    request = urllib.request.Request(env["PUSH_CONTROL"] + path, data=b"" if post else None, method="POST" if post else "GET")
    return json.load(urllib.request.urlopen(request))


def load(entry):
    spec = importlib.util.spec_from_file_location(entry["name"] + "_push_contract", entry["module"])
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def fixtures(folder):
    out = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name)) as f:
                fx = json.load(f)
            if isinstance(fx, dict) and "routeInputs" in fx:
                out.append((name, fx))
    return out


P8 = open(env["PUSH_P8_FILE"]).read()
ACCOUNT = open(env["PUSH_SERVICE_ACCOUNT_FILE"]).read()
SECRETS = [P8.strip().splitlines()[1], json.loads(ACCOUNT)["private_key"].strip().splitlines()[1]]


def apns_client(m, bundle, origin=None):
    return m.ApnsClient(key=P8, key_id=env["PUSH_KEY_ID"], team_id=env["PUSH_TEAM_ID"], bundle_id=bundle,
                        production=True, origin=origin or env["PUSH_APNS_ORIGIN"], ca_file=env["PUSH_CA_FILE"])


def fcm_client(m, origin=None):
    return m.FcmClient(service_account=ACCOUNT, origin=origin or env["PUSH_FCM_ORIGIN"],
                       token_origin=env["PUSH_TOKEN_ORIGIN"], ca_file=env["PUSH_CA_FILE"])


class Fixture:
    def __init__(self, m, contract, fx):
        self.fx = fx
        self.io = fx["routeInputs"]
        self.content_state = getattr(m, contract + "ContentState").from_json(fx["contentState"])
        self.apns_attributes = getattr(m, contract + "ApnsAttributes").from_json(fx["apnsAttributes"])
        self.attributes = getattr(m, contract + "Attributes").from_json(fx["bridge"]["attributes"])
        self.state = getattr(m, contract + "State").from_json(fx["bridge"]["state"])
        self.envelope = m.FcmEnvelope.from_json(fx["fcmEnvelope"])
        o = fx["apnsOptions"]
        self.timestamp = o["timestampMs"]
        self.alert = m.ApnsAlert(title=o["alert"]["title"], body=o["alert"]["body"]) if "alert" in o else None
        self.update_options = {"timestamp_ms": self.timestamp}
        if "staleDateMs" in o:
            self.update_options["stale_date_ms"] = o["staleDateMs"]
        if "relevanceScore" in o:
            self.update_options["relevance_score"] = o["relevanceScore"]
        if self.alert is not None:
            self.update_options["alert"] = self.alert
        self.end_options = {"timestamp_ms": self.timestamp}
        if "dismissalDateMs" in o:
            self.end_options["dismissal_date_ms"] = o["dismissalDateMs"]
        self.delivery = {"priority": self.io["priority"], "expiration_ms": self.io["expirationMs"]}
        self.broadcast_delivery = {"priority": self.io["broadcastPriority"], "expiration_ms": self.io["broadcastExpirationMs"]}


def sent(label, result, apns=True):
    ok = result.outcome == "sent" and 200 <= result.status < 300
    if ok and apns:
        ok = bool(result.apns_id)
    expect(label, ok, repr(result))
    return result


def every_route(m, entry):
    # One client per bundle ID and one FCM client for the module's fixtures, as a server keeps
    # them: making a client loads the system's CAs and parses a key (a tenth of a second).
    with contextlib.ExitStack() as clients:
        every_fixture(m, entry, clients)


def every_fixture(m, entry, clients):
    contract = entry["contract"]
    apns_clients = {}
    fcm = clients.enter_context(fcm_client(m))
    for name, raw in fixtures(entry["fixtures"]):
        f = Fixture(m, contract, raw)
        at = f"{entry['name']}/{name} "
        apns = apns_clients.get(f.io["bundleId"])
        if apns is None:
            apns = apns_clients[f.io["bundleId"]] = clients.enter_context(apns_client(m, f.io["bundleId"]))
        r = sent(at + "update", apns.update(f.io["activityToken"], f.content_state, **f.update_options, **f.delivery))
        expect(at + "update has apns-unique-id", bool(r.apns_unique_id), repr(r))
        sent(at + "end", apns.end(f.io["activityToken"], f.content_state, **f.end_options, **f.delivery))
        sent(at + "start", apns.start(f.io["pushToStartToken"], f.apns_attributes, f.content_state, alert=f.alert,
                                      timestamp_ms=f.timestamp, **f.delivery))
        sent(at + "start from bridge attributes", apns.start(f.io["pushToStartToken"], f.attributes, f.content_state,
                                                              alert=f.alert, timestamp_ms=f.timestamp, **f.delivery))
        sent(at + "start asking a push token", apns.start(f.io["pushToStartToken"], f.apns_attributes, f.content_state, alert=f.alert,
                                                          timestamp_ms=f.timestamp, push_token=True, **f.delivery))
        sent(at + "start on a channel", apns.start(f.io["pushToStartToken"], f.apns_attributes, f.content_state, alert=f.alert,
                                                   timestamp_ms=f.timestamp, channel_id=f.io["channelId"], **f.delivery))
        sent(at + "broadcast update", apns.broadcast(f.io["channelId"], f.content_state, event="update",
                                                     **f.update_options, **f.broadcast_delivery))
        sent(at + "broadcast end", apns.broadcast(f.io["channelId"], f.content_state, event="end",
                                                  **f.end_options, **f.broadcast_delivery))
        created = sent(at + "create channel", apns.create_channel(f.io["storagePolicy"]))
        expect(at + "create channel returns the id", created.channel_id == f.io["channelId"], repr(created))
        read = sent(at + "read channel", apns.read_channel(f.io["channelId"]), apns=False)
        expect(at + "read channel body", (read.body or {}).get("push-type") == "LiveActivity", repr(read))
        listed = sent(at + "list channels", apns.list_channels(), apns=False)
        expect(at + "list channels body", f.io["channelId"] in (listed.body or {}).get("channels", []), repr(listed))
        sent(at + "delete channel", apns.delete_channel(f.io["channelId"]), apns=False)
        r = sent(at + "fcm data message", fcm.send(f.io["fcmToken"], f.attributes, f.state, f.envelope), apns=False)
        expect(at + "fcm message id", (r.message_id or "").startswith("projects/"), repr(r))
        sent(at + "fcm live activity start", fcm.live_activity(f.io["fcmToken"], f.io["pushToStartToken"], "start", f.content_state,
                                                               attributes=f.apns_attributes, alert=f.alert, push_token=True,
                                                               timestamp_ms=f.timestamp, **f.delivery), apns=False)
        sent(at + "fcm live activity update", fcm.live_activity(f.io["fcmToken"], f.io["activityToken"], "update", f.content_state,
                                                                **f.update_options, **f.delivery), apns=False)
        sent(at + "fcm live activity end", fcm.live_activity(f.io["fcmToken"], f.io["activityToken"], "end", f.content_state,
                                                             **f.end_options, **f.delivery), apns=False)


def transport_reason(result):
    """A transport error's reason is its type name and nothing else (httpx messages can hold the URL)."""
    return result.outcome == "retry" and result.status == 0 and re.fullmatch(r"transport error: [A-Za-z]+", result.reason or "") is not None


def no_secret(label, value, extra=()):
    text = repr(value)
    leaked = [s for s in list(SECRETS) + list(extra) if s and s in text]
    expect(label + " carries no token, key or URL", not leaked, text[:300])


def lifetimes_and_scenarios(m, entry):
    contract = entry["contract"]
    name, raw = fixtures(entry["fixtures"])[0]
    f = Fixture(m, contract, raw)
    bundle = f.io["bundleId"]
    update = lambda client, token: client.update(token, f.content_state, **f.update_options, **f.delivery)  # noqa: E731

    # 100 sends: one provider token, one HTTP/2 connection.
    apns = apns_client(m, bundle)
    control("/reset", post=True)
    results = [update(apns, f.io["activityToken"]) for _ in range(100)]
    expect("100 updates sent", all(r.outcome == "sent" for r in results), repr([r for r in results if r.outcome != "sent"][:2]))
    stats = control("/stats")
    expect("100 sends sign one provider token", stats["providerTokens"] == 1, str(stats["providerTokens"]))
    expect("100 sends open one HTTP/2 connection", stats["apnsConnections"] == 1, str(stats["apnsConnections"]))
    expect("100 sends are 100 requests", stats["apnsRequests"] == 100, str(stats["apnsRequests"]))

    # An expired provider token: renewed, the request sent once more, then reused.
    control("/expire-provider-tokens", post=True)
    control("/reset", post=True)
    r = update(apns, f.io["activityToken"])
    expect("sent after ExpiredProviderToken", r.outcome == "sent", repr(r))
    stats = control("/stats")
    expect("expired token renewed once", stats["providerTokens"] == 2, str(stats))
    expect("expired request retried once", stats["apnsRequests"] == 2, str(stats["apnsRequests"]))
    update(apns, f.io["activityToken"])
    stats = control("/stats")
    expect("renewed token reused", stats["providerTokens"] == 2 and stats["apnsRequests"] == 3, str(stats))
    expect("renewal kept the connection", stats["apnsConnections"] == 0, str(stats["apnsConnections"]))

    # APNs scenarios, each a result (never an exception), none carrying the token.
    scenarios = {
        "gone-token": ("gone", 410, "Unregistered", None),
        "busy-token": ("retry", 429, "TooManyRequests", 7000),
        "down-token": ("retry", 503, "ServiceUnavailable", 3000),
        "oops-token": ("retry", 500, "InternalServerError", None),
        "bad-BadDeviceToken-token": ("rejected", 400, "BadDeviceToken", None),
        "bad-DeviceTokenNotForTopic-token": ("rejected", 400, "DeviceTokenNotForTopic", None),
        "bad-TopicDisallowed-token": ("rejected", 400, "TopicDisallowed", None),
        "bad-PayloadTooLarge-token": ("rejected", 413, "PayloadTooLarge", None),
        "bad-BadExpirationDate-token": ("rejected", 400, "BadExpirationDate", None),
    }
    for token, (outcome, status, reason, retry) in scenarios.items():
        r = update(apns, token)
        got = (r.outcome, r.status, r.reason, r.retry_after_ms)
        expect(f"apns {token}", got == (outcome, status, reason, retry), repr(r))
        no_secret(f"apns {token} result", r, [token])
    r = update(apns, "gone-token")
    expect("apns 410 carries APNs' timestamp", r.timestamp_ms == 1742064420000, repr(r))
    r = update(apns, "drop-token")
    expect("a dropped connection is a retry result", transport_reason(r), repr(r))
    no_secret("dropped connection result", r, ["drop-token", env["PUSH_APNS_ORIGIN"]])
    r = update(apns, f.io["activityToken"])
    expect("the client sends again after a dropped connection", r.outcome == "sent", repr(r))
    apns.close()

    # No server at all: a result naming the error's type, not its message (which holds the URL).
    dead = apns_client(m, bundle, origin="https://127.0.0.1:1")
    r = update(dead, "secret-device-token-0123456789")
    expect("no server is a retry result", transport_reason(r), repr(r))
    no_secret("no-server result", r, ["secret-device-token", "127.0.0.1"])
    dead.close()

    # FCM: 100 messages, one access token; renewed after a 401 with one retry.
    fcm = fcm_client(m)
    control("/reset", post=True)
    results = [fcm.send(f.io["fcmToken"], f.attributes, f.state, f.envelope) for _ in range(100)]
    expect("100 FCM messages sent", all(r.outcome == "sent" for r in results), repr([r for r in results if r.outcome != "sent"][:2]))
    stats = control("/stats")
    expect("100 FCM messages use one access token", stats["oauthRequests"] == 1 and stats["accessTokens"] == 1, str(stats))
    expect("100 FCM messages are 100 requests", stats["fcmRequests"] == 100, str(stats["fcmRequests"]))
    expect("FCM keeps its connection", stats["fcmConnections"] == 1, str(stats["fcmConnections"]))
    control("/expire-access-tokens", post=True)
    control("/reset", post=True)
    r = fcm.send(f.io["fcmToken"], f.attributes, f.state, f.envelope)
    expect("FCM sent after a 401", r.outcome == "sent", repr(r))
    stats = control("/stats")
    expect("FCM access token renewed once, message retried once",
           stats["accessTokens"] == 1 and stats["oauthRequests"] == 1 and stats["fcmRequests"] == 2, str(stats))
    fcm_scenarios = {
        "gone-token": ("gone", 404, "UNREGISTERED", None),
        "quota-token": ("retry", 429, "QUOTA_EXCEEDED", 5000),
        "down-token": ("retry", 503, "UNAVAILABLE", 2000),
        "bad-token": ("rejected", 400, "INVALID_ARGUMENT", None),
        "sender-token": ("rejected", 403, "SENDER_ID_MISMATCH", None),
    }
    for token, (outcome, status, reason, retry) in fcm_scenarios.items():
        r = fcm.send(token, f.attributes, f.state, f.envelope)
        got = (r.outcome, r.status, r.reason, r.retry_after_ms)
        expect(f"fcm {token}", got == (outcome, status, reason, retry), repr(r))
        no_secret(f"fcm {token} result", r, [token, "ya29."])
        r = fcm.live_activity(token, f.io["activityToken"], "update", f.content_state, **f.update_options, **f.delivery)
        expect(f"fcm live activity {token}", (r.outcome, r.reason) == (outcome, reason), repr(r))
    no_secret("FcmClient repr", fcm, ["ya29."])
    fcm.close()
    dead = fcm_client(m, origin="https://127.0.0.1:1")
    r = dead.send("secret-device-token-0123456789", f.attributes, f.state, f.envelope)
    expect("FCM token endpoint reachable, FCM not: retry", transport_reason(r), repr(r))
    no_secret("FCM no-server result", r, ["secret-device-token", "127.0.0.1"])
    dead.close()

    # Wrong shapes and missing data raise at once, naming the problem, never quoting a key.
    apns = apns_client(m, bundle)
    bridge_state, bridge_attributes = raw["bridge"]["state"], raw["bridge"]["attributes"]
    raises("update refuses a bridge-shaped dict", lambda: apns.update(f.io["activityToken"], bridge_state, timestamp_ms=f.timestamp), TypeError)
    raises("update refuses the bridge State", lambda: apns.update(f.io["activityToken"], f.state, timestamp_ms=f.timestamp), TypeError)
    raises("update refuses an empty token", lambda: apns.update("", f.content_state, timestamp_ms=f.timestamp), TypeError)
    raises("start refuses a dict of attributes", lambda: apns.start(f.io["pushToStartToken"], bridge_attributes, f.content_state,
                                                                     alert=f.alert, timestamp_ms=f.timestamp), TypeError)
    raises("start refuses no attributes", lambda: apns.start(f.io["pushToStartToken"], None, f.content_state, alert=f.alert), TypeError)
    raises("start refuses no alert", lambda: apns.start(f.io["pushToStartToken"], f.apns_attributes, f.content_state, alert=None),
           (TypeError, ValueError))
    raises("start refuses a missing alert argument", lambda: apns.start(f.io["pushToStartToken"], f.apns_attributes, f.content_state), TypeError)
    raises("broadcast refuses a start", lambda: apns.broadcast(f.io["channelId"], f.content_state, event="start"), ValueError)
    raises("update refuses priority 1", lambda: apns.update(f.io["activityToken"], f.content_state, priority=1), ValueError)
    apns.close()
    raises("ApnsClient needs the key", lambda: m.ApnsClient(key_id="K", team_id="T", bundle_id=bundle, production=True), TypeError)
    raises("ApnsClient needs production stated", lambda: m.ApnsClient(key=P8, key_id="K", team_id="T", bundle_id=bundle), TypeError)
    raises("ApnsClient refuses production='yes'", lambda: m.ApnsClient(key=P8, key_id="K", team_id="T", bundle_id=bundle, production="yes"), TypeError)
    raises("ApnsClient refuses a key id that is not text", lambda: m.ApnsClient(key=P8, key_id=None, team_id="T", bundle_id=bundle, production=True),
           TypeError, SECRETS)
    raises("ApnsClient refuses a key that is not a .p8", lambda: m.ApnsClient(key=json.loads(ACCOUNT)["private_key"], key_id="K", team_id="T",
                                                                              bundle_id=bundle, production=True), ValueError, SECRETS)
    raises("ApnsClient refuses an origin with a path", lambda: m.ApnsClient(key=P8, key_id="K", team_id="T", bundle_id=bundle,
                                                                            production=True, origin="https://h/3/device/x"), ValueError)
    raises("FcmClient refuses a dict", lambda: m.FcmClient(service_account=json.loads(ACCOUNT)), TypeError, SECRETS)
    raises("FcmClient refuses JSON without a key", lambda: m.FcmClient(service_account='{"client_email": "a@b"}'), ValueError)
    broken = json.dumps(dict(json.loads(ACCOUNT), private_key="-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"))
    raises("FcmClient refuses a broken key", lambda: m.FcmClient(service_account=broken), ValueError, SECRETS + ["AAAA"])
    fcm = fcm_client(m)
    raises("FCM send refuses bridge-shaped dicts", lambda: fcm.send(f.io["fcmToken"], bridge_attributes, bridge_state, f.envelope), TypeError)
    raises("FCM send refuses the APNs shapes", lambda: fcm.send(f.io["fcmToken"], f.apns_attributes, f.content_state, f.envelope), TypeError)
    raises("FCM live activity refuses a dict", lambda: fcm.live_activity(f.io["fcmToken"], f.io["activityToken"], "update", bridge_state), TypeError)
    raises("FCM live start refuses no attributes", lambda: fcm.live_activity(f.io["fcmToken"], f.io["pushToStartToken"], "start",
                                                                             f.content_state, alert=f.alert, push_token=True), TypeError)
    fcm.close()

    # A channel id keeps its base64 padding and signs (the fixtures' id has none).
    answer = m._lc_apns_result(201, None, {"apns-channel-id": "dHN0+LXNy/Y2hubA==", "apns-request-id": "A-1"}, None)
    expect("a channel id with + / = is kept", (answer.outcome, answer.channel_id) == ("sent", "dHN0+LXNy/Y2hubA=="), repr(answer))

    # Hosts: production and sandbox, each with its channel management host.
    prod = m.ApnsClient(key=P8, key_id="K", team_id="T", bundle_id=bundle, production=True)
    sandbox = m.ApnsClient(key=P8, key_id="K", team_id="T", bundle_id=bundle, production=False)
    expect("production hosts", (prod.origin, prod.channels_origin) == ("https://api.push.apple.com", "https://api-manage-broadcast.push.apple.com:2196"))
    expect("sandbox hosts", (sandbox.origin, sandbox.channels_origin)
           == ("https://api.sandbox.push.apple.com", "https://api-manage-broadcast.sandbox.push.apple.com:2195"))
    no_secret("ApnsClient repr", prod)
    prod.close()
    sandbox.close()


def without_libraries(entry):
    """The module imports and works without httpx and cryptography; only a client needs them."""
    saved = {name: sys.modules.get(name) for name in ("httpx", "cryptography")}
    for name in saved:
        sys.modules[name] = None  # makes `import name` raise ImportError
    try:
        spec = importlib.util.spec_from_file_location(entry["name"] + "_bare", entry["module"])
        bare = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = bare
        spec.loader.exec_module(bare)
        expect("module imports without httpx and cryptography", hasattr(bare, "ApnsClient"))
        text = raises("a client without httpx says what to install",
                      lambda: bare.ApnsClient(key=P8, key_id="K", team_id="T", bundle_id="com.example.app", production=True), ImportError)
        expect("the ImportError names the packages", text is not None and "httpx[http2]" in text and "cryptography" in text, str(text))
    finally:
        for name, module in saved.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module


def main():
    with open(sys.argv[1]) as f:
        entries = json.load(f)
    for index, entry in enumerate(entries):
        m = load(entry)
        if index == 0:
            without_libraries(entry)
            lifetimes_and_scenarios(m, entry)
        every_route(m, entry)
    failures = control("/stats")["failures"]
    expect("the fake refused nothing", failures == [], "\n  ".join(failures[:20]))
    print(f"python send: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
