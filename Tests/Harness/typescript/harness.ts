// Cross-language proof for the TypeScript output, run by TypeScriptHarnessTests.swift: every
// generated contract must turn each fixture's bridge objects into exactly that fixture's APNs
// and FCM shapes and push bodies, read them back, and parse every malformed FCM map exactly as
// docs/wire.md says. Compiled with tsc --strict against lib es2019, so there is no @types/node:
// the few Node APIs used are declared here.

declare const require: (id: string) => any;
declare const console: { log(...items: unknown[]): void };
declare const process: { exitCode?: number };

const fs = require('fs');
const path = require('path');
const { Buffer } = require('buffer');

/** The part of a generated module the harness calls; tsc checks each module against it. */
export interface ContractModule {
  toContentState(state: any): unknown;
  fromContentState(contentState: any): unknown;
  toApnsAttributes(attributes: any): unknown;
  fromApnsAttributes(apnsAttributes: any): unknown;
  toFcmData(attributes: any, state: any, envelope: any): Record<string, string>;
  parseFcmData(data: Record<string, string>): { envelope: any; attributes: unknown; state: unknown; issues: unknown[] };
  fcmOrder(message: { envelope: any }, store: any): string;
  fcmReposts(decision: string): boolean;
  ApnsLifecycleError: new (rule: string, message: string) => RangeError & { rule: string };
  FcmMemoryOrderStore: new () => { lastApplied(activityId: string): number | undefined };
  apnsPayload(event: any, contentState: any, options: any, attributes?: any): unknown;
  apnsHeaders(bundleId: string, priority?: 5 | 10): Record<string, string>;
  fcmMessage(token: string, attributes: any, state: any, envelope: any): unknown;
  apnsTokenRequest(activityToken: string, bundleId: string, payload: any, delivery: any): unknown;
  apnsStartPayload(contentState: any, options: any, attributes: any, input: any): unknown;
  broadcastPayload(event: any, contentState: any, options: any): any;
  broadcastRequest(bundleId: string, channelId: string, payload: any, delivery: any): unknown;
  createChannelRequest(bundleId: string, storagePolicy: any): unknown;
  readChannelRequest(bundleId: string, channelId: string): unknown;
  deleteChannelRequest(bundleId: string, channelId: string): unknown;
  listChannelsRequest(bundleId: string): unknown;
  fcmLiveActivityMessage(fcmToken: string, liveActivityToken: string, payload: any, delivery: any): unknown;
}

/** A numeric state field with bounds, for the clamping checks. */
export interface Bounded {
  wire: string;
  name: string;
  min: number | null;
  max: number | null;
  isInt: boolean;
}

/** One contract: its module and what the Swift test knows about its schema. */
export interface Entry {
  name: string;
  module: ContractModule;
  fixtures: string;
  stringFields: string[];
  bounded: Bounded[];
  defaultedAttributes: string[];
  defaultedState: string[];
}

let passed = 0;
let failed = 0;

function record(label: string, ok: boolean, detail: string): void {
  if (ok) {
    passed++;
  } else {
    failed++;
    console.log('FAIL ' + label + '\n  ' + detail);
  }
}

/** True when `value` holds an own property set to undefined (JSON.stringify would hide it). */
function hasUndefined(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return value === undefined;
  return Object.keys(value).some((key) => hasUndefined((value as Record<string, unknown>)[key]));
}

/** Deep equality including key order, which is part of the wire format. */
function same(label: string, compute: () => unknown, expected: unknown): void {
  try {
    const actual = compute();
    const got = JSON.stringify(actual);
    const want = JSON.stringify(expected);
    record(label, got === want && !hasUndefined(actual), 'expected ' + want + '\n  actual   ' + got);
  } catch (error) {
    record(label, false, 'threw ' + String(error));
  }
}

