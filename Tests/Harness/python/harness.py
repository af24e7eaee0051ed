"""Cross-language proof for the Python output, run by PythonHarnessTests.swift: every generated
module must turn each fixture's bridge objects into exactly that fixture's APNs and FCM shapes,
push bodies and requests, read them back, and parse every malformed FCM map exactly as
docs/wire.md says. Usage: python3 harness.py entries.json (written by the Swift test)."""

import copy
import dataclasses
import importlib.util
import json
import math
import os
import sys

passed = 0
failed = 0


def record(label, ok, detail):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print('FAIL ' + label + '\n  ' + detail)


def canon(value):
    """A comparable form of JSON data that keeps what Python's == blurs: True is not 1, a
    list is not a tuple of the same items only when shapes differ, and key order counts."""
    if isinstance(value, bool):
        return ('bool', value)
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return ('bad-number', repr(value))
        return ('number', float(value))
    if isinstance(value, str):
        return ('string', value)
    if value is None:
        return ('null',)
    if isinstance(value, (list, tuple)):
        return ('list', [canon(item) for item in value])
    if isinstance(value, dict):
        return ('object', [(key, canon(item)) for key, item in value.items()])
    return ('not-json', type(value).__name__)


def same(label, compute, expected):
    try:
        actual = compute()
    except Exception as error:  # noqa: BLE001 - any failure is a failed check
        record(label, False, 'raised ' + type(error).__name__ + ': ' + str(error))
        return
    ok = canon(actual) == canon(expected)
    record(label, ok, 'expected ' + json.dumps(expected) + '\n  actual   ' + json.dumps(actual, default=repr))


def raises(label, compute, fragment):
    try:
        compute()
    except Exception as error:  # noqa: BLE001
        message = str(error)
        record(label, fragment in message, 'raised ' + message + ', expected a message with ' + fragment)
        return
    record(label, False, 'did not raise')


def read_json(path):
    with open(path, encoding='utf-8') as handle:
        return json.load(handle)


def load(entry):
    spec = importlib.util.spec_from_file_location('contract_' + entry['name'], entry['module'])
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


class Contract:
    """The module of one contract and its classes, found by the fixed names."""

    def __init__(self, entry, module):
        self.entry = entry
        self.m = module
        name = entry['contract']
        self.Attributes = getattr(module, name + 'Attributes')
        self.State = getattr(module, name + 'State')
        self.ContentState = getattr(module, name + 'ContentState')
        self.ApnsAttributes = getattr(module, name + 'ApnsAttributes')

    def options(self, fx, event):
        o = fx['apnsOptions']
        alert = o.get('alert')
        keywords = {'timestamp_ms': o['timestampMs']}
        # Each event's own options: the builders refuse a dismissal date on an update or start.
        names = {'staleDateMs': 'stale_date_ms', 'dismissalDateMs': 'dismissal_date_ms', 'relevanceScore': 'relevance_score'}
        takes = {'update': ('staleDateMs', 'relevanceScore'), 'end': ('dismissalDateMs',), 'start': ()}[event]
        for key, python in names.items():
            if key in o and key in takes:
                keywords[python] = o[key]
        if alert is not None and event != 'end':
            keywords['alert'] = self.m.ApnsAlert(title=alert['title'], body=alert['body'])
        return keywords

    def halves(self, fx):
        return self.Attributes.from_json(fx['bridge']['attributes']), self.State.from_json(fx['bridge']['state'])


def envelope_read(sent):
    return {key: sent.get(key) for key in ('activityId', 'event', 'sentAtMs', 'staleAtMs', 'dismissAtMs')}


