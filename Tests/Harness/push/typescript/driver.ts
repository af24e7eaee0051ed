// Drives each generated TypeScript contract's ApnsClient and FcmClient against the fake APNs,
// OAuth and FCM servers of fake_push.py (TypePushClientTests.swift starts it and passes its
// ports and files in PUSH_* variables). Every fixture's requests are sent and must be accepted;
// the fake's counters prove one provider token, one connection and one access token; each
// scenario token must come back as the right result. Ends with `typescript send: N passed, N failed`.
// Compiled with tsc --strict against lib es2019 (no @types/node): the Node APIs used are declared here.

declare const require: (id: string) => any;
declare const console: { log(...items: unknown[]): void };
declare const process: { env: Record<string, string | undefined>; exitCode?: number };

const fs = require('fs');
const path = require('path');
const http = require('http');

/** One contract: its generated module and its fixtures folder. */
export interface Entry {
  name: string;
  module: any;
  fixtures: string;
}

let passed = 0;
let failed = 0;

function check(label: string, ok: boolean, detail: string): void {
  if (ok) {
    passed++;
  } else {
    failed++;
    console.log('FAIL ' + label + '\n  ' + detail);
  }
}

function env(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error('missing ' + name);
  return value;
}

function control(method: string, route: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const request = http.request(env('PUSH_CONTROL') + route, { method }, (response: any) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(JSON.parse(text)));
    });
    request.on('error', reject);
    request.end();
  });
}

/** The result must have these members (and no others need to match). */
function expectResult(label: string, result: any, expected: Record<string, unknown>): void {
  const wrong = Object.keys(expected).filter((key) => JSON.stringify(result[key]) !== JSON.stringify(expected[key]));
  check(label, wrong.length === 0, 'expected ' + JSON.stringify(expected) + '\n  got      ' + JSON.stringify(result));
}

function sent(label: string, result: any): void {
  check(label, result.outcome === 'sent' && result.status >= 200 && result.status < 300 && result.reason === null,
    'expected a sent result, got ' + JSON.stringify(result));
}

/** The fixture's `apnsOptions` for one event, as the builders take them. */
function optionsFor(fx: any, event: string): any {
  const o = fx.apnsOptions;
  const picked: any = { timestampMs: o.timestampMs };
  const keys = event === 'update' ? ['staleDateMs', 'relevanceScore', 'alert'] : event === 'end' ? ['dismissalDateMs'] : ['alert'];
  for (const key of keys) if (o[key] !== undefined) picked[key] = o[key];
  return picked;
}

function fixtures(entry: Entry): Array<[string, any]> {
  return fs.readdirSync(entry.fixtures).filter((file: string) => file.endsWith('.json')).sort()
    .map((file: string) => [file, JSON.parse(fs.readFileSync(path.join(entry.fixtures, file), 'utf8'))] as [string, any])
    .filter((pair: [string, any]) => pair[1].routeInputs !== undefined);
}

function credentials(): { key: string; keyId: string; teamId: string; ca: string; serviceAccount: string } {
  return {
    key: fs.readFileSync(env('PUSH_P8_FILE'), 'utf8'),
    keyId: env('PUSH_KEY_ID'),
    teamId: env('PUSH_TEAM_ID'),
    ca: fs.readFileSync(env('PUSH_CA_FILE'), 'utf8'),
    serviceAccount: fs.readFileSync(env('PUSH_SERVICE_ACCOUNT_FILE'), 'utf8'),
  };
}

function apnsClient(m: any, bundleId: string, origin = env('PUSH_APNS_ORIGIN'), withCa = true): any {
  const c = credentials();
  const options: any = { key: c.key, keyId: c.keyId, teamId: c.teamId, bundleId, production: false, origin };
  if (withCa) options.ca = c.ca;
  return new m.ApnsClient(options);
}

function fcmClient(m: any, origin = env('PUSH_FCM_ORIGIN'), tokenOrigin = env('PUSH_TOKEN_ORIGIN')): any {
  const c = credentials();
  return new m.FcmClient({ serviceAccount: c.serviceAccount, origin, tokenOrigin, ca: c.ca });
}

