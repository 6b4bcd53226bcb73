// Bad requests derived from an operation's schema: missing required fields, unknown fields, wrong types,
// boundary and oversize values, wrong enums, malformed JSON, prototype-pollution keys, bad path and query
// parameters, bad content types, bad tokens. Every request built here must be refused by the server: a
// schema mutation that still validates against the contract is dropped (see `keep`).

const JSON_LIMIT_BYTES = 100 * 1024;

const TYPE_SAMPLES = {
  string: 'text',
  integer: 7,
  number: 1.5,
  boolean: true,
  null: null,
  array: [],
  object: {},
};

function typesOf(schema) {
  if (!schema || typeof schema !== 'object') return [];
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  if (schema.enum)
    return [
      ...new Set(schema.enum.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v))),
    ];
  return [];
}

/** Values of JSON types the schema does not allow (an integer schema also refuses 1.5). */
function wrongTypeValues(schema) {
  const allowed = typesOf(schema);
  if (allowed.length === 0) return [];
  const accepts = (type) => allowed.includes(type) || (type === 'integer' && allowed.includes('number'));
  return Object.entries(TYPE_SAMPLES)
    .filter(([type]) => !accepts(type))
    .map(([type, value]) => ({ label: `wrong type ${type}`, value }));
}

/** Boundary, oversize, pattern and enum violations for one value of the schema. */
function boundaryValues(schema, current) {
  const out = [];
  const types = typesOf(schema);
  if (types.includes('string')) {
    if (schema.minLength > 0) out.push({ label: `shorter than minLength ${schema.minLength}`, value: 'x'.repeat(schema.minLength - 1) });
    if (schema.maxLength !== undefined) {
      out.push({ label: `longer than maxLength ${schema.maxLength}`, value: 'x'.repeat(schema.maxLength + 1) });
      out.push({ label: 'oversize string (20k chars)', value: '가'.repeat(Math.max(schema.maxLength + 1, 20_000)) });
    }
    if (schema.pattern) {
      for (const bad of ['!!!', ' ', '<script>alert(1)</script>', '../../etc/passwd', '\u0000', 'ZZZZZZZZZZZZZZZZZZZZZZZZ']) {
        out.push({ label: `pattern ${schema.pattern} broken by ${JSON.stringify(bad)}`, value: bad });
      }
      if (typeof current === 'string') {
        out.push({ label: 'pattern broken: trailing space', value: `${current} ` });
        out.push({ label: 'pattern broken: upper case', value: current.toUpperCase() });
      }
    }
    if (schema.format === 'date-time') out.push({ label: 'not a date-time', value: '2026-13-45 25:61' });
    if (schema.enum) {
      out.push({ label: 'not in enum', value: 'zzz-not-in-enum' });
      if (typeof schema.enum[0] === 'string') out.push({ label: 'enum value in upper case', value: schema.enum[0].toUpperCase() });
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    if (schema.minimum !== undefined) out.push({ label: `below minimum ${schema.minimum}`, value: schema.minimum - 1 });
    if (schema.maximum !== undefined) out.push({ label: `above maximum ${schema.maximum}`, value: schema.maximum + 1 });
    if (schema.exclusiveMinimum !== undefined) out.push({ label: 'at exclusiveMinimum', value: schema.exclusiveMinimum });
    out.push({ label: 'huge number', value: 1e300 }, { label: 'huge negative number', value: -1e300 });
    if (types.includes('integer')) out.push({ label: 'fraction for an integer', value: 1.5 });
    if (schema.enum) out.push({ label: 'not in enum', value: 987654 });
  }
  if (types.includes('array')) {
    if (schema.minItems > 0) out.push({ label: `fewer than minItems ${schema.minItems}`, value: [] });
    if (schema.maxItems !== undefined && schema.maxItems <= 2000 && Array.isArray(current) && current.length > 0) {
      out.push({
        label: `more than maxItems ${schema.maxItems}`,
        value: Array.from({ length: schema.maxItems + 1 }, (_, i) => current[i % current.length]),
      });
    }
    if (schema.uniqueItems && Array.isArray(current) && current.length > 0)
      out.push({ label: 'duplicate items', value: [current[0], current[0]] });
  }
  return out;
}

const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** A copy of `root` with the value at `path` replaced (or removed when `value` is REMOVE). */
const REMOVE = Symbol('remove');
function withValue(root, path, value) {
  if (path.length === 0) return value === REMOVE ? undefined : value;
  const copy = clone(root);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(last, 1);
    else delete node[last];
  } else if (last === '__proto__') {
    // An own property named __proto__, as JSON.parse makes it (an assignment would set the prototype).
    Object.defineProperty(node, '__proto__', { value, enumerable: true, configurable: true, writable: true });
  } else node[last] = value;
  return copy;
}