/** `compute` must throw an error whose message contains `fragment`. */
function throws(label: string, compute: () => unknown, fragment: string): void {
  try {
    compute();
    record(label, false, 'did not throw');
  } catch (error) {
    const message = String(error);
    record(label, message.indexOf(fragment) >= 0, 'threw ' + message + ', expected a message with ' + fragment);
  }
}

function readJson(file: string): any {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}

/**
 * The fixture's `apnsOptions` for one event: an update takes the stale date, relevance and
 * alert, an end the dismissal date, a start the alert (the builders refuse the others).
 */
function optionsFor(fx: any, event: string): any {
  const o = fx.apnsOptions;
  const picked: any = { timestampMs: o.timestampMs };
  const keys = event === 'update' ? ['staleDateMs', 'relevanceScore', 'alert'] : event === 'end' ? ['dismissalDateMs'] : ['alert'];
  for (const key of keys) if (o[key] !== undefined) picked[key] = o[key];
  return picked;
}

/** Every wire shape of one example or edge-case fixture. */
function checkSample(entry: Entry, file: string, fx: any): void {
  const m = entry.module;
  const at = entry.name + '/' + file + ': ';
  const { attributes, state } = fx.bridge;
  same(at + 'toContentState', () => m.toContentState(state), fx.contentState);
  same(at + 'toApnsAttributes', () => m.toApnsAttributes(attributes), fx.apnsAttributes);
  const envelope = fx.fcmEnvelope;
  same(at + 'toFcmData', () => m.toFcmData(attributes, state, envelope), fx.fcmData);
  same(at + 'fcmMessage', () => m.fcmMessage(fx.fcmMessage.message.token, attributes, state, envelope), fx.fcmMessage);
  const contentState = m.toContentState(state);
  const apnsAttributes = m.toApnsAttributes(attributes);
  same(at + 'apnsPayload update', () => m.apnsPayload('update', contentState, optionsFor(fx, 'update')), fx.apns.update);
  same(at + 'apnsPayload end', () => m.apnsPayload('end', contentState, optionsFor(fx, 'end')), fx.apns.end);
  same(at + 'apnsPayload start', () => m.apnsPayload('start', contentState, optionsFor(fx, 'start'), apnsAttributes), fx.apns.start);
  checkRoutes(entry, at, fx);
  same(at + 'parseFcmData', () => m.parseFcmData(fx.fcmData), { envelope: envelopeRead(envelope), attributes, state, issues: [] });
  same(at + 'fromContentState', () => m.fromContentState(fx.contentState), state);
  same(at + 'fromApnsAttributes', () => m.fromApnsAttributes(fx.apnsAttributes), attributes);
  if (file === 'edge-absent.json') {
    const bareAttributes = copy(attributes), bareState = copy(state);
    entry.defaultedAttributes.forEach((key) => delete bareAttributes[key]);
    entry.defaultedState.forEach((key) => delete bareState[key]);
    same(at + 'defaults fill toContentState', () => m.toContentState(bareState), fx.contentState);
    same(at + 'defaults fill toApnsAttributes', () => m.toApnsAttributes(bareAttributes), fx.apnsAttributes);
    same(at + 'defaults fill toFcmData', () => m.toFcmData(bareAttributes, bareState, envelope), fx.fcmData);
  }
}

