"""The fixed Python API of issue 17, driven from outside the project.

ServerAPIContractTests.swift runs this once for every generated module. It knows the module
only by its file and contract name and uses only the names the issue fixes for outside tests
(`<Name>Attributes`, `<Name>State`, `<Name>ContentState` with `from_json` and `to_json`,
`to_content_state`, `from_content_state`, `apns_payload`, `to_fcm_data`, `parse_fcm_data` and
its `attributes`, `state`, `issues`); every input comes from the fixtures on disk, as a tester
with nothing but the fixture folder would have it. It prints `outside-python: N passed, N failed`.
Usage: outside.py MANIFEST (a JSON list of {schema, contract, module, fixtures}).
"""
import importlib.util
import json
import math
import os
import random
import sys

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print('FAIL ' + what)


def differences(actual, expected, path='$'):
    """Where two JSON values differ: numbers by value (5 == 5.0), never a bool for a number."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return [] if type(actual) is type(expected) and actual == expected else [path + ': ' + repr(actual) + ' != ' + repr(expected)]
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return [] if actual == expected else [path + ': ' + repr(actual) + ' != ' + repr(expected)]
    if isinstance(expected, dict) and isinstance(actual, dict):
        if set(actual) != set(expected):
            return [path + ': keys ' + repr(sorted(actual)) + ' != ' + repr(sorted(expected))]
        return [d for key in expected for d in differences(actual[key], expected[key], path + '.' + key)]
    if isinstance(expected, list) and isinstance(actual, list):
        if len(actual) != len(expected):
            return [path + ': ' + str(len(actual)) + ' items != ' + str(len(expected))]
        return [d for i, (a, e) in enumerate(zip(actual, expected)) for d in differences(a, e, path + '[' + str(i) + ']')]
    return [] if type(actual) is type(expected) and actual == expected else [path + ': ' + repr(actual)[:200] + ' != ' + repr(expected)[:200]]


def same(actual, expected, what):
    found = differences(actual, expected)
    check(not found, what + ': ' + '; '.join(found[:3]))


def attempt(what, action):
    """Runs action; a raise is a failure named `what`. Returns its result or None."""
    try:
        return action()
    except Exception as error:  # the fixed API must not raise on fixture input
        check(False, what + ': raised ' + type(error).__name__ + ': ' + str(error)[:300])
        return None


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def as_json(value):
    return None if value is None else value.to_json()


def issue_json(issue):
    """An issue as fcm-malformed.json writes it: field, raw, reason and, when set, advice."""
    out = {'field': issue.field, 'raw': issue.raw, 'reason': issue.reason}
    if getattr(issue, 'advice', None) is not None:
        out['advice'] = issue.advice
    return out


def run_samples(m, name, samples, where):
    A, S, C = getattr(m, name + 'Attributes'), getattr(m, name + 'State'), getattr(m, name + 'ContentState')
    for file, fx in samples:
        at = where + '/' + file
        attributes = attempt(at + ' Attributes.from_json', lambda: A.from_json(fx['bridge']['attributes']))
        state = attempt(at + ' State.from_json', lambda: S.from_json(fx['bridge']['state']))
        if attributes is None or state is None:
            continue
        check(isinstance(attributes, A) and isinstance(state, S), at + ': from_json returns its class')
        same(attributes.to_json(), fx['bridge']['attributes'], at + ' Attributes.from_json(bridge.attributes).to_json()')
        same(state.to_json(), fx['bridge']['state'], at + ' State.from_json(bridge.state).to_json()')
        content = attempt(at + ' to_content_state', lambda: m.to_content_state(state))
        if content is None:
            continue
        check(isinstance(content, C), at + ': to_content_state returns ' + name + 'ContentState')
        same(content.to_json(), fx['contentState'], at + ' to_content_state(State.from_json(bridge.state)).to_json() vs contentState')
        read = attempt(at + ' ContentState.from_json', lambda: C.from_json(fx['contentState']))
        if read is not None:
            same(read.to_json(), fx['contentState'], at + ' ContentState.from_json(contentState).to_json()')
            back = attempt(at + ' from_content_state', lambda: m.from_content_state(read))
            if back is not None:
                check(isinstance(back, S), at + ': from_content_state returns ' + name + 'State')
                same(m.to_content_state(back).to_json(), fx['contentState'], at + ' to_content_state(from_content_state(cs))')
        # Every APNs body of the fixture, built from its apnsOptions as they are on disk, each
        # event given its own options (the builders refuse a dismissal date on an update or start).
        options = fx['apnsOptions']
        for event in ('update', 'end', 'start'):
            if event not in fx['apns']:
                continue
            body = attempt(at + ' apns_payload ' + event, lambda: m.apns_payload(
                event, content, timestamp_ms=options['timestampMs'],
                stale_date_ms=options.get('staleDateMs') if event == 'update' else None,
                dismissal_date_ms=options.get('dismissalDateMs') if event == 'end' else None,
                relevance_score=options.get('relevanceScore') if event == 'update' else None,
                alert=options.get('alert') if event != 'end' else None, attributes=attributes if event == 'start' else None))
            if body is not None:
                same(body, fx['apns'][event], at + ' apns_payload(' + event + ')')
        data = attempt(at + ' to_fcm_data', lambda: m.to_fcm_data(attributes, state, fx['fcmEnvelope']))
        if data is not None:
            check(isinstance(data, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()),
                  at + ': to_fcm_data returns dict[str, str]')
            check(data == fx['fcmData'], at + ' to_fcm_data vs fcmData: ' + repr(sorted(set(data.items()) ^ set(fx['fcmData'].items())))[:400])
        parsed = attempt(at + ' parse_fcm_data', lambda: m.parse_fcm_data(fx['fcmData']))
        if parsed is not None:
            check(parsed.issues == [], at + ' parse_fcm_data(fcmData) has no issues: ' + repr(parsed.issues)[:300])
            check(parsed.attributes is not None and parsed.state is not None, at + ': parse_fcm_data(fcmData) reads both halves')
            if parsed.attributes is not None and parsed.state is not None:
                same(parsed.attributes.to_json(), attributes.to_json(), at + ' parse_fcm_data(fcmData).attributes')
                same(m.to_content_state(parsed.state).to_json(), fx['contentState'], at + ' parse_fcm_data(fcmData).state')


def run_malformed(m, cases, where):
    for case in cases:
        at = where + '/fcm-malformed ' + case['name']
        result = attempt(at, lambda: m.parse_fcm_data(case['data']))
        if result is None:
            continue
        same(as_json(result.attributes), case['expected']['attributes'], at + ' attributes')
        same(as_json(result.state), case['expected']['state'], at + ' state')
        same([issue_json(i) for i in result.issues], case['issues'], at + ' issues')


def run_decode_cases(m, name, cases, where):
    C = getattr(m, name + 'ContentState')
    for case in cases:
        at = where + '/decode-cases ' + case['name']
        try:
            read = C.from_json(case['contentState'])
        except (TypeError, ValueError) as error:
            check(not case['decodes'], at + ': Swift decodes it, from_json raised ' + str(error)[:200])
            continue
        except Exception as error:
            check(False, at + ': from_json raised ' + type(error).__name__ + ', not TypeError/ValueError')
            continue
        check(case['decodes'], at + ': Swift refuses it, from_json read it')
        if case['decodes']:
            same(read.to_json(), case['expected'], at + ' from_json(...).to_json() vs expected')


# Values no FCM map should hold, and a few it may: each goes in as a whole map or a value.
NASTY_TEXT = ['', ' ', 'null', 'true', 'false', '0', '-0', '1', '-1', '1.5', '1e400', '-1e400', 'NaN', 'Infinity', '9' * 400,
              '2147483648', '-2147483649', '9007199254740993', '0x10', '+1', '01', '1_000', '[]', '{}', '[null]', '{"a":null}',
              '[' * 5000, '{"a":' * 5000, '"text"', '[1,2', '{"home":1}', '[0,1]', '[1,0]', '\ud800', '\x00', 'caf\u00e9',
              'https://example.com/a', 'not a url', 'http://', '%', '12345678-1234-1234-1234-123456789abc', 'start', 'update', 'end']
NASTY_VALUES = [None, 0, 1, -1, 1.5, float('nan'), float('inf'), True, False, [], {}, ['x'], {'a': 'b'}, b'bytes', object(), 10 ** 30]


def run_garbage(m, name, samples, cases, where, rng):
    """parse_fcm_data never raises, whatever it is given; what it reads can be sent again."""
    A, S, C = getattr(m, name + 'Attributes'), getattr(m, name + 'State'), getattr(m, name + 'ContentState')
    bases = [fx['fcmData'] for _, fx in samples] + [case['data'] for case in cases]
    envelope = samples[0][1]['fcmEnvelope'] if samples else {'activityId': 'a', 'event': 'update', 'sentAtMs': 1742064420000}
    keys = sorted({key for base in bases for key in base})
    inputs = [None, 0, 'text', [], [('activityId', 'a')], {1: 2}, {None: None}, set(), object(), float('nan'), b'x']
    for _ in range(150):
        data = dict(rng.choice(bases)) if bases else {}
        for _ in range(rng.randint(1, 4)):
            key = rng.choice(keys + ['zzz', '', '__proto__']) if keys else 'zzz'
            roll = rng.random()
            if roll < 0.15:
                data.pop(key, None)
            elif roll < 0.3:
                data[key] = rng.choice(NASTY_VALUES)
            elif roll < 0.4 and bases:
                data[key] = rng.choice(list(rng.choice(bases).values()) or [''])
            else:
                data[key] = rng.choice(NASTY_TEXT)
        inputs.append(data)
    raised = 0
    resend_failures = []
    for data in inputs:
        try:
            result = m.parse_fcm_data(data)
            issues = result.issues
            ok = isinstance(issues, list) and (result.state is None or isinstance(result.state, S)) \
                and (result.attributes is None or isinstance(result.attributes, A))
        except BaseException as error:  # RecursionError and the rest: parse_fcm_data promises none
            raised += 1
            print('  parse_fcm_data(' + repr(data)[:160] + ') raised ' + type(error).__name__ + ': ' + str(error)[:160])
            continue
        check(ok, where + ': parse_fcm_data returns attributes, state and a list of issues for ' + repr(data)[:160])
        if result.state is None or result.attributes is None:
            continue
        # A server relays what it read: the state converts and goes out again, and reads back whole.
        try:
            content = m.to_content_state(result.state)
            check(isinstance(content, C), where + ': to_content_state of a parsed state')
            again = m.parse_fcm_data(m.to_fcm_data(result.attributes, result.state, envelope))
            left = [i.reason for i in again.issues if i.reason != 'seconds']
            if again.state is None or again.attributes is None or left:
                resend_failures.append(repr(data)[:200] + ' -> ' + repr([issue_json(i) for i in again.issues])[:200])
        except Exception as error:
            resend_failures.append(repr(data)[:200] + ' -> ' + type(error).__name__ + ': ' + str(error)[:200])
    check(raised == 0, where + ': parse_fcm_data raised for ' + str(raised) + ' of ' + str(len(inputs)) + ' garbage inputs')
    check(not resend_failures, where + ': a parsed FCM map does not go out and back whole (' + str(len(resend_failures)) + '): '
          + ' | '.join(resend_failures[:3]))
    # from_json raises TypeError or ValueError for what it refuses, never anything else.
    wrong = []
    for _, fx in samples[:3]:
        for kind, shape in ((S, fx['bridge']['state']), (C, fx['contentState']), (A, fx['bridge']['attributes'])):
            for _ in range(30):
                value = json.loads(json.dumps(shape))
                if value and rng.random() < 0.9:
                    value[rng.choice(sorted(value))] = rng.choice(NASTY_VALUES[:13] + NASTY_TEXT[:20])
                else:
                    value = rng.choice(NASTY_VALUES)
                try:
                    kind.from_json(value)
                except (TypeError, ValueError):
                    pass
                except BaseException as error:
                    wrong.append(kind.__name__ + '.from_json(' + repr(value)[:120] + '): ' + type(error).__name__)
    check(not wrong, where + ': from_json raised something other than TypeError/ValueError: ' + ' | '.join(wrong[:3]))


def main():
    with open(sys.argv[1], encoding='utf-8') as handle:
        manifest = json.load(handle)
    rng = random.Random(17)
    for entry in manifest:
        where = entry['schema']
        before = (passed, failed)
        m = attempt(where + ': import', lambda: load(entry['module'], 'outside_' + entry['schema']))
        if m is None:
            continue
        name = entry['contract']
        for fixed in ('Attributes', 'State', 'ContentState'):
            kind = getattr(m, name + fixed, None)
            check(callable(getattr(kind, 'from_json', None)) and callable(getattr(kind, 'to_json', None)),
                  where + ': ' + name + fixed + ' has from_json and to_json')
        for function in ('to_content_state', 'from_content_state', 'apns_payload', 'to_fcm_data', 'parse_fcm_data'):
            check(callable(getattr(m, function, None)), where + ': ' + function + ' exists')
        folder = entry['fixtures']
        samples, malformed, decode = [], [], []
        for file in sorted(os.listdir(folder)):
            with open(os.path.join(folder, file), encoding='utf-8') as handle:
                document = json.load(handle)
            if 'bridge' in document:
                samples.append((file, document))
            elif file == 'fcm-malformed.json':
                malformed = document['cases']
            elif file == 'decode-cases.json':
                decode = document['cases']
        check(len(samples) > 0 and len(malformed) > 0 and len(decode) > 0, where + ': fixtures have samples, malformed maps and decode cases')
        run_samples(m, name, samples, where)
        run_malformed(m, malformed, where)
        run_decode_cases(m, name, decode, where)
        run_garbage(m, name, samples, malformed, where, rng)
        print('schema ' + where + ': ' + str(passed - before[0]) + ' passed, ' + str(failed - before[1]) + ' failed')
    print('outside-python: ' + str(passed) + ' passed, ' + str(failed) + ' failed')
    sys.exit(1 if failed else 0)


main()