def check_sample(c, file, fx):
    m = c.m
    at = c.entry['name'] + '/' + file + ': '
    bridge = fx['bridge']
    attributes, state = c.halves(fx)
    same(at + 'State round trip', lambda: state.to_json(), bridge['state'])
    same(at + 'Attributes round trip', lambda: attributes.to_json(), bridge['attributes'])
    for kind, fields, value in (('attributes', c.entry['attributeNames'], attributes), ('state', c.entry['stateNames'], state)):
        for wire, attribute in fields:
            record(at + kind + ' field ' + wire + ' is attribute ' + attribute,
                   hasattr(value, attribute) and wire in value.to_json() or wire not in bridge[kind],
                   'no attribute ' + attribute + ' or no key ' + wire)
    same(at + 'to_content_state', lambda: m.to_content_state(state).to_json(), fx['contentState'])
    same(at + 'to_apns_attributes', lambda: m.to_apns_attributes(attributes).to_json(), fx['apnsAttributes'])
    envelope = m.FcmEnvelope.from_json(fx['fcmEnvelope'])
    same(at + 'to_fcm_data', lambda: m.to_fcm_data(attributes, state, envelope), fx['fcmData'])
    token = fx['fcmMessage']['message']['token']
    same(at + 'fcm_message', lambda: m.fcm_message(token, attributes, state, envelope), fx['fcmMessage'])
    content_state = m.to_content_state(state)
    apns_attributes = m.to_apns_attributes(attributes)
    same(at + 'apns_payload update', lambda: m.apns_payload('update', content_state, **c.options(fx, 'update')), fx['apns']['update'])
    same(at + 'apns_payload end', lambda: m.apns_payload('end', content_state, **c.options(fx, 'end')), fx['apns']['end'])
    same(at + 'apns_payload start', lambda: m.apns_payload('start', content_state, attributes=apns_attributes, **c.options(fx, 'start')), fx['apns']['start'])
    same(at + 'json_text of the update equals JSON.stringify of the fixture',
         lambda: m.json_text(m.apns_payload('update', content_state, **c.options(fx, 'update'))), m.json_text(fx['apns']['update']))
    check_routes(c, at, fx, content_state, apns_attributes)
    expected = {'envelope': envelope_read(fx['fcmEnvelope']), 'attributes': bridge['attributes'], 'state': bridge['state'], 'issues': []}
    same(at + 'parse_fcm_data', lambda: m.parse_fcm_data(fx['fcmData']).to_json(), expected)
    same(at + 'ContentState round trip', lambda: c.ContentState.from_json(fx['contentState']).to_json(), fx['contentState'])
    same(at + 'from_content_state', lambda: m.from_content_state(c.ContentState.from_json(fx['contentState'])).to_json(), bridge['state'])
    same(at + 'from_apns_attributes', lambda: m.from_apns_attributes(c.ApnsAttributes.from_json(fx['apnsAttributes'])).to_json(), bridge['attributes'])
    if file == 'edge-absent.json':
        bare_attributes, bare_state = copy.deepcopy(bridge['attributes']), copy.deepcopy(bridge['state'])
        for key in c.entry['defaultedAttributes']:
            bare_attributes.pop(key, None)
        for key in c.entry['defaultedState']:
            bare_state.pop(key, None)
        same(at + 'defaults fill to_content_state', lambda: m.to_content_state(c.State.from_json(bare_state)).to_json(), fx['contentState'])
        same(at + 'defaults fill to_apns_attributes', lambda: m.to_apns_attributes(c.Attributes.from_json(bare_attributes)).to_json(), fx['apnsAttributes'])
        same(at + 'defaults fill to_fcm_data',
             lambda: m.to_fcm_data(c.Attributes.from_json(bare_attributes), c.State.from_json(bare_state), envelope), fx['fcmData'])