/** Every other route of one fixture: token request, start inputs, broadcast, channels, FCM for iOS. */
function checkRoutes(entry: Entry, at: string, fx: any): void {
  const m = entry.module;
  const io = fx.routeInputs;
  const contentState = m.toContentState(fx.bridge.state);
  const attributes = m.toApnsAttributes(fx.bridge.attributes);
  const delivery = { priority: io.priority, expirationMs: io.expirationMs };
  const update = () => m.apnsPayload('update', contentState, optionsFor(fx, 'update'));
  const end = () => m.apnsPayload('end', contentState, optionsFor(fx, 'end'));
  same(at + 'apnsTokenRequest', () => m.apnsTokenRequest(io.activityToken, io.bundleId, update(), delivery), fx.apnsRequest);
  same(at + 'apnsStartPayload pushToken', () => m.apnsStartPayload(contentState, optionsFor(fx, 'start'), attributes, { pushToken: true }), fx.apns.startWithInputs.pushToken);
  same(at + 'apnsStartPayload channel', () => m.apnsStartPayload(contentState, optionsFor(fx, 'start'), attributes, { channelId: io.channelId }), fx.apns.startWithInputs.channel);
  const broadcastDelivery = { priority: io.broadcastPriority, expirationMs: io.broadcastExpirationMs };
  for (const event of ['update', 'end']) {
    same(at + 'broadcastRequest ' + event, () => m.broadcastRequest(io.bundleId, io.channelId, m.broadcastPayload(event, contentState, optionsFor(fx, event)), broadcastDelivery), fx.broadcast[event]);
  }
  same(at + 'createChannelRequest', () => m.createChannelRequest(io.bundleId, io.storagePolicy), fx.channels.create);
  same(at + 'readChannelRequest', () => m.readChannelRequest(io.bundleId, io.channelId), fx.channels.read);
  same(at + 'deleteChannelRequest', () => m.deleteChannelRequest(io.bundleId, io.channelId), fx.channels.delete);
  same(at + 'listChannelsRequest', () => m.listChannelsRequest(io.bundleId), fx.channels.list);
  const start = () => m.apnsStartPayload(contentState, optionsFor(fx, 'start'), attributes, { pushToken: true });
  same(at + 'fcmLiveActivityMessage start', () => m.fcmLiveActivityMessage(io.fcmToken, io.pushToStartToken, start(), delivery), fx.fcmLiveActivity.start);
  same(at + 'fcmLiveActivityMessage update', () => m.fcmLiveActivityMessage(io.fcmToken, io.activityToken, update(), delivery), fx.fcmLiveActivity.update);
  same(at + 'fcmLiveActivityMessage end', () => m.fcmLiveActivityMessage(io.fcmToken, io.activityToken, end(), delivery), fx.fcmLiveActivity.end);
}

/** What each route refuses: priorities it does not take, bad channel ids, both start inputs, a start on a channel. */
function checkRouteRefusals(entry: Entry, fx: any): void {
  const m = entry.module;
  const at = entry.name + ': ';
  const io = fx.routeInputs;
  const contentState = m.toContentState(fx.bridge.state);
  const attributes = m.toApnsAttributes(fx.bridge.attributes);
  const update = m.apnsPayload('update', contentState, optionsFor(fx, 'update'));
  throws(at + 'token route refuses priority 1', () => m.apnsTokenRequest(io.activityToken, io.bundleId, update, { priority: 1, expirationMs: 0 }), 'apns-priority 5, 10');
  throws(at + 'FCM Live Activity refuses priority 1', () => m.fcmLiveActivityMessage(io.fcmToken, io.activityToken, update, { priority: 1, expirationMs: 0 }), 'apns-priority 5, 10');
  throws(at + 'broadcast refuses priority 7', () => m.broadcastRequest(io.bundleId, io.channelId, update, { priority: 7, expirationMs: 0 }), 'apns-priority 1, 5, 10');
  throws(at + 'broadcast refuses a non-base64 channel id', () => m.broadcastRequest(io.bundleId, 'not a channel!', update, { priority: 10, expirationMs: 0 }), 'base64');
  throws(at + 'negative expiration throws', () => m.apnsTokenRequest(io.activityToken, io.bundleId, update, { priority: 10, expirationMs: -1 }), 'expirationMs');
  throws(at + 'broadcast refuses a start', () => m.broadcastPayload('start', contentState, fx.apnsOptions), "'update' or 'end'");
  const start = m.apnsPayload('start', contentState, optionsFor(fx, 'start'), attributes);
  throws(at + 'broadcastRequest refuses a start body', () => m.broadcastRequest(io.bundleId, io.channelId, start, { priority: 10, expirationMs: 0 }), "'update' or 'end'");
  throws(at + 'start refuses both inputs', () => m.apnsStartPayload(contentState, optionsFor(fx, 'start'), attributes, { pushToken: true, channelId: io.channelId }), 'not both');
  throws(at + 'start refuses an empty channel', () => m.apnsStartPayload(contentState, optionsFor(fx, 'start'), attributes, { channelId: '' }), 'channel id');
  checkLifecycle(entry, fx, contentState, attributes);
  throws(at + 'channel storage policy 2 throws', () => m.createChannelRequest(io.bundleId, 2), 'message-storage-policy');
  same(at + 'expiration 0 means do not store', () => (m.apnsTokenRequest(io.activityToken, io.bundleId, update, { priority: 5, expirationMs: 0 }) as any).headers['apns-expiration'], '0');
}