const where = (path) => (path.length ? `/${path.join('/')}` : 'body');

/** Schema mutations of a JSON body: yields {label, value}; the caller keeps only the invalid ones. */
export function* bodyValueMutations(schemaOf, schema, base, path = [], depth = 0) {
  const s = schemaOf(schema);
  if (!s || typeof s !== 'object' || depth > 6) return;
  const value = path.reduce((node, key) => node?.[key], base);

  for (const m of wrongTypeValues(s)) yield { label: `${where(path)}: ${m.label}`, value: withValue(base, path, m.value) };
  for (const m of boundaryValues(s, value)) yield { label: `${where(path)}: ${m.label}`, value: withValue(base, path, m.value) };

  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  for (const branch of branches) {
    const b = schemaOf(branch);
    if (b?.properties && value && typeof value === 'object') yield* objectMutations(schemaOf, b, base, path, value, depth);
  }
  if ((s.properties || typesOf(s).includes('object')) && value && typeof value === 'object' && !Array.isArray(value)) {
    yield* objectMutations(schemaOf, s, base, path, value, depth);
  }
  if (s.items && Array.isArray(value) && value.length > 0) {
    yield* bodyValueMutations(schemaOf, s.items, base, [...path, 0], depth + 1);
  }
}

function* objectMutations(schemaOf, s, base, path, value, depth) {
  for (const name of s.required ?? []) {
    if (name in value) yield { label: `${where(path)}: missing required '${name}'`, value: withValue(base, [...path, name], REMOVE) };
  }
  if (s.additionalProperties === false || s.unevaluatedProperties === false) {
    yield { label: `${where(path)}: unknown field`, value: withValue(base, [...path, 'unexpectedField'], 1) };
    yield { label: `${where(path)}: __proto__ key`, value: withValue(base, [...path, '__proto__'], { polluted: true, isAdmin: true }) };
    yield {
      label: `${where(path)}: constructor.prototype key`,
      value: withValue(base, [...path, 'constructor'], { prototype: { polluted: true } }),
    };
  }
  for (const [name, propertySchema] of Object.entries(s.properties ?? {})) {
    if (name in value) yield* bodyValueMutations(schemaOf, propertySchema, base, [...path, name], depth + 1);
    else
      for (const m of wrongTypeValues(schemaOf(propertySchema)))
        yield { label: `${where([...path, name])} (optional): ${m.label}`, value: withValue(base, [...path, name], m.value) };
  }
}