def check_routes(c, at, fx, content_state, apns_attributes):
    m = c.m
    io = fx['routeInputs']
    delivery = m.ApnsDelivery(priority=io['priority'], expiration_ms=io['expirationMs'])
    update = lambda: m.apns_payload('update', content_state, **c.options(fx, 'update'))  # noqa: E731
    end = lambda: m.apns_payload('end', content_state, **c.options(fx, 'end'))  # noqa: E731
    start_options = {key: value for key, value in c.options(fx, 'start').items() if key in ('timestamp_ms', 'alert')}
    same(at + 'apns_token_request', lambda: m.apns_token_request(io['activityToken'], io['bundleId'], update(), delivery).to_json(), fx['apnsRequest'])
    same(at + 'apns_start_payload push_token',
         lambda: m.apns_start_payload(content_state, apns_attributes, push_token=True, **start_options), fx['apns']['startWithInputs']['pushToken'])
    same(at + 'apns_start_payload channel',
         lambda: m.apns_start_payload(content_state, apns_attributes, channel_id=io['channelId'], **start_options), fx['apns']['startWithInputs']['channel'])
    broadcast_delivery = m.ApnsDelivery(priority=io['broadcastPriority'], expiration_ms=io['broadcastExpirationMs'])
    for event in ('update', 'end'):
        same(at + 'broadcast_request ' + event,
             lambda: m.broadcast_request(io['bundleId'], io['channelId'], m.broadcast_payload(event, content_state, **c.options(fx, event)), broadcast_delivery).to_json(),
             fx['broadcast'][event])
    same(at + 'create_channel_request', lambda: m.create_channel_request(io['bundleId'], io['storagePolicy']).to_json(), fx['channels']['create'])
    same(at + 'read_channel_request', lambda: m.read_channel_request(io['bundleId'], io['channelId']).to_json(), fx['channels']['read'])
    same(at + 'delete_channel_request', lambda: m.delete_channel_request(io['bundleId'], io['channelId']).to_json(), fx['channels']['delete'])
    same(at + 'list_channels_request', lambda: m.list_channels_request(io['bundleId']).to_json(), fx['channels']['list'])
    start = lambda: m.apns_start_payload(content_state, apns_attributes, push_token=True, **start_options)  # noqa: E731
    same(at + 'fcm_live_activity_message start', lambda: m.fcm_live_activity_message(io['fcmToken'], io['pushToStartToken'], start(), delivery), fx['fcmLiveActivity']['start'])
    same(at + 'fcm_live_activity_message update', lambda: m.fcm_live_activity_message(io['fcmToken'], io['activityToken'], update(), delivery), fx['fcmLiveActivity']['update'])
    same(at + 'fcm_live_activity_message end', lambda: m.fcm_live_activity_message(io['fcmToken'], io['activityToken'], end(), delivery), fx['fcmLiveActivity']['end'])


def check_route_refusals(c, fx):
    m = c.m
    at = c.entry['name'] + ': '
    io = fx['routeInputs']
    attributes, state = c.halves(fx)
    content_state = m.to_content_state(state)
    apns_attributes = m.to_apns_attributes(attributes)
    update = m.apns_payload('update', content_state, **c.options(fx, 'update'))
    delivery = m.ApnsDelivery
    raises(at + 'token route refuses priority 1', lambda: m.apns_token_request(io['activityToken'], io['bundleId'], update, delivery(1, 0)), 'apns-priority 5, 10')
    raises(at + 'FCM Live Activity refuses priority 1', lambda: m.fcm_live_activity_message(io['fcmToken'], io['activityToken'], update, delivery(1, 0)), 'apns-priority 5, 10')
    raises(at + 'broadcast refuses priority 7', lambda: m.broadcast_request(io['bundleId'], io['channelId'], update, delivery(7, 0)), 'apns-priority 1, 5, 10')
    raises(at + 'broadcast refuses a non-base64 channel id', lambda: m.broadcast_request(io['bundleId'], 'not a channel!', update, delivery(10, 0)), 'base64')
    raises(at + 'negative expiration raises', lambda: m.apns_token_request(io['activityToken'], io['bundleId'], update, delivery(10, -1)), 'expiration_ms')
    raises(at + 'broadcast refuses a start', lambda: m.broadcast_payload('start', content_state, timestamp_ms=fx['apnsOptions']['timestampMs']), "'update' or 'end'")
    start = m.apns_payload('start', content_state, attributes=apns_attributes, **c.options(fx, 'start'))
    raises(at + 'broadcast_request refuses a start body', lambda: m.broadcast_request(io['bundleId'], io['channelId'], start, delivery(10, 0)), "'update' or 'end'")
    raises(at + 'start refuses both inputs',
           lambda: m.apns_start_payload(content_state, apns_attributes, timestamp_ms=fx['apnsOptions']['timestampMs'], push_token=True, channel_id=io['channelId']), 'not both')
    raises(at + 'start refuses an empty channel', lambda: m.apns_start_payload(content_state, apns_attributes, timestamp_ms=fx['apnsOptions']['timestampMs'], channel_id=''), 'channel id')
    now = fx['apnsOptions']['timestampMs']
    alert = fx['apnsOptions']['alert']
    raises(at + 'start without attributes raises', lambda: m.apns_payload('start', content_state, timestamp_ms=now, alert=alert), 'needs the attributes')
    check_lifecycle(c, at, content_state, apns_attributes, now, alert)
    raises(at + 'channel storage policy 2 raises', lambda: m.create_channel_request(io['bundleId'], 2), 'message-storage-policy')
    same(at + 'expiration 0 means do not store',
         lambda: m.apns_token_request(io['activityToken'], io['bundleId'], update, delivery(5, 0)).headers['apns-expiration'], '0')