/** The rule of the `ApnsLifecycleError` that `compute` throws, or what happened instead. */
function lifecycleRule(m: any, compute: () => unknown): string {
  try {
    compute();
    return 'did not throw';
  } catch (error) {
    return error instanceof m.ApnsLifecycleError && error instanceof RangeError ? (error as any).rule : 'threw ' + String(error);
  }
}

/**
 * What APNs accepts and the device drops: each builder refuses it with `ApnsLifecycleError`
 * naming validate's rule (docs/wire.md, "Lifecycle rules"). The types already refuse most of
 * these (negative.ts.in); this is a JavaScript caller's path.
 */
function checkLifecycle(entry: Entry, fx: any, contentState: unknown, attributes: unknown): void {
  const m = entry.module;
  const at = entry.name + ': lifecycle: ';
  const now: number = fx.apnsOptions.timestampMs;
  const alert = fx.apnsOptions.alert;
  const cases: [string, string, () => unknown][] = [
    ['start without alert', 'apns-start-alert', () => m.apnsPayload('start', contentState, { timestampMs: now }, attributes)],
    ['start with inputs without alert', 'apns-start-alert', () => m.apnsStartPayload(contentState, { timestampMs: now }, attributes, { pushToken: true })],
    ['stale date at the timestamp', 'apns-stale-date', () => m.apnsPayload('update', contentState, { timestampMs: now, staleDateMs: now })],
    ['stale date before the timestamp', 'apns-stale-date', () => m.apnsPayload('update', contentState, { timestampMs: now, staleDateMs: now - 94608000000 })],
    ['broadcast stale date before the timestamp', 'apns-stale-date', () => m.broadcastPayload('update', contentState, { timestampMs: now, staleDateMs: now - 1000 })],
    ['dismissal date on an update', 'apns-dismissal-event', () => m.apnsPayload('update', contentState, { timestampMs: now, dismissalDateMs: now + 60000 })],
    ['dismissal date on a start', 'apns-dismissal-event', () => m.apnsPayload('start', contentState, { timestampMs: now, dismissalDateMs: now + 60000, alert }, attributes)],
    ['timestamp in seconds', 'apns-timestamp-range', () => m.apnsPayload('update', contentState, { timestampMs: Math.floor(now / 1000) })],
    ['timestamp in microseconds', 'apns-timestamp-range', () => m.apnsPayload('end', contentState, { timestampMs: now * 1000 })],
    ['stale date in seconds', 'apns-timestamp-range', () => m.apnsPayload('update', contentState, { timestampMs: now, staleDateMs: Math.floor(now / 1000) + 900 })],
  ];
  for (const [name, rule, compute] of cases) same(at + name, () => lifecycleRule(m, compute), rule);
  same(at + 'a start with an alert builds', () => 'alert' in (m.apnsPayload('start', contentState, { timestampMs: now, alert }, attributes) as any).aps, true);
}