/** Every APNs route and FCM message of every fixture, through one client of each kind. */
async function sendFixtures(entry: Entry): Promise<void> {
  const m = entry.module;
  const all = fixtures(entry);
  check(entry.name + ': has fixtures with routes', all.length > 0, 'no fixture with routeInputs in ' + entry.fixtures);
  if (all.length === 0) return;
  await control('POST', '/reset');
  const io0 = all[0]![1].routeInputs;
  const apns = apnsClient(m, io0.bundleId);
  const fcm = fcmClient(m);
  let apnsRequests = 0;
  let fcmRequests = 0;
  for (const [file, fx] of all) {
    const at = entry.name + '/' + file + ': ';
    const io = fx.routeInputs;
    const contentState = m.toContentState(fx.bridge.state);
    const attributes = m.toApnsAttributes(fx.bridge.attributes);
    const delivery = { priority: io.priority, expirationMs: io.expirationMs };
    const broadcastDelivery = { priority: io.broadcastPriority, expirationMs: io.broadcastExpirationMs };
    const update = await apns.update(io.activityToken, contentState, { ...optionsFor(fx, 'update'), ...delivery });
    sent(at + 'update', update);
    check(at + 'update has apns-id and apns-unique-id', typeof update.apnsId === 'string' && typeof update.apnsUniqueId === 'string', JSON.stringify(update));
    sent(at + 'end', await apns.end(io.activityToken, contentState, { ...optionsFor(fx, 'end'), ...delivery }));
    sent(at + 'start', await apns.start(io.pushToStartToken, attributes, contentState, { ...optionsFor(fx, 'start'), ...delivery }));
    sent(at + 'start with pushToken input', await apns.start(io.pushToStartToken, attributes, contentState, { ...optionsFor(fx, 'start'), ...delivery, input: { pushToken: true } }));
    sent(at + 'start with channel input', await apns.start(io.pushToStartToken, attributes, contentState, { ...optionsFor(fx, 'start'), ...delivery, input: { channelId: io.channelId } }));
    sent(at + 'broadcast update', await apns.broadcast(io.channelId, contentState, { ...optionsFor(fx, 'update'), ...broadcastDelivery }));
    sent(at + 'broadcast end', await apns.endBroadcast(io.channelId, contentState, { ...optionsFor(fx, 'end'), ...broadcastDelivery }));
    const created = await apns.createChannel(io.storagePolicy);
    sent(at + 'createChannel', created);
    check(at + 'createChannel returns the channel id', typeof created.channelId === 'string' && created.channelId !== '', JSON.stringify(created));
    const read = await apns.readChannel(io.channelId);
    sent(at + 'readChannel', read);
    expectResult(at + 'readChannel storage policy', read, { storagePolicy: io.storagePolicy, channelId: io.channelId });
    sent(at + 'deleteChannel', await apns.deleteChannel(io.channelId));
    const listed = await apns.listChannels();
    sent(at + 'listChannels', listed);
    check(at + 'listChannels names the channel', Array.isArray(listed.channels) && listed.channels.indexOf(io.channelId) >= 0, JSON.stringify(listed));
    apnsRequests += 11;
    const message = await fcm.send(fx.fcmMessage.message.token, fx.bridge.attributes, fx.bridge.state, fx.fcmEnvelope);
    sent(at + 'FCM data message', message);
    check(at + 'FCM message name', typeof message.messageName === 'string' && message.messageName.indexOf('projects/') === 0, JSON.stringify(message));
    const start = m.apnsStartPayload(contentState, optionsFor(fx, 'start'), attributes, { pushToken: true });
    sent(at + 'FCM Live Activity start', await fcm.liveActivity(io.fcmToken, io.pushToStartToken, start, delivery));
    sent(at + 'FCM Live Activity update', await fcm.liveActivity(io.fcmToken, io.activityToken, m.apnsPayload('update', contentState, optionsFor(fx, 'update')), delivery));
    sent(at + 'FCM Live Activity end', await fcm.liveActivity(io.fcmToken, io.activityToken, m.apnsPayload('end', contentState, optionsFor(fx, 'end')), delivery));
    fcmRequests += 4;
  }
  const stats = await control('GET', '/stats');
  const at = entry.name + ': ';
  check(at + 'the fake accepted every request', stats.failures.length === 0, stats.failures.join('\n  '));
  expectResult(at + 'one provider token, one HTTP/2 connection for ' + apnsRequests + ' APNs requests', stats,
    { providerTokens: 1, apnsConnections: 1, apnsRequests });
  expectResult(at + 'one access token for ' + fcmRequests + ' FCM messages', stats,
    { oauthRequests: 1, accessTokens: 1, fcmRequests, fcmConnections: 1 });
  apns.close();
  fcm.close();
}