def lifecycle_rule(m, compute):
    """The rule of the ApnsLifecycleError `compute` raises, or what happened instead."""
    try:
        compute()
    except m.ApnsLifecycleError as error:
        return error.rule
    except Exception as error:  # noqa: BLE001
        return 'raised ' + type(error).__name__ + ': ' + str(error)
    return 'did not raise'


def check_lifecycle(c, at, content_state, apns_attributes, now, alert):
    """What APNs accepts and the device drops: each builder refuses it with ApnsLifecycleError
    naming validate's rule (docs/wire.md, "Lifecycle rules")."""
    m = c.m
    cases = [
        ('start without alert', 'apns-start-alert', lambda: m.apns_payload('start', content_state, timestamp_ms=now, attributes=apns_attributes)),
        ('start with inputs without alert', 'apns-start-alert',
         lambda: m.apns_start_payload(content_state, apns_attributes, timestamp_ms=now, push_token=True)),
        ('stale date at the timestamp', 'apns-stale-date', lambda: m.apns_payload('update', content_state, timestamp_ms=now, stale_date_ms=now)),
        ('stale date before the timestamp', 'apns-stale-date',
         lambda: m.apns_payload('update', content_state, timestamp_ms=now, stale_date_ms=now - 94_608_000_000)),
        ('broadcast stale date before the timestamp', 'apns-stale-date',
         lambda: m.broadcast_payload('update', content_state, timestamp_ms=now, stale_date_ms=now - 1000)),
        ('dismissal date on an update', 'apns-dismissal-event',
         lambda: m.apns_payload('update', content_state, timestamp_ms=now, dismissal_date_ms=now + 60_000)),
        ('dismissal date on a start', 'apns-dismissal-event',
         lambda: m.apns_payload('start', content_state, timestamp_ms=now, dismissal_date_ms=now + 60_000, alert=alert, attributes=apns_attributes)),
        ('timestamp in seconds', 'apns-timestamp-range', lambda: m.apns_payload('update', content_state, timestamp_ms=now // 1000)),
        ('timestamp in microseconds', 'apns-timestamp-range', lambda: m.apns_payload('end', content_state, timestamp_ms=now * 1000)),
        ('stale date in seconds', 'apns-timestamp-range',
         lambda: m.apns_payload('update', content_state, timestamp_ms=now, stale_date_ms=now // 1000 + 900)),
    ]
    for name, rule, compute in cases:
        same(at + 'lifecycle: ' + name, lambda compute=compute: lifecycle_rule(m, compute), rule)
    same(at + 'lifecycle: ApnsLifecycleError is a ValueError', lambda: issubclass(m.ApnsLifecycleError, ValueError), True)
    same(at + 'lifecycle: a start with an alert builds',
         lambda: 'alert' in m.apns_payload('start', content_state, timestamp_ms=now, alert=alert, attributes=apns_attributes)['aps'], True)


def check_limits(c, fx):
    m = c.m
    at = c.entry['name'] + ': '
    attributes, state = c.halves(fx)
    timestamp = fx['apnsOptions']['timestampMs']
    headers = {'apns-push-type': 'liveactivity', 'apns-topic': 'com.example.app.push-type.liveactivity', 'apns-priority': '10'}
    same(at + 'apns_headers', lambda: m.apns_headers('com.example.app'), headers)
    same(at + 'apns_headers priority 5', lambda: m.apns_headers('com.example.app', 5)['apns-priority'], '5')
    raises(at + 'apns_headers refuses priority 7', lambda: m.apns_headers('com.example.app', 7), 'apns-priority')
    size = lambda value: len(m.json_text(value).encode('utf-8'))  # noqa: E731
    fields = c.entry['stringFields']
    if fields:
        field = fields[0]
        sized = lambda text: c.State.from_json(dict(fx['bridge']['state'], **{field: text}))  # noqa: E731
        update = lambda text: m.apns_payload('update', m.to_content_state(sized(text)), timestamp_ms=timestamp)  # noqa: E731
        room = 4096 - size(update(''))
        rockets = room // 4
        same(at + 'update of exactly the limit passes', lambda: size(update('\U0001F680' * rockets + 'x' * (room % 4))), 4096)
        raises(at + 'update one byte over the limit raises', lambda: update('\U0001F680' * rockets + 'x' * (room % 4 + 1)), '4096')
        broadcast = lambda text: m.broadcast_payload('update', m.to_content_state(sized(text)), timestamp_ms=timestamp)  # noqa: E731
        broadcast_room = 5120 - size(broadcast(''))
        same(at + 'broadcast of exactly 5120 bytes passes', lambda: size(broadcast('x' * broadcast_room)), 5120)
        raises(at + 'broadcast one byte over 5120 raises', lambda: broadcast('x' * (broadcast_room + 1)), '5120')
        envelope = m.FcmEnvelope.from_json(fx['fcmEnvelope'])
        raises(at + 'oversized fcm_message raises', lambda: m.fcm_message('token', attributes, sized('x' * 5000), envelope), '4096')
    for bound in c.entry['bounded']:
        step = 1 if bound['isInt'] else 0.5
        sent = lambda value: c.State.from_json(dict(fx['bridge']['state'], **{bound['wire']: value}))  # noqa: E731
        apns = lambda value: m.to_content_state(sent(value)).to_json()[bound['name']]  # noqa: E731
        envelope = m.FcmEnvelope.from_json(fx['fcmEnvelope'])
        fcm = lambda value: m.to_fcm_data(attributes, sent(value), envelope)[bound['wire']]  # noqa: E731
        fits = lambda value: not bound['isInt'] or -2147483648 <= value <= 2147483647  # noqa: E731
        high, low = bound['max'], bound['min']
        if high is not None and fits(high + step):
            same(at + bound['wire'] + ' above max clamps (APNs)', lambda: apns(high + step), high)
            same(at + bound['wire'] + ' above max clamps (FCM)', lambda: fcm(high + step), m._lc_number_text(high))
        if low is not None and fits(low - step):
            same(at + bound['wire'] + ' below min clamps (APNs)', lambda: apns(low - step), low)
        raises(at + bound['wire'] + ' NaN raises in from_json', lambda: sent(float('nan')), bound['wire'])
        broken = dataclasses.replace(state, **{bound['attribute']: float('nan')})
        raises(at + bound['wire'] + ' NaN raises in to_content_state', lambda: m.to_content_state(broken), bound['wire'])


def check_envelope_refusals(c, fx):
    m = c.m
    at = c.entry['name'] + ': envelope '
    attributes, state = c.halves(fx)
    base = m.FcmEnvelope.from_json(fx['fcmEnvelope'])
    sent = lambda **change: lambda: m.to_fcm_data(attributes, state, dataclasses.replace(base, **change))  # noqa: E731
    raises(at + 'empty activity id raises', sent(activity_id=''), 'envelope.activity_id')
    raises(at + 'unknown event raises', sent(event='pause'), 'envelope.event')
    raises(at + 'send time in seconds raises', sent(sent_at_ms=1742064420), 'send Unix ms (1742064420000)')
    raises(at + 'fractional send time raises', sent(sent_at_ms=1742064420000.5), 'envelope.sent_at_ms')
    raises(at + 'dismissal on an update raises', sent(dismiss_at_ms=1742068020000), 'dismiss_at_ms')
    raises(at + 'stale time on an end raises', sent(event='end'), 'stale_at_ms')
    end = dataclasses.replace(base, event='end', stale_at_ms=None, dismiss_at_ms=1742068020000)
    same(at + 'end with a dismissal time', lambda: m.parse_fcm_data(m.to_fcm_data(attributes, state, end)).envelope.to_json(),
         envelope_read({'activityId': base.activity_id, 'event': 'end', 'sentAtMs': base.sent_at_ms, 'dismissAtMs': 1742068020000}))
    same(at + 'parse_fcm_data never raises on a non-dict', lambda: len(m.parse_fcm_data(None).issues) > 0, True)
    sent_key = list(fx['fcmData'].keys())[2]
    padded = dict(fx['fcmData'], **{sent_key: '0' * 5000 + fx['fcmData'][sent_key]})
    same(at + 'leading zeros of any length read as JavaScript reads them',
         lambda: [m.parse_fcm_data(padded).envelope.sent_at_ms, len(m.parse_fcm_data(padded).issues)], [fx['fcmEnvelope']['sentAtMs'], 0])
    same(at + 'parse_fcm_data never raises on 5000-digit values',
         lambda: len(m.parse_fcm_data({key: '9' * 5000 for key in fx['fcmData']}).issues) > 0, True)
    same(at + 'parse_fcm_data never raises on non-string values',
         lambda: len(m.parse_fcm_data({key: 7 for key in fx['fcmData']}).issues) > 0, True)


def check_ordering(c, fixture):
    m = c.m
    store = m.FcmMemoryOrderStore()
    for step in fixture['steps']:
        def run(step=step):
            parsed = m.parse_fcm_data(step['data'])
            decision = m.fcm_order(parsed, store)
            activity = parsed.envelope.activity_id
            return {'decision': decision, 'repost': m.fcm_reposts(decision),
                    'lastApplied': None if activity is None else store.last_applied(activity)}
        same(c.entry['name'] + '/fcm-ordering.json: ' + step['name'], run,
             {'decision': step['expected'], 'repost': step['repost'], 'lastApplied': step['lastApplied']})


def check_decode_cases(c, cases):
    """Each decode case as the APNs ContentState: from_json accepts what Swift's decoder
    accepts and raises TypeError/ValueError where Swift refuses. An unknown raw value of an
    enum with `unknown:` reads as that case, as in Swift: the field's wire value then equals
    the one Swift's decoder gave (`expected`)."""
    for case in cases:
        def run(case=case):
            try:
                c.ContentState.from_json(case['contentState'])
                return True
            except (TypeError, ValueError):
                return False
        same(c.entry['name'] + '/decode-cases.json: ' + case['name'], run, case['decodes'])
        field = case['name'][len('unknown-case-'):] if case['name'].startswith('unknown-case-') else None
        field = None if field is None else c.entry.get('apnsKeys', {}).get(field, field)
        if field is not None and case['decodes']:
            def read(case=case, field=field):
                return c.ContentState.from_json(case['contentState']).to_json()[field]
            same(c.entry['name'] + '/decode-cases.json: ' + case['name'] + ' reads as', read, case['expected'][field])


def main():
    entries = read_json(sys.argv[1])
    special = ('fcm-malformed.json', 'fcm-ordering.json', 'decode-cases.json')
    for entry in entries:
        try:
            c = Contract(entry, load(entry))
        except Exception as error:  # noqa: BLE001
            record(entry['name'] + ': module imports', False, type(error).__name__ + ': ' + str(error))
            continue
        folder = entry['fixtures']
        names = sorted(name for name in os.listdir(folder) if name.endswith('.json'))
        samples = [name for name in names if name not in special]
        record(entry['name'] + ': has sample fixtures', len(samples) > 0, 'no fixtures in ' + folder)
        for file in samples:
            try:
                check_sample(c, file, read_json(os.path.join(folder, file)))
            except Exception as error:  # noqa: BLE001
                record(entry['name'] + '/' + file, False, 'raised ' + type(error).__name__ + ': ' + str(error))
        if samples:
            first = read_json(os.path.join(folder, samples[0]))
            for check in (check_limits, check_route_refusals, check_envelope_refusals):
                try:
                    check(c, first)
                except Exception as error:  # noqa: BLE001
                    record(entry['name'] + ': ' + check.__name__, False, 'raised ' + type(error).__name__ + ': ' + str(error))
        ordering = os.path.join(folder, 'fcm-ordering.json')
        record(entry['name'] + ': has fcm-ordering.json', os.path.exists(ordering), 'missing ' + ordering)
        if os.path.exists(ordering):
            check_ordering(c, read_json(ordering))
        decode = os.path.join(folder, 'decode-cases.json')
        if os.path.exists(decode):
            check_decode_cases(c, read_json(decode)['cases'])
        malformed = os.path.join(folder, 'fcm-malformed.json')
        record(entry['name'] + ': has fcm-malformed.json', os.path.exists(malformed), 'missing ' + malformed)
        if not os.path.exists(malformed):
            continue
        for case in read_json(malformed)['cases']:
            expected = dict(case['expected'], issues=case['issues'])
            expected = {key: expected[key] for key in ('envelope', 'attributes', 'state', 'issues')}
            same(entry['name'] + '/fcm-malformed.json: ' + case['name'], lambda: c.m.parse_fcm_data(case['data']).to_json(), expected)
    print('python: ' + str(passed) + ' passed, ' + str(failed) + ' failed')
    sys.exit(0 if failed == 0 else 1)


if __name__ == '__main__':
    main()