/** Size limits, clamping and refusals, from one base fixture. */
function checkLimits(entry: Entry, fx: any): void {
  const m = entry.module;
  const at = entry.name + ': ';
  const { attributes, state } = fx.bridge;
  const options = { timestampMs: fx.apnsOptions.timestampMs };
  const headers = { 'apns-push-type': 'liveactivity', 'apns-topic': 'com.example.app.push-type.liveactivity', 'apns-priority': '10' };
  same(at + 'apnsHeaders', () => m.apnsHeaders('com.example.app'), headers);
  same(at + 'apnsHeaders priority 5', () => m.apnsHeaders('com.example.app', 5)['apns-priority'], '5');
  const field = entry.stringFields[0];
  if (field !== undefined) {
    const sized = (text: string) => Object.assign(copy(state), { [field]: text });
    const update = (text: string) => m.apnsPayload('update', m.toContentState(sized(text)), options);
    const room = 4096 - Buffer.byteLength(JSON.stringify(update('')));
    const rockets = Math.floor(room / 4);
    same(at + 'update of exactly the limit passes', () => Buffer.byteLength(JSON.stringify(update('\u{1F680}'.repeat(rockets) + 'x'.repeat(room % 4)))), 4096);
    throws(at + 'update one byte over the limit throws', () => update('\u{1F680}'.repeat(rockets) + 'x'.repeat(room % 4 + 1)), '4096');
    const broadcast = (text: string) => m.broadcastPayload('update', m.toContentState(sized(text)), options);
    const broadcastRoom = 5120 - Buffer.byteLength(JSON.stringify(broadcast('')));
    same(at + 'broadcast of exactly 5120 bytes passes', () => Buffer.byteLength(JSON.stringify(broadcast('x'.repeat(broadcastRoom)))), 5120);
    throws(at + 'broadcast one byte over 5120 throws', () => broadcast('x'.repeat(broadcastRoom + 1)), '5120');
    throws(at + 'oversized fcmMessage throws', () => m.fcmMessage('token', attributes, sized('x'.repeat(5000)), fx.fcmEnvelope), '4096');
  }
  for (const bound of entry.bounded) {
    const step = bound.isInt ? 1 : 0.5;
    const sent = (value: number) => Object.assign(copy(state), { [bound.wire]: value });
    const apns = (value: number) => (m.toContentState(sent(value)) as Record<string, unknown>)[bound.name];
    const fcm = (value: number) => m.toFcmData(attributes, sent(value), fx.fcmEnvelope)[bound.wire];
    // Past a bound at the edge of the 32-bit range an int is no int at all: it throws, not clamps.
    const fits = (value: number) => !bound.isInt || (value >= -2147483648 && value <= 2147483647);
    if (bound.max !== null && fits(bound.max + step)) {
      same(at + bound.wire + ' above max clamps (APNs)', () => apns(bound.max! + step), bound.max);
      same(at + bound.wire + ' above max clamps (FCM)', () => fcm(bound.max! + step), String(bound.max));
    }
    if (bound.min !== null && fits(bound.min - step)) {
      same(at + bound.wire + ' below min clamps (APNs)', () => apns(bound.min! - step), bound.min);
    }
    throws(at + bound.wire + ' NaN throws', () => m.toContentState(sent(NaN)), bound.wire);
  }
}

/** The envelope `parseFcmData` reads back from one `toFcmData` took: absent members are null. */
function envelopeRead(sent: any): unknown {
  const member = (key: string) => (sent[key] === undefined ? null : sent[key]);
  return { activityId: member('activityId'), event: member('event'), sentAtMs: member('sentAtMs'), staleAtMs: member('staleAtMs'), dismissAtMs: member('dismissAtMs') };
}