/** Renewals, each scenario token's result, a dropped connection, refused and untrusted hosts, 100 sends in a row. */
async function scenarios(entry: Entry): Promise<void> {
  const m = entry.module;
  const [, fx] = fixtures(entry)[0]!;
  const io = fx.routeInputs;
  const at = entry.name + ': ';
  const contentState = m.toContentState(fx.bridge.state);
  const options = { ...optionsFor(fx, 'update'), priority: io.priority, expirationMs: io.expirationMs };
  const update = (client: any, token: string) => client.update(token, contentState, options);
  const data = (client: any, token: string) => client.send(token, fx.bridge.attributes, fx.bridge.state, fx.fcmEnvelope);

  await control('POST', '/reset');
  const apns = apnsClient(m, io.bundleId);
  const fcm = fcmClient(m);
  const results: unknown[] = [];
  const keep = <T>(result: T): T => {
    results.push(result);
    return result;
  };
  sent(at + 'update before the provider token expires', keep(await update(apns, io.activityToken)));
  await control('POST', '/expire-provider-tokens');
  sent(at + 'update after ExpiredProviderToken (renewed, sent again)', keep(await update(apns, io.activityToken)));
  sent(at + 'update with the renewed token', keep(await update(apns, io.activityToken)));
  let stats = await control('GET', '/stats');
  expectResult(at + 'one renewal: two tokens, four requests, one connection', stats, { providerTokens: 2, apnsRequests: 4, apnsConnections: 1 });

  sent(at + 'FCM before the access token expires', keep(await data(fcm, fx.fcmMessage.message.token)));
  await control('POST', '/expire-access-tokens');
  sent(at + 'FCM after 401 (token renewed, sent again)', keep(await data(fcm, fx.fcmMessage.message.token)));
  sent(at + 'FCM with the renewed token', keep(await data(fcm, fx.fcmMessage.message.token)));
  stats = await control('GET', '/stats');
  expectResult(at + 'one access-token renewal', stats, { oauthRequests: 2, accessTokens: 2, fcmRequests: 4 });

  const apnsCases: Array<[string, Record<string, unknown>]> = [
    ['gone-token', { outcome: 'gone', status: 410, reason: 'Unregistered', goneAtMs: 1742064420000, retryAfterMs: null }],
    ['busy-token', { outcome: 'retry', status: 429, reason: 'TooManyRequests', retryAfterMs: 7000 }],
    ['down-token', { outcome: 'retry', status: 503, reason: 'ServiceUnavailable', retryAfterMs: 3000 }],
    ['oops-token', { outcome: 'retry', status: 500, reason: 'InternalServerError', retryAfterMs: null }],
    ['bad-BadDeviceToken-token', { outcome: 'rejected', status: 400, reason: 'BadDeviceToken' }],
    ['bad-DeviceTokenNotForTopic-token', { outcome: 'rejected', status: 400, reason: 'DeviceTokenNotForTopic' }],
    ['bad-TopicDisallowed-token', { outcome: 'rejected', status: 400, reason: 'TopicDisallowed' }],
    ['bad-BadExpirationDate-token', { outcome: 'rejected', status: 400, reason: 'BadExpirationDate' }],
    ['bad-PayloadTooLarge-token', { outcome: 'rejected', status: 413, reason: 'PayloadTooLarge' }],
  ];
  for (const [token, expected] of apnsCases) {
    const result = keep(await update(apns, token));
    expectResult(at + 'APNs ' + token, result, expected);
    check(at + 'APNs ' + token + ' has apns-id', typeof result.apnsId === 'string', JSON.stringify(result));
  }
  const fcmCases: Array<[string, Record<string, unknown>]> = [
    ['gone-token', { outcome: 'gone', status: 404, reason: 'UNREGISTERED', retryAfterMs: null }],
    ['quota-token', { outcome: 'retry', status: 429, reason: 'QUOTA_EXCEEDED', retryAfterMs: 5000 }],
    ['down-token', { outcome: 'retry', status: 503, reason: 'UNAVAILABLE', retryAfterMs: 2000 }],
    ['bad-token', { outcome: 'rejected', status: 400, reason: 'INVALID_ARGUMENT' }],
    ['sender-token', { outcome: 'rejected', status: 403, reason: 'SENDER_ID_MISMATCH' }],
  ];
  for (const [token, expected] of fcmCases) expectResult(at + 'FCM ' + token, keep(await data(fcm, token)), expected);

  const before = (await control('GET', '/stats')).apnsConnections;
  const dropped = keep(await update(apns, 'drop-token'));
  expectResult(at + 'dropped connection is a retry without status', dropped, { outcome: 'retry', status: 0 });
  check(at + 'dropped connection names a transport reason', typeof dropped.reason === 'string' && dropped.reason !== '', JSON.stringify(dropped));
  sent(at + 'update after the dropped connection (a new one)', keep(await update(apns, io.activityToken)));
  stats = await control('GET', '/stats');
  check(at + 'a second connection only after the drop', stats.apnsConnections === before + 1, 'connections ' + before + ' -> ' + stats.apnsConnections);
  check(at + 'scenario requests left no fake failures', stats.failures.length === 0, stats.failures.join('\n  '));
  apns.close();
  fcm.close();

  // 100 sends at once: one token signed, one connection, every one sent.
  await control('POST', '/reset');
  const burst = apnsClient(m, io.bundleId);
  const many: any[] = await Promise.all(Array.from({ length: 100 }, () => update(burst, io.activityToken)));
  check(at + '100 concurrent sends all sent', many.every((r) => r.outcome === 'sent'), JSON.stringify(many.filter((r) => r.outcome !== 'sent').slice(0, 3)));
  for (let i = 0; i < 100; i++) await update(burst, io.activityToken);
  stats = await control('GET', '/stats');
  expectResult(at + '200 sends: one provider token, one connection', stats, { providerTokens: 1, apnsConnections: 1, apnsRequests: 200 });
  burst.close();

  // No server, and a server the client does not trust: results, not exceptions.
  const refused = apnsClient(m, io.bundleId, 'https://127.0.0.1:1');
  expectResult(at + 'APNs connection refused', keep(await update(refused, io.activityToken)), { outcome: 'retry', status: 0, reason: 'ECONNREFUSED' });
  refused.close();
  const untrusted = apnsClient(m, io.bundleId, env('PUSH_APNS_ORIGIN'), false);
  const distrust = keep(await update(untrusted, io.activityToken));
  check(at + 'APNs untrusted certificate is a result', distrust.outcome === 'retry' && distrust.status === 0 && /CERT|SIGNATURE|ISSUER/.test(String(distrust.reason)), JSON.stringify(distrust));
  untrusted.close();
  const noFcm = fcmClient(m, 'https://127.0.0.1:1', 'https://127.0.0.1:1');
  expectResult(at + 'FCM token endpoint refused', keep(await data(noFcm, fx.fcmMessage.message.token)), { outcome: 'retry', status: 0, reason: 'ECONNREFUSED' });
  noFcm.close();

  // Results never carry a key, a provider token or an access token.
  const c = credentials();
  const text = JSON.stringify(results);
  const secrets = [c.key.split('\n')[1]!, JSON.parse(c.serviceAccount).private_key.split('\n')[1], 'eyJ', 'ya29.'];
  check(at + 'no credential in any result', secrets.every((secret) => text.indexOf(secret) < 0), 'a result holds a credential');
}

