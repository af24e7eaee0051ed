#!/usr/bin/env python3
"""Local stand-ins for APNs, Google's OAuth token endpoint and FCM v1, for the push-client harness.

    fake_push.py --dir DIR --fixtures FIXTURES_DIR [--fixtures ...]

makes in DIR a test CA and a server certificate for 127.0.0.1 (ca.pem), an APNs signing key
(key.p8, EC P-256 PKCS#8), a Firebase service-account file (service-account.json, RSA 2048, its
token_uri pointing at this process), then serves on 127.0.0.1:

- APNs, HTTP/2 over TLS (ALPN h2): /3/device, /4/broadcasts and channel management on one port;
- OAuth (POST /token) and FCM (POST /v1/projects/<id>/messages:send), HTTP/1.1 over TLS;
- control, plain HTTP/1.1: GET /stats, POST /reset, /expire-provider-tokens, /expire-access-tokens.

It prints one JSON line when ready: the ports and the files a client needs. Every request is
checked the way the real service would (provider token signature, claims, headers) and, when it
names a fixture's token or channel, against the request the fixtures say a client sends (method,
path, apns-* headers, and the JSON body value by value with key order kept). Tokens named in
SCENARIOS answer with the errors a client must turn into results. Why a request failed lands in
/stats "failures"; nothing secret is printed.
"""
import argparse
import base64
import datetime
import decimal
import http.server
import json
import os
import socket
import socketserver
import ssl
import sys
import threading
import time
import urllib.parse
import uuid

import h2.config
import h2.connection
import h2.events
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

KEY_ID = "ABC123DEFG"
TEAM_ID = "DEF123GHIJ"
PROJECT_ID = "livecontract-test"
FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging"
APNS_TIMESTAMP_MS = 1742064420000

# APNs device-route tokens with a fixed answer: (status, reason, retry-after seconds or None).
APNS_SCENARIOS = {
    "gone-token": (410, "Unregistered", None),
    "busy-token": (429, "TooManyRequests", 7),
    "down-token": (503, "ServiceUnavailable", 3),
    "oops-token": (500, "InternalServerError", None),
}
APNS_BAD_STATUS = {"PayloadTooLarge": 413}
# FCM message.token values with a fixed answer: (status, google.rpc status, errorCode, retry-after).
FCM_SCENARIOS = {
    "gone-token": (404, "NOT_FOUND", "UNREGISTERED", None),
    "quota-token": (429, "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED", 5),
    "down-token": (503, "UNAVAILABLE", "UNAVAILABLE", 2),
    "bad-token": (400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", None),
    "sender-token": (403, "PERMISSION_DENIED", "SENDER_ID_MISMATCH", None),
}
ALLOWED_EXTRA_APNS_HEADERS = {"apns-id", "apns-collapse-id"}


# ---------------------------------------------------------------- shared state

class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()
        self.expired_jwts = set()
        self.expired_access = set()
        self.access_tokens = set()

    def reset(self):
        with getattr(self, "lock", threading.Lock()):
            self.apns_connections = 0
            self.provider_tokens = set()
            self.apns_requests = 0
            self.oauth_requests = 0
            self.issued_access = 0
            self.fcm_requests = 0
            self.fcm_connections = 0
            self.failures = []

    def fail(self, why):
        with self.lock:
            if len(self.failures) < 200:
                self.failures.append(why)

    def stats(self):
        with self.lock:
            return {
                "apnsConnections": self.apns_connections,
                "providerTokens": len(self.provider_tokens),
                "apnsRequests": self.apns_requests,
                "oauthRequests": self.oauth_requests,
                "accessTokens": self.issued_access,
                "fcmRequests": self.fcm_requests,
                "fcmConnections": self.fcm_connections,
                "failures": list(self.failures),
            }


STATE = State()


# ---------------------------------------------------------------- JSON compared by value, in order

def canonical(value):
    """A tagged form in which key order counts, numbers compare by value, and true is not 1."""
    if isinstance(value, Pairs):
        return ("obj", tuple((k, canonical(v)) for k, v in value))
    if isinstance(value, list):
        return ("arr", tuple(canonical(v) for v in value))
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, decimal.Decimal)):
        return ("num", decimal.Decimal(value))
    if value is None:
        return ("null",)
    return ("str", value)


