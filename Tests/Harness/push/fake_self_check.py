#!/usr/bin/env python3
"""Proves the fake push servers refuse what the real services refuse, so a client harness that
passes against them means something: a fixture request is accepted, and a wrong body, a wrong
header, a badly signed or expired provider token, a bad OAuth assertion and an unknown access
token are each refused. Reads the fake's ports and files from PUSH_* environment variables (as
PushFake.environment sets them) and the fixture file from argv[1]. Prints `fake: N passed, N failed`.
"""
import base64
import json
import os
import sys
import time
import urllib.request

import httpx
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

env = os.environ
fixture = json.load(open(sys.argv[1]))
passed = failed = 0


def expect(label, got, want):
    global passed, failed
    if got == want:
        passed += 1
        print(f"ok   {label}")
    else:
        failed += 1
        print(f"FAIL {label}: got {got!r}, want {want!r}")


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def provider_token(key, iat, kid=None, der=False):
    head = b64(json.dumps({"alg": "ES256", "kid": kid or env["PUSH_KEY_ID"]}).encode())
    claims = b64(json.dumps({"iss": env["PUSH_TEAM_ID"], "iat": iat}).encode())
    signature = key.sign(f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    if not der:
        r, s = decode_dss_signature(signature)
        signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    return f"{head}.{claims}.{b64(signature)}"


def stats():
    return json.load(urllib.request.urlopen(env["PUSH_CONTROL"] + "/stats"))


key = serialization.load_pem_private_key(open(env["PUSH_P8_FILE"], "rb").read(), None)
good = provider_token(key, int(time.time()))
request = fixture["apnsRequest"]
apns = httpx.Client(http2=True, verify=env["PUSH_CA_FILE"])


def send(token, body, headers=None, path=None):
    answer = apns.post(env["PUSH_APNS_ORIGIN"] + (path or request["path"]),
                       headers={**(headers or request["headers"]), "authorization": "bearer " + token},
                       content=json.dumps(body, separators=(",", ":")))
    return answer.status_code, answer.json().get("reason") if answer.content else None


expect("fixture update accepted", send(good, request["body"]), (200, None))
expect("HTTP/2 used", apns.post(env["PUSH_APNS_ORIGIN"] + "/3/device/gone-token",
                                headers={"authorization": "bearer " + good}).http_version, "HTTP/2")
wrong = json.loads(json.dumps(request["body"]))
wrong["aps"]["timestamp"] += 1
expect("a changed body refused", send(good, wrong), (400, "FakeMismatch"))
reordered = {"aps": dict(reversed(list(request["body"]["aps"].items())))}
expect("keys in another order refused", send(good, reordered), (400, "FakeMismatch"))
expect("a missing header refused", send(good, request["body"], {k: v for k, v in request["headers"].items() if k != "apns-topic"}), (400, "FakeMismatch"))
expect("a wrong topic refused", send(good, request["body"], {**request["headers"], "apns-topic": "com.example.app"}), (400, "FakeMismatch"))
other = ec.generate_private_key(ec.SECP256R1())
expect("a token signed by another key refused", send(provider_token(other, int(time.time())), request["body"]), (403, "InvalidProviderToken"))
expect("a DER signature refused", send(provider_token(key, int(time.time()), der=True), request["body"]), (403, "InvalidProviderToken"))
expect("a wrong key id refused", send(provider_token(key, int(time.time()), kid="XXXXXXXXXX"), request["body"]), (403, "InvalidProviderToken"))
expect("a token older than an hour expired", send(provider_token(key, int(time.time()) - 3700), request["body"]), (403, "ExpiredProviderToken"))
before = len(stats()["failures"])
urllib.request.urlopen(urllib.request.Request(env["PUSH_CONTROL"] + "/expire-provider-tokens", data=b"", method="POST"))
expect("an expired token refused", send(good, request["body"]), (403, "ExpiredProviderToken"))
expect("a fresh token accepted again", send(provider_token(key, int(time.time())), request["body"]), (200, None))
expect("the fake recorded each mismatch", before >= 4, True)

account = json.load(open(env["PUSH_SERVICE_ACCOUNT_FILE"]))
rsa_key = serialization.load_pem_private_key(account["private_key"].encode(), None)


def assertion(aud=None, scope="https://www.googleapis.com/auth/firebase.messaging"):
    now = int(time.time())
    head = b64(json.dumps({"alg": "RS256", "typ": "JWT", "kid": account["private_key_id"]}).encode())
    claims = b64(json.dumps({"iss": account["client_email"], "scope": scope, "aud": aud or account["token_uri"], "iat": now, "exp": now + 3600}).encode())
    return f"{head}.{claims}.{b64(rsa_key.sign(f'{head}.{claims}'.encode(), padding.PKCS1v15(), hashes.SHA256()))}"


fcm = httpx.Client(verify=env["PUSH_CA_FILE"])
grant = "urn:ietf:params:oauth:grant-type:jwt-bearer"
expect("a wrong audience refused", fcm.post(account["token_uri"], data={"grant_type": grant, "assertion": assertion(aud="https://example.com/token")}).status_code, 400)
expect("a missing scope refused", fcm.post(account["token_uri"], data={"grant_type": grant, "assertion": assertion(scope="email")}).status_code, 400)
token = fcm.post(account["token_uri"], data={"grant_type": grant, "assertion": assertion()})
expect("a good assertion gets a token", token.status_code, 200)
access = token.json().get("access_token", "")
send_url = f"{env['PUSH_FCM_ORIGIN']}/v1/projects/{env['PUSH_PROJECT_ID']}/messages:send"
expect("the fixture message accepted", fcm.post(send_url, headers={"authorization": "Bearer " + access}, content=json.dumps(fixture["fcmMessage"])).status_code, 200)
changed = json.loads(json.dumps(fixture["fcmMessage"]))
changed["message"]["data"]["sentAtMs"] = "1"
expect("a changed message refused", fcm.post(send_url, headers={"authorization": "Bearer " + access}, content=json.dumps(changed)).status_code, 400)
expect("an unknown access token refused", fcm.post(send_url, headers={"authorization": "Bearer ya29.made-up"}, content=json.dumps(fixture["fcmMessage"])).status_code, 401)
print(f"fake: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