/** The mistakes the clients refuse before sending: a production flag that is not a boolean, an unreadable key. */
function refusals(entry: Entry): void {
  const m = entry.module;
  const c = credentials();
  const base = { key: c.key, keyId: c.keyId, teamId: c.teamId, bundleId: 'com.example.app', production: false };
  const refuses = (label: string, make: () => unknown, fragment: string) => {
    try {
      make();
      check(entry.name + ': ' + label, false, 'did not throw');
    } catch (error) {
      const message = String(error);
      check(entry.name + ': ' + label, message.indexOf(fragment) >= 0 && message.indexOf('PRIVATE KEY') < 0, message);
    }
  };
  refuses('key that is not PEM', () => new m.ApnsClient({ ...base, key: 'not a key' }), 'PEM');
  refuses('production missing', () => new m.ApnsClient({ ...base, production: undefined }), 'production');
  refuses('token lifetime over 50 minutes', () => new m.ApnsClient({ ...base, tokenLifetimeMs: 3600000 }), '20 to 50 minutes');
  refuses('service account that is not JSON', () => new m.FcmClient({ serviceAccount: '{' }), 'JSON key file');
  refuses('service account without a key', () => new m.FcmClient({ serviceAccount: JSON.stringify({ client_email: 'a@b', project_id: 'p' }) }), 'private_key');
}

export async function run(entries: Entry[]): Promise<void> {
  try {
    for (const entry of entries) {
      await sendFixtures(entry);
      await scenarios(entry);
      refusals(entry);
    }
  } catch (error) {
    check('driver', false, 'threw ' + String(error && (error as any).stack || error));
  }
  console.log('typescript send: ' + passed + ' passed, ' + failed + ' failed');
  if (failed > 0) process.exitCode = 1;
}