class Pairs(list):
    """A JSON object read with its key order."""


def parse_json(data):
    return json.loads(data, object_pairs_hook=Pairs, parse_float=decimal.Decimal)


def fixture_value(value):
    """A fixture value (read with order) in canonical form."""
    return canonical(value)


def describe_difference(got, expected, at="body"):
    if got == expected:
        return None
    if got[0] != expected[0]:
        return f"{at}: a {got[0]} where the fixture has a {expected[0]}"
    if got[0] == "obj":
        got_keys = [k for k, _ in got[1]]
        want_keys = [k for k, _ in expected[1]]
        if got_keys != want_keys:
            return f"{at}: keys {got_keys} where the fixture has {want_keys}"
        for (k, g), (_, e) in zip(got[1], expected[1]):
            d = describe_difference(g, e, f"{at}.{k}")
            if d:
                return d
    if got[0] == "arr":
        if len(got[1]) != len(expected[1]):
            return f"{at}: {len(got[1])} items where the fixture has {len(expected[1])}"
        for i, (g, e) in enumerate(zip(got[1], expected[1])):
            d = describe_difference(g, e, f"{at}[{i}]")
            if d:
                return d
    return f"{at}: {got[1]!r} where the fixture has {expected[1]!r}"


# ---------------------------------------------------------------- fixtures -> expected requests

class Expected:
    def __init__(self, source, method, path, headers, body):
        self.source = source
        self.method = method
        self.path = path
        self.headers = {k.lower(): str(v) for k, v in headers.items()}
        self.body = None if body is None else fixture_value(body)


def load_fixtures(folders):
    apns, fcm, tokens, channels = [], [], set(), set()
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name), "rb") as f:
                data = parse_json(f.read())
            fixture = dict(data) if isinstance(data, Pairs) else {}
            if "routeInputs" not in fixture:
                continue
            source = os.path.join(os.path.basename(folder.rstrip("/")), name)
            inputs = dict(fixture["routeInputs"])
            tokens.update([inputs["activityToken"], inputs["pushToStartToken"]])
            channels.add(inputs["channelId"])
            request = dict(fixture["apnsRequest"])
            headers = dict(request["headers"])
            bodies = dict(fixture.get("apns") or Pairs())
            activity_path = "/3/device/" + inputs["activityToken"]
            start_path = "/3/device/" + inputs["pushToStartToken"]
            for event in ("update", "end"):
                if event in bodies:
                    apns.append(Expected(f"{source} apns.{event}", "POST", activity_path, headers, bodies[event]))
            if "start" in bodies:
                apns.append(Expected(f"{source} apns.start", "POST", start_path, headers, bodies["start"]))
            for kind, body in dict(bodies.get("startWithInputs") or Pairs()).items():
                apns.append(Expected(f"{source} apns.startWithInputs.{kind}", "POST", start_path, headers, body))
            for group in ("broadcast", "channels"):
                for kind, r in dict(fixture.get(group) or Pairs()).items():
                    r = dict(r)
                    apns.append(Expected(f"{source} {group}.{kind}", r["method"], r["path"], dict(r["headers"]), r["body"]))
            if "fcmMessage" in fixture:
                fcm.append((f"{source} fcmMessage", fixture_value(fixture["fcmMessage"])))
            for kind, message in dict(fixture.get("fcmLiveActivity") or Pairs()).items():
                fcm.append((f"{source} fcmLiveActivity.{kind}", fixture_value(message)))
    return apns, fcm, tokens, channels


# ---------------------------------------------------------------- JWTs

def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def read_jwt(token):
    """(header, claims, signing input, signature) or raises ValueError."""
    parts = token.split(".")
    if len(parts) != 3:
        raise ValueError("not three dot-separated parts")
    header = json.loads(b64url_decode(parts[0]))
    claims = json.loads(b64url_decode(parts[1]))
    if not isinstance(header, dict) or not isinstance(claims, dict):
        raise ValueError("header or claims not a JSON object")
    return header, claims, (parts[0] + "." + parts[1]).encode(), b64url_decode(parts[2])


