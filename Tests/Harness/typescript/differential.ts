// The TypeScript runner of the differential test (DifferentialTests.swift): every generated
// input of every schema goes through the generated module, one JSON line per input. It
// judges nothing; the Swift test compares. Inputs spell NaN, the infinities and -0 as
// {"$lc": "NaN"}; the Swift runner's output (its re-encoded content states) feeds
// `fromContentState`, so both sides convert the same decoded value back.

declare const require: (id: string) => any;
declare const process: { argv: string[]; stdout: { write(text: string): boolean } };

const fs = require('fs');

/** The part of a generated module the runner calls. */
export interface DifferentialModule {
  toContentState(state: any): unknown;
  fromContentState(contentState: any): unknown;
  parseFcmData(data: Record<string, string>): { attributes: unknown; state: unknown; issues: unknown[] };
}

const specials: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 };

function revive(_key: string, value: any): any {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$lc' && specials[value.$lc] !== undefined) return specials[value.$lc];
  }
  return value;
}

/** Writes NaN and the infinities the way the inputs spell them, where JSON.stringify writes null. */
function tagNumbers(_key: string, value: unknown): unknown {
  if (typeof value !== 'number' || Number.isFinite(value)) return value;
  return { $lc: Number.isNaN(value) ? 'NaN' : value < 0 ? '-Infinity' : 'Infinity' };
}

/** `{"ok": value}` or `{"threw": "RangeError: ..."}`. */
function attempt(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    const e = error as { name?: string; message?: string };
    return { threw: String(e.name) + ': ' + String(e.message) };
  }
}

/**
 * Runs the inputs (argv[2]: one line per input of tab-separated columns `SCHEMA INDEX BRIDGE
 * CONTENT FCM REPAIRED`, REPAIRED empty when no repair applies; CONTENT is not read here)
 * with the Swift results (argv[3]) and prints one line per input.
 */
export function runDifferential(modules: Record<string, DifferentialModule>): void {
  const swift: Record<string, any> = {};
  for (const line of String(fs.readFileSync(process.argv[3], 'utf8')).split('\n')) {
    if (line === '') continue;
    const item = JSON.parse(line);
    swift[item.schema + '#' + item.index] = item;
  }
  const lines: string[] = [];
  String(fs.readFileSync(process.argv[2], 'utf8')).split('\n').forEach((line: string, number: number) => {
    if (line === '') return;
    const columns = line.split('\t');
    if (columns.length !== 6) throw new Error('line ' + (number + 1) + ' has ' + columns.length + ' columns, not 6');
    const column = (at: number): string => columns[at] as string;
    const name = column(0), index = Number(column(1));
    const m = modules[name];
    if (m === undefined) return;
    const bridge = JSON.parse(column(2), revive), fcm = JSON.parse(column(4), revive);
    const repaired = column(5) === '' ? undefined : JSON.parse(column(5), revive);
    const result: Record<string, unknown> = { schema: name, index };
    result['bridge'] = attempt(() => m.toContentState(bridge));
    if (repaired !== undefined) result['repaired'] = attempt(() => m.toContentState(repaired));
    result['fcm'] = attempt(() => m.parseFcmData(fcm));
    const decoded = swift[name + '#' + index]?.content?.decodes;
    if (decoded !== undefined) result['back'] = attempt(() => m.fromContentState(decoded));
    lines.push(JSON.stringify(result, tagNumbers));
  });
  process.stdout.write(lines.join('\n') + '\n');
}
