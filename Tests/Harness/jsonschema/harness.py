"""The JSON Schema half of the cross-language proof (JSONSchemaHarnessTests runs it).

Reads a manifest of generated schemas: for each, the folder of json-schema documents, the
fixtures folder, the FCM keys whose values are JSON text and the envelope's event key.
Every document must be a valid 2020-12 schema; every fixture payload must pass its document;
every decode case must pass exactly when Swift decodes it; every malformed FCM map must pass
exactly when the parsers read it without a missing or invalid value (JSON text content is
not checked by a validator: docs/json-schema.md). Prints one line per failure and
`json-schema: N passed, N failed`.
"""
import copy
import json
import os
import sys

from jsonschema import Draft202012Validator
from jsonschema.validators import validator_for

DOCUMENTS = ["content-state", "attributes", "apns-start", "apns-update", "apns-end", "apns-broadcast",
             "fcm-data", "bridge-state", "bridge-attributes"]


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, label, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {label}{': ' + detail if detail else ''}")


def first_error(validator, instance):
    error = next(iter(validator.iter_errors(instance)), None)
    return None if error is None else f"{'/'.join(map(str, error.absolute_path))}: {error.message}"[:300]


def expect(tally, validator, label, instance, valid):
    error = first_error(validator, instance)
    if valid:
        tally.check(label, error is None, error or "")
    else:
        tally.check(label, error is not None, "accepted, but must be refused")


def with_aps(body, **changes):
    body = copy.deepcopy(body)
    for key, value in changes.items():
        key = key.replace("_", "-")
        if value is None:
            body["aps"].pop(key, None)
        else:
            body["aps"][key] = value
    return body


def check_schema(tally, entry):
    name, folder = entry["schema"], entry["documents"]
    validators = {}
    for document in DOCUMENTS:
        path = os.path.join(folder, document + ".schema.json")
        with open(path, encoding="utf-8") as handle:
            schema = json.load(handle)
        # The document says which draft it is, so any validator picks 2020-12 by itself.
        tally.check(f"{name}/{document}: declares 2020-12", schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema"
                    and validator_for(schema) is Draft202012Validator, str(schema.get("$schema")))
        try:
            Draft202012Validator.check_schema(schema)
            tally.check(f"{name}/{document}: valid 2020-12 schema", True)
        except Exception as error:  # SchemaError: report and go on with the others
            tally.check(f"{name}/{document}: valid 2020-12 schema", False, str(error)[:300])
            continue
        validators[document] = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    if len(validators) != len(DOCUMENTS):
        return
    fixtures = entry["fixtures"]
    for file_name in sorted(os.listdir(fixtures)):
        with open(os.path.join(fixtures, file_name), encoding="utf-8") as handle:
            fixture = json.load(handle)
        label = f"{name}/{file_name}"
        if "example" in fixture:
            check_sample(tally, validators, label, fixture, entry)
        elif file_name == "decode-cases.json":
            for case in fixture["cases"]:
                expect(tally, validators["content-state"], f"{label} {case['name']}", case["contentState"], case["decodes"])
                if case["decodes"]:
                    expect(tally, validators["content-state"], f"{label} {case['name']} expected", case["expected"], True)
        elif file_name == "fcm-malformed.json":
            for case in fixture["cases"]:
                expect(tally, validators["fcm-data"], f"{label} {case['name']}", case["data"], reads_cleanly(case, entry))
        elif file_name == "fcm-ordering.json":
            # A step whose map lacks a key of the first step's (the activity id or the send
            # time) or names an unknown event is what the FCM document refuses.
            first = fixture["steps"][0]["data"]
            for step in fixture["steps"]:
                refused = step["expected"] == "drop-unknown-event" or any(key not in step["data"] for key in first)
                expect(tally, validators["fcm-data"], f"{label} {step['name']}", step["data"], not refused)