def verify_es256(token, public_key):
    header, claims, signed, signature = read_jwt(token)
    if header.get("alg") != "ES256":
        raise ValueError(f"alg {header.get('alg')!r}, APNs takes ES256")
    if header.get("kid") != KEY_ID:
        raise ValueError("kid is not the key id")
    if len(signature) != 64:
        raise ValueError(f"signature of {len(signature)} bytes: ES256 is r||s, 64 bytes (not DER)")
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    public_key.verify(encode_dss_signature(r, s), signed, ec.ECDSA(hashes.SHA256()))
    if claims.get("iss") != TEAM_ID:
        raise ValueError("iss is not the team id")
    if not isinstance(claims.get("iat"), int):
        raise ValueError("iat is not whole seconds")
    return claims


def verify_rs256(token, public_key, key_id, email, audience):
    header, claims, signed, signature = read_jwt(token)
    if header.get("alg") != "RS256":
        raise ValueError(f"alg {header.get('alg')!r}, Google takes RS256")
    if header.get("kid") not in (None, key_id):
        raise ValueError("kid is not the service account's private_key_id")
    public_key.verify(signature, signed, padding.PKCS1v15(), hashes.SHA256())
    if claims.get("iss") != email:
        raise ValueError("iss is not the client_email")
    if FCM_SCOPE not in str(claims.get("scope", "")).split(" "):
        raise ValueError("scope lacks firebase.messaging")
    if claims.get("aud") != audience:
        raise ValueError(f"aud {claims.get('aud')!r} is not the token endpoint {audience!r}")
    iat, exp = claims.get("iat"), claims.get("exp")
    if not isinstance(iat, int) or not isinstance(exp, int) or not 0 < exp - iat <= 3600:
        raise ValueError("iat/exp missing or more than an hour apart")
    if abs(iat - time.time()) > 300:
        raise ValueError("iat is not now")
    return claims


# ---------------------------------------------------------------- APNs over HTTP/2

