"""The Python runner of the differential test (DifferentialTests.swift).

Every generated input of every schema goes through the generated Python module, one JSON line
per input, in the layout of the TypeScript runner (Tests/Harness/typescript/differential.ts):
`bridge` and `repaired` are `to_content_state(State.from_json(...))`, `fcm` is
`parse_fcm_data(...)`, `content` is `ContentState.from_json` of the content-state text, and
`back` is `from_content_state(ContentState.from_json(...))` of the content state the Swift
runner decoded and re-encoded. Each is `{"ok": value}` or
`{"threw": "TypeError: ..."}`. It judges nothing; the Swift test compares.

Arguments: a JSON file listing the modules (`name`, `contract`, `module`), the inputs file (one
line per input of tab-separated columns `SCHEMA INDEX BRIDGE CONTENT FCM REPAIRED`) and the
Swift runner's output. Inputs spell NaN, the infinities and -0 as {"$lc": "NaN"}; so does the
output.
"""

import json
import math
import sys

from harness import load  # the fixture harness's module loader, beside this file

SPECIALS = {'NaN': math.nan, 'Infinity': math.inf, '-Infinity': -math.inf, '-0': -0.0}


def revive(pairs):
    """A JSON object, or the number an {"$lc": ...} object spells."""
    if len(pairs) == 1 and pairs[0][0] == '$lc' and pairs[0][1] in SPECIALS:
        return SPECIALS[pairs[0][1]]
    return dict(pairs)


def parse(text):
    return json.loads(text, object_pairs_hook=revive)


def refuse_constant(name):
    raise ValueError('not JSON: ' + name)


def strict(text):
    """A content-state text as a server's json.loads reads it, less the NaN and Infinity
    tokens JSON does not have (Swift's decoder refuses them too)."""
    return json.loads(text, parse_constant=refuse_constant)


def tag(value):
    """`value` with NaN and the infinities spelled as the inputs spell them."""
    if isinstance(value, float) and not math.isfinite(value):
        return {'$lc': 'NaN' if math.isnan(value) else '-Infinity' if value < 0 else 'Infinity'}
    if isinstance(value, dict):
        return {key: tag(item) for key, item in value.items()}
    if isinstance(value, list):
        return [tag(item) for item in value]
    return value


def attempt(run):
    try:
        return {'ok': run()}
    except Exception as error:  # noqa: BLE001 - every refusal is a result to compare
        return {'threw': type(error).__name__ + ': ' + str(error)}


def main():
    with open(sys.argv[1], encoding='utf-8') as handle:
        entries = json.load(handle)
    contracts = {}
    for entry in entries:
        module = load(entry)
        contracts[entry['name']] = (module, getattr(module, entry['contract'] + 'State'),
                                    getattr(module, entry['contract'] + 'ContentState'))
    decoded = {}
    with open(sys.argv[3], encoding='utf-8') as handle:
        for line in handle:
            if line.strip() == '':
                continue
            item = parse(line)
            content = item.get('content') or {}
            if 'decodes' in content:
                decoded[(item['schema'], item['index'])] = content['decodes']
    out = []
    with open(sys.argv[2], encoding='utf-8') as handle:
        for number, line in enumerate(handle):
            line = line.rstrip('\n')
            if line == '':
                continue
            columns = line.split('\t')
            if len(columns) != 6:
                raise ValueError('line %d has %d columns, not 6' % (number + 1, len(columns)))
            name, index = columns[0], int(columns[1])
            if name not in contracts:
                continue
            m, state_type, content_type = contracts[name]
            bridge, fcm = parse(columns[2]), parse(columns[4])
            result = {'schema': name, 'index': index}
            result['bridge'] = attempt(lambda: m.to_content_state(state_type.from_json(bridge)).to_json())
            if columns[5] != '':
                repaired = parse(columns[5])
                result['repaired'] = attempt(lambda: m.to_content_state(state_type.from_json(repaired)).to_json())
            result['fcm'] = attempt(lambda: m.parse_fcm_data(fcm).to_json())
            result['content'] = attempt(lambda: content_type.from_json(strict(columns[3])).to_json())
            if (name, index) in decoded:
                content = decoded[(name, index)]
                result['back'] = attempt(lambda: m.from_content_state(content_type.from_json(content)).to_json())
            out.append(json.dumps(tag(result), ensure_ascii=False, allow_nan=False))
    sys.stdout.write('\n'.join(out) + '\n')


if __name__ == '__main__':
    main()