def reads_cleanly(case, entry):
    """Whether the parsers read the map without a missing or invalid value (the document's
    promise); an invalid JSON text value is the one thing a validator leaves unchecked."""
    for issue in case["issues"]:
        if issue["reason"] == "missing":
            return False
        if issue["reason"] == "invalid" and issue["field"] not in entry["jsonTextKeys"]:
            return False
        if issue["reason"] == "unknown-case" and issue["field"] == entry["eventKey"]:
            return False
    return True


def check_sample(tally, v, label, fixture, entry):
    apns = fixture["apns"]
    passing = [
        ("content-state", "contentState", fixture["contentState"]),
        ("attributes", "apnsAttributes", fixture["apnsAttributes"]),
        ("bridge-state", "bridge.state", fixture["bridge"]["state"]),
        ("bridge-attributes", "bridge.attributes", fixture["bridge"]["attributes"]),
        ("fcm-data", "fcmData", fixture["fcmData"]),
        ("fcm-data", "fcmMessage.message.data", fixture["fcmMessage"]["message"]["data"]),
        ("apns-update", "apns.update", apns["update"]),
        ("apns-end", "apns.end", apns["end"]),
        ("apns-start", "apns.start", apns["start"]),
    ]
    for key, body in apns.get("startWithInputs", {}).items():
        passing.append(("apns-start", f"apns.startWithInputs.{key}", body))
    if "apnsRequest" in fixture:
        body = fixture["apnsRequest"]["body"]
        passing.append((f"apns-{body['aps']['event']}", "apnsRequest.body", body))
    for event, request in fixture.get("broadcast", {}).items():
        passing.append((f"apns-{event}", f"broadcast.{event}.body", request["body"]))
        passing.append(("apns-broadcast", f"broadcast.{event}.body", request["body"]))
    for event, message in fixture.get("fcmLiveActivity", {}).items():
        passing.append((f"apns-{event}", f"fcmLiveActivity.{event}", message["message"]["apns"]["payload"]))
    for document, what, instance in passing:
        expect(tally, v[document], f"{label} {what} against {document}", instance, True)

    start, update, end = apns["start"], apns["update"], apns["end"]
    millis = update["aps"]["timestamp"] * 1000
    refused = [
        ("apns-update", "update with the timestamp in ms", with_aps(update, timestamp=millis)),
        ("apns-update", "update without a timestamp", with_aps(update, timestamp=None)),
        ("apns-update", "update without content-state", with_aps(update, content_state=None)),
        ("apns-update", "the end body", end),
        ("apns-end", "end with the event update", with_aps(end, event="update")),
        ("apns-start", "start without attributes", with_aps(start, attributes=None)),
        ("apns-start", "start with another attributes-type", with_aps(start, attributes_type="Attributes")),
        ("apns-start", "start asking for a token and a channel", with_aps(start, input_push_token=1, input_push_channel="Zml4dHVyZS1jaGFubmVs")),
        ("apns-broadcast", "a start sent to a channel", start),
        ("fcm-data", "data without the event", {k: v for k, v in fixture["fcmData"].items() if k != entry["eventKey"]}),
        ("fcm-data", "data with a number value", dict(fixture["fcmData"], **{entry["eventKey"]: 1})),
    ]
    # The bridge object sent as content-state (the trap the fixtures exist for): refused
    # when it lacks a key the widget needs.
    required = v["content-state"].schema.get("required", [])
    if any(key not in fixture["bridge"]["state"] for key in required):
        refused.append(("content-state", "the bridge state as content-state", fixture["bridge"]["state"]))
    for document, what, instance in refused:
        expect(tally, v[document], f"{label} {what}", instance, False)


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        manifest = json.load(handle)
    tally = Tally()
    for entry in manifest:
        check_schema(tally, entry)
    print(f"json-schema: {tally.passed} passed, {tally.failed} failed")
    sys.exit(1 if tally.failed else 0)


if __name__ == "__main__":
    main()