class Apns:
    def __init__(self, expected, tokens, channels, public_key):
        self.expected = expected
        self.tokens = tokens
        self.channels = channels
        self.public_key = public_key

    def answer(self, headers, body):
        """(status, response headers, body bytes or None), or None to drop the connection."""
        method, path = headers.get(":method"), headers.get(":path", "")
        with STATE.lock:
            STATE.apns_requests += 1
        auth = headers.get("authorization", "")
        if not auth.startswith("bearer "):
            STATE.fail(f"{method} {path}: no 'authorization: bearer <token>' header")
            return self.reason(403, "MissingProviderToken")
        jwt = auth[len("bearer "):]
        try:
            claims = verify_es256(jwt, self.public_key)
        except Exception as error:  # any defect in the token is APNs' InvalidProviderToken
            STATE.fail(f"{method} {path}: provider token refused: {error}")
            return self.reason(403, "InvalidProviderToken")
        with STATE.lock:
            STATE.provider_tokens.add(jwt)
            expired = jwt in STATE.expired_jwts
        if expired or time.time() - claims["iat"] > 3600:
            return self.reason(403, "ExpiredProviderToken")
        if path.startswith("/3/device/"):
            token = path[len("/3/device/"):]
            if token == "drop-token":
                return None
            if token in APNS_SCENARIOS:
                status, reason, retry = APNS_SCENARIOS[token]
                extra = {"timestamp": APNS_TIMESTAMP_MS} if status == 410 else {}
                return self.reason(status, reason, retry, extra)
            if token.startswith("bad-") and token.endswith("-token"):
                reason = token[len("bad-"):-len("-token")]
                return self.reason(APNS_BAD_STATUS.get(reason, 400), reason)
        return self.compare(method, path, headers, body)

    def compare(self, method, path, headers, body):
        got_apns = {k: v for k, v in headers.items() if k.startswith("apns-") and k not in ALLOWED_EXTRA_APNS_HEADERS}
        if body:
            try:
                got_body = canonical(parse_json(body))
            except ValueError as error:
                STATE.fail(f"{method} {path}: body is not JSON: {error}")
                return self.reason(400, "FakeMismatch")
        else:
            got_body = None
        candidates = [e for e in self.expected if e.method == method and e.path == path]
        if not candidates:
            STATE.fail(f"{method} {path}: no fixture has this method and path")
            return self.reason(400, "FakeMismatch")
        closest = None
        for e in candidates:
            if got_apns != e.headers:
                closest = closest or f"{method} {path}: headers {sorted(got_apns.items())} where {e.source} has {sorted(e.headers.items())}"
                continue
            if (got_body is None) != (e.body is None):
                closest = f"{method} {path}: {'no body' if got_body is None else 'a body'} where {e.source} has {'none' if e.body is None else 'one'}"
                continue
            if got_body is not None and got_body != e.body:
                closest = f"{method} {path} against {e.source}: {describe_difference(got_body, e.body)}"
                continue
            return self.success(method, path, headers)
        STATE.fail(closest)
        return self.reason(400, "FakeMismatch")

    def success(self, method, path, headers):
        response = {"apns-id": headers.get("apns-id") or str(uuid.uuid4()).upper(), "apns-unique-id": str(uuid.uuid4())}
        if path.endswith("/channels") and method == "POST":
            channel = sorted(self.channels)[0] if self.channels else "Zml4dHVyZS1jaGFubmVs"
            return 201, {"apns-request-id": response["apns-id"], "apns-channel-id": channel}, None
        if path.endswith("/channels") and method == "GET":
            return 200, {}, json.dumps({"message-storage-policy": 0, "push-type": "LiveActivity"}).encode()
        if path.endswith("/channels") and method == "DELETE":
            return 204, {}, None
        if path.endswith("/all-channels"):
            return 200, {}, json.dumps({"channels": sorted(self.channels)}).encode()
        return 200, response, None

    @staticmethod
    def reason(status, reason, retry_after=None, extra=None):
        headers = {"apns-id": str(uuid.uuid4()).upper()}
        if retry_after is not None:
            headers["retry-after"] = str(retry_after)
        body = {"reason": reason}
        body.update(extra or {})
        return status, headers, json.dumps(body).encode()


class ApnsHandler(socketserver.BaseRequestHandler):
    """One TLS connection speaking HTTP/2, answered stream by stream."""

    def handle(self):
        sock = self.request
        with STATE.lock:
            STATE.apns_connections += 1
        conn = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
        conn.initiate_connection()
        sock.sendall(conn.data_to_send())
        streams = {}
        while True:
            try:
                data = sock.recv(65536)
            except (OSError, ssl.SSLError):
                return
            if not data:
                return
            try:
                events = conn.receive_data(data)
            except Exception as error:
                STATE.fail(f"HTTP/2 protocol error from the client: {error}")
                return
            for event in events:
                if isinstance(event, h2.events.RequestReceived):
                    streams[event.stream_id] = (dict(event.headers), bytearray())
                elif isinstance(event, h2.events.DataReceived):
                    if event.stream_id in streams:
                        streams[event.stream_id][1].extend(event.data)
                    conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                elif isinstance(event, h2.events.StreamEnded):
                    headers, body = streams.pop(event.stream_id, ({}, bytearray()))
                    answer = self.server.apns.answer(headers, bytes(body))
                    if answer is None:
                        try:
                            sock.shutdown(socket.SHUT_RDWR)
                        except OSError:
                            pass
                        sock.close()
                        return
                    status, response_headers, response_body = answer
                    pairs = [(":status", str(status))] + list(response_headers.items())
                    if response_body is not None:
                        pairs.append(("content-type", "application/json"))
                    conn.send_headers(event.stream_id, pairs, end_stream=response_body is None)
                    if response_body is not None:
                        conn.send_data(event.stream_id, response_body, end_stream=True)
            out = conn.data_to_send()
            if out:
                try:
                    sock.sendall(out)
                except OSError:
                    return


class TLSServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, context, handler):
        self.context = context
        super().__init__(("127.0.0.1", 0), handler)

    def get_request(self):
        sock, address = self.socket.accept()
        sock.settimeout(30)
        try:
            return self.context.wrap_socket(sock, server_side=True), address
        except (ssl.SSLError, OSError):
            sock.close()
            raise OSError("TLS handshake failed")


# ---------------------------------------------------------------- OAuth and FCM over HTTP/1.1

class FcmHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # A reply is two writes (head, then body): with Nagle's algorithm on, the body waits for
    # the client's delayed ACK, 40 ms a request.
    disable_nagle_algorithm = True

    def setup(self):
        super().setup()
        with STATE.lock:
            STATE.fcm_connections += 1

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=None):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length)
        fake = self.server.fake
        if self.path == "/token":
            return self.token(body, fake)
        if self.path == f"/v1/projects/{PROJECT_ID}/messages:send":
            return self.send_message(body, fake)
        STATE.fail(f"POST {self.path}: neither the token endpoint nor messages:send of project {PROJECT_ID}")
        self.reply(404, {"error": {"code": 404, "status": "NOT_FOUND", "message": "no such endpoint"}})

    def token(self, body, fake):
        with STATE.lock:
            STATE.oauth_requests += 1
        form = urllib.parse.parse_qs(body.decode("utf-8", "replace"))
        if form.get("grant_type") != ["urn:ietf:params:oauth:grant-type:jwt-bearer"] or len(form.get("assertion", [])) != 1:
            STATE.fail("POST /token: not a jwt-bearer grant with one assertion")
            return self.reply(400, {"error": "unsupported_grant_type"})
        try:
            verify_rs256(form["assertion"][0], fake.sa_public, fake.sa_key_id, fake.sa_email, fake.token_uri)
        except Exception as error:
            STATE.fail(f"POST /token: assertion refused: {error}")
            return self.reply(400, {"error": "invalid_grant", "error_description": "Invalid JWT"})
        token = "ya29.fake-" + uuid.uuid4().hex
        with STATE.lock:
            STATE.issued_access += 1
            STATE.access_tokens.add(token)
        self.reply(200, {"access_token": token, "expires_in": 3599, "token_type": "Bearer"})

    def fcm_error(self, status, rpc_status, code, retry=None):
        error = {"error": {"code": status, "message": f"fake {code}", "status": rpc_status,
                           "details": [{"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": code}]}}
        self.reply(status, error, {"retry-after": str(retry)} if retry is not None else None)

    def send_message(self, body, fake):
        with STATE.lock:
            STATE.fcm_requests += 1
        auth = self.headers.get("authorization", "")
        token = auth[len("Bearer "):] if auth.startswith("Bearer ") else None
        with STATE.lock:
            known = token in STATE.access_tokens
            expired = token in STATE.expired_access
        if not known or expired:
            if not known:
                STATE.fail("messages:send: no 'Authorization: Bearer <access token>' the token endpoint issued")
            error = {"error": {"code": 401, "status": "UNAUTHENTICATED", "message": "fake: access token expired or unknown"}}
            return self.reply(401, error)
        try:
            message = parse_json(body)
            got = canonical(message)
            target = dict(dict(message)["message"]).get("token")
        except Exception as error:
            STATE.fail(f"messages:send: body is not a JSON message: {error}")
            return self.fcm_error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT")
        if target in FCM_SCENARIOS:
            return self.fcm_error(*FCM_SCENARIOS[target])
        closest = None
        for source, expected in fake.fcm_expected:
            if got == expected:
                return self.reply(200, {"name": f"projects/{PROJECT_ID}/messages/{uuid.uuid4().hex}"})
            difference = describe_difference(got, expected)
            if closest is None or (difference and len(difference) < len(closest[1])):
                closest = (source, difference)
        STATE.fail(f"messages:send: matches no fixture; closest {closest[0]}: {closest[1]}" if closest else "messages:send: no fixtures loaded")
        self.fcm_error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT")


class FcmServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, context, fake):
        self.fake = fake
        super().__init__(("127.0.0.1", 0), FcmHandler)
        self.socket = context.wrap_socket(self.socket, server_side=True)


class ControlHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # A reply is two writes (head, then body): with Nagle's algorithm on, the body waits for
    # the client's delayed ACK, 40 ms a request.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, body):
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/stats":
            return self.reply(STATE.stats())
        self.send_error(404)

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        self.rfile.read(length)
        if self.path == "/reset":
            STATE.reset()
        elif self.path == "/expire-provider-tokens":
            with STATE.lock:
                STATE.expired_jwts |= STATE.provider_tokens
        elif self.path == "/expire-access-tokens":
            with STATE.lock:
                STATE.expired_access |= STATE.access_tokens
        else:
            return self.send_error(404)
        self.reply(STATE.stats())


# ---------------------------------------------------------------- credentials

def pem(data, path):
    with open(path, "wb") as f:
        f.write(data)
    return path


def make_credentials(folder):
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "livecontract test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(hours=1)).not_valid_after(now + datetime.timedelta(days=2))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    server_key = ec.generate_private_key(ec.SECP256R1())
    import ipaddress
    server = (x509.CertificateBuilder()
              .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])).issuer_name(ca_name)
              .public_key(server_key.public_key()).serial_number(x509.random_serial_number())
              .not_valid_before(now - datetime.timedelta(hours=1)).not_valid_after(now + datetime.timedelta(days=2))
              .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]), critical=False)
              .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
              .sign(ca_key, hashes.SHA256()))
    files = {
        "ca": pem(ca.public_bytes(serialization.Encoding.PEM), os.path.join(folder, "ca.pem")),
        "cert": pem(server.public_bytes(serialization.Encoding.PEM), os.path.join(folder, "server.pem")),
        "certKey": pem(server_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()), os.path.join(folder, "server.key")),
    }
    apns_key = ec.generate_private_key(ec.SECP256R1())
    files["p8"] = pem(apns_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()), os.path.join(folder, "key.p8"))
    sa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return files, apns_key.public_key(), sa_key


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--fixtures", action="append", default=[])
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    files, apns_public, sa_key = make_credentials(args.dir)
    expected, fcm_expected, tokens, channels = load_fixtures(args.fixtures)

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(files["cert"], files["certKey"])
    context.set_alpn_protocols(["h2"])
    apns_server = TLSServer(context, ApnsHandler)
    apns_server.apns = Apns(expected, tokens, channels, apns_public)

    fcm_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    fcm_context.load_cert_chain(files["cert"], files["certKey"])
    fcm_context.set_alpn_protocols(["http/1.1"])

    class FcmFake:
        pass

    fake = FcmFake()
    fake.fcm_expected = fcm_expected
    fake.sa_public = sa_key.public_key()
    fake.sa_key_id = uuid.uuid4().hex
    fake.sa_email = f"firebase-adminsdk@{PROJECT_ID}.iam.gserviceaccount.com"
    fcm_server = FcmServer(fcm_context, fake)
    fcm_port = fcm_server.server_address[1]
    fake.token_uri = f"https://127.0.0.1:{fcm_port}/token"
    account = {
        "type": "service_account",
        "project_id": PROJECT_ID,
        "private_key_id": fake.sa_key_id,
        "private_key": sa_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode(),
        "client_email": fake.sa_email,
        "client_id": "100000000000000000000",
        "token_uri": fake.token_uri,
    }
    files["serviceAccount"] = os.path.join(args.dir, "service-account.json")
    with open(files["serviceAccount"], "w") as f:
        json.dump(account, f, indent=2)

    control = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ControlHandler)
    control.daemon_threads = True
    for server in (apns_server, fcm_server, control):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    ready = {
        "apns": apns_server.server_address[1], "fcm": fcm_port, "control": control.server_address[1],
        "caFile": files["ca"], "p8File": files["p8"], "serviceAccountFile": files["serviceAccount"],
        "keyId": KEY_ID, "teamId": TEAM_ID, "projectId": PROJECT_ID,
        "fixtureRequests": len(expected), "fixtureMessages": len(fcm_expected),
    }
    print(json.dumps(ready), flush=True)
    # Serve until stdin closes (the test ends) or the process is killed.
    try:
        sys.stdin.read()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