/** Bodies that are not JSON at all, or JSON the parser must refuse (strict mode: objects and arrays only). */
export function malformedJsonBodies(exampleText) {
  const deep = '['.repeat(40_000) + ']'.repeat(40_000);
  return [
    ['truncated object', exampleText.slice(0, Math.max(1, Math.floor(exampleText.length / 2)))],
    ['lone brace', '{'],
    ['closing brace', '}'],
    ['single quotes', "{'a': 1}"],
    ['trailing comma', '{"a": 1,}'],
    ['unquoted key', '{a: 1}'],
    ['NaN literal', '{"a": NaN}'],
    ['two objects', '{"a":1}{"b":2}'],
    ['bad escape', '{"a": "\\x41"}'],
    ['raw control character in a string', '{"a": "\u0001"}'],
    ['bare string', '"just a string"'],
    ['bare number', '12345'],
    ['bare null', 'null'],
    ['bare true', 'true'],
    ['undefined keyword', 'undefined'],
    ['deeply nested arrays (40,000 levels)', deep],
    ['deeply nested arrays, unbalanced', '['.repeat(40_000)],
    ['__proto__ at the top only', '{"__proto__": {"polluted": true}}'],
    ['constructor.prototype at the top only', '{"constructor": {"prototype": {"polluted": true}}}'],
    ['empty object', '{}'],
    ['empty array', '[]'],
    ['array of the example', `[${exampleText}]`],
    ['invalid UTF-8 bytes', Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('"}')])],
  ];
}

/** An object over the JSON body limit (100 kb), valid JSON otherwise. */
export function oversizeBody(example) {
  return JSON.stringify({
    ...(example && typeof example === 'object' && !Array.isArray(example) ? example : {}),
    padding: 'x'.repeat(JSON_LIMIT_BYTES + 50_000),
  });
}

/** Values for one query or path parameter that its schema refuses (the caller re-checks each). */
export function badParameterValues(parameter) {
  const s = parameter.schema ?? {};
  const values = [];
  const add = (label, value) => values.push({ label: `${parameter.in} ${parameter.name}: ${label}`, value });
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) {
    for (const bad of ['abc', '1.5', '1e309', '0x10', 'NaN', '--1', '١٢']) add(`not a number ${JSON.stringify(bad)}`, bad);
    if (s.minimum !== undefined) add(`below minimum ${s.minimum}`, String(s.minimum - 1));
    if (s.maximum !== undefined) add(`above maximum ${s.maximum}`, String(s.maximum + 1));
    add('huge', '9'.repeat(400));
  }
  if (types.includes('string')) {
    if (s.minLength > 0) add('empty', '');
    if (s.maxLength !== undefined) add(`longer than maxLength ${s.maxLength}`, 'x'.repeat(s.maxLength + 1));
    if (s.pattern) {
      for (const bad of ['!!!', 'with space', '<script>', '../..', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '키링', '%', '\u0000', 'a'.repeat(300)])
        add(`pattern broken by ${JSON.stringify(bad).slice(0, 20)}`, bad);
    }
    if (s.enum) {
      add('not in enum', 'zzz-not-in-enum');
      if (typeof s.enum[0] === 'string') add('enum value in upper case', s.enum[0].toUpperCase());
    }
    if (s.format === 'uri') add('not a URI', 'not a uri');
  }
  if (types.includes('boolean')) add('not a boolean', 'maybe');
  return values;
}

/** Query parameter names the operation does not declare (the server refuses unknown query parameters). */
export const UNKNOWN_QUERY_NAMES = [
  'unexpected',
  '__proto__',
  '__proto__[polluted]',
  'constructor',
  'constructor[prototype][polluted]',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '$where',
  'a[b]',
  'limit',
  'debug',
  'admin',
  'callback',
  'x'.repeat(200),
  '키',
  'id;drop',
];

/** Authorization headers that identify nobody. */
export const BAD_AUTHORIZATION = [
  ['no Authorization header', null],
  ['Bearer without a token', 'Bearer'],
  ['Bearer and a space', 'Bearer '],
  ['Basic scheme', 'Basic YnV5ZXI6YnV5ZXI='],
  ['token with a forged check', 'Bearer cm.65f0c0de0000000000000001.forged'],
  ['token of an unknown shape', 'Bearer eyJhbGciOiJub25lIn0.eyJ1aWQiOiJhZG1pbiJ9.'],
];

export { withValue, REMOVE };