/** `toFcmData` refuses an envelope no parser could use, naming the member. */
function checkEnvelopeRefusals(entry: Entry, fx: any): void {
  const m = entry.module;
  const at = entry.name + ': envelope ';
  const { attributes, state } = fx.bridge;
  const base = fx.fcmEnvelope;
  const sent = (change: Record<string, unknown>) => () => m.toFcmData(attributes, state, Object.assign(copy(base), change));
  throws(at + 'empty activity id throws', sent({ activityId: '' }), 'envelope.activityId');
  throws(at + 'unknown event throws', sent({ event: 'pause' }), 'envelope.event');
  throws(at + 'send time in seconds throws', sent({ sentAtMs: 1742064420 }), 'send Unix ms (1742064420000)');
  throws(at + 'fractional send time throws', sent({ sentAtMs: 1742064420000.5 }), 'envelope.sentAtMs');
  throws(at + 'dismissal on an update throws', sent({ dismissAtMs: 1742068020000 }), 'dismissAtMs');
  throws(at + 'stale time on an end throws', sent({ event: 'end' }), 'staleAtMs');
  same(at + 'end with a dismissal time', () => {
    const end = Object.assign(copy(base), { event: 'end', dismissAtMs: 1742068020000 });
    delete end.staleAtMs;
    return m.parseFcmData(m.toFcmData(attributes, state, end)).envelope;
  }, envelopeRead({ activityId: base.activityId, event: 'end', sentAtMs: base.sentAtMs, dismissAtMs: 1742068020000 }));
}

/** fcm-ordering.json through one fresh store: each step's decision and its activity's time after it. */
function checkOrdering(entry: Entry, fixture: any): void {
  const m = entry.module;
  const store = new m.FcmMemoryOrderStore();
  for (const step of fixture.steps) {
    same(entry.name + '/fcm-ordering.json: ' + step.name, () => {
      const parsed = m.parseFcmData(step.data);
      const decision = m.fcmOrder(parsed, store);
      const id = parsed.envelope.activityId;
      const last = id === null ? undefined : store.lastApplied(id);
      return { decision, repost: m.fcmReposts(decision), lastApplied: last === undefined ? null : last };
    }, { decision: step.expected, repost: step.repost, lastApplied: step.lastApplied });
  }
}

/** Runs every check for every contract and prints the closing count line. */
export function run(entries: Entry[]): void {
  for (const entry of entries) {
    const names: string[] = fs.readdirSync(entry.fixtures).filter((file: string) => file.slice(-5) === '.json').sort();
    const special = ['fcm-malformed.json', 'fcm-ordering.json', 'decode-cases.json'];
    const samples = names.filter((file) => special.indexOf(file) < 0);
    record(entry.name + ': has sample fixtures', samples.length > 0, 'no fixtures in ' + entry.fixtures);
    for (const file of samples) {
      checkSample(entry, file, readJson(path.join(entry.fixtures, file)));
    }
    if (samples[0] !== undefined) checkLimits(entry, readJson(path.join(entry.fixtures, samples[0])));
    if (samples[0] !== undefined) checkRouteRefusals(entry, readJson(path.join(entry.fixtures, samples[0])));
    if (samples[0] !== undefined) checkEnvelopeRefusals(entry, readJson(path.join(entry.fixtures, samples[0])));
    const ordering = path.join(entry.fixtures, 'fcm-ordering.json');
    record(entry.name + ': has fcm-ordering.json', fs.existsSync(ordering), 'missing ' + ordering);
    if (fs.existsSync(ordering)) checkOrdering(entry, readJson(ordering));
    const malformed = path.join(entry.fixtures, 'fcm-malformed.json');
    record(entry.name + ': has fcm-malformed.json', fs.existsSync(malformed), 'missing ' + malformed);
    if (!fs.existsSync(malformed)) continue;
    for (const item of readJson(malformed).cases) {
      const expected = { envelope: item.expected.envelope, attributes: item.expected.attributes, state: item.expected.state, issues: item.issues };
      same(entry.name + '/fcm-malformed.json: ' + item.name, () => entry.module.parseFcmData(item.data), expected);
    }
  }
  console.log('typescript: ' + passed + ' passed, ' + failed + ' failed');
  process.exitCode = failed === 0 ? 0 : 1;
}
