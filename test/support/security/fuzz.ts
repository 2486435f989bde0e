/**
 * Request generators for the fuzz suite: hostile bodies, query strings, path ids and headers built
 * from a route's well-formed call (fixture.ts `requestFor`), so mutations reach the validation of
 * every field instead of stopping at the first missing one.
 */
import * as fc from 'fast-check';

/** Fields a client must never be able to set: tenant, owner, role, decision status, table keys. */
export const DANGEROUS_KEYS = [
  'company_id',
  'companyId',
  'status',
  'role',
  'employee_id',
  'employeeId',
  'admin_flag',
  'user_id',
  'sub',
  'pk',
  'sk',
  '__edb_e__',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

const huge = (n: number, unit = 'あ') => unit.repeat(n);

/** Values of every wrong kind, including the ones that break naive code. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1e308,
    -1e-308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '😀',
    '👨‍👩‍👧‍👦'.repeat(50),
    '\u202e\u200b\ufeff',
    '<script>alert(1)</script>',
    "' OR '1'='1",
    '${jndi:ldap://x/a}',
    '=HYPERLINK("http://x")',
    '../../etc/passwd',
    '%00',
    'NaN',
    '1e9999',
    '2026-02-30',
    '25:99',
    [],
    {},
    [[[[[[]]]]]],
  ),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(2_000, 20_000, 70_000, 110_000).map((n) => huge(n, 'x')),
  fc.constantFrom(1_000, 40_000).map((n) => huge(n)),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.constantFrom(1_000, 100_000).map((n) => Array.from({ length: n }, () => 1)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/** A fuzzed body: JSON value (or raw text) plus the content type it is sent with. */
export interface FuzzBody {
  /** What is sent, verbatim. */
  text: string | undefined;
  /** The value before serialisation (for recognising echoed keys); undefined for raw text. */
  value?: unknown;
  kind: string;
}

type Path = (string | number)[];
function leafPaths(value: unknown, prefix: Path = []): Path[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (!entries.length) return [prefix];
    return entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
  }
  return [prefix];
}
function setAt(base: unknown, path: Path, value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const copy: Record<string | number, unknown> = { ...(base as object) };
  const [head, ...rest] = path;
  if (!rest.length && remove) delete copy[head!];
  else copy[head!] = setAt(copy[head!], rest, value, remove);
  return copy;
}

/** Leaf paths of the well-formed body that hold strings (to test their maximum length). */
export const stringLeaves = (value: unknown): Path[] =>
  leafPaths(value).filter(
    (p) => typeof p.reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], value) === 'string',
  );
export const withValueAt = setAt;

export function bodyArbitrary(base: unknown, foreignIds: string[]): fc.Arbitrary<FuzzBody> {
  const json = (value: unknown, kind: string): FuzzBody => ({ text: JSON.stringify(value), value, kind });
  const paths = leafPaths(base ?? {});
  const plausible = fc.oneof(
    junkValue,
    fc.constantFrom(...foreignIds),
    fc.constantFrom('admin', 'operator', 1, 2, 'approved'),
  );
  return fc.oneof(
    // The whole body of the wrong shape.
    fc.oneof(junkValue, fc.jsonValue({ maxDepth: 3 })).map((v) => json(v, 'whole body replaced')),
    // One field of the wrong type / size / content.
    fc
      .tuple(fc.constantFrom(...paths), junkValue)
      .map(([p, v]) => json(setAt(base ?? {}, p, v), `field ${p.join('.')} replaced`)),
    fc.constantFrom(...paths).map((p) => json(setAt(base ?? {}, p, undefined, true), `field ${p.join('.')} removed`)),
    // Mass assignment: tenant, owner, role, status and key fields the schema must refuse.
    fc
      .tuple(fc.constantFrom(...DANGEROUS_KEYS), plausible)
      .map(([k, v]) => json({ ...(base as object), [k]: v }, `extra field ${k}`)),
    // Prototype pollution through the JSON text itself.
    fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.boolean()).map(([k, nested]) => {
      const inner = JSON.stringify(base ?? {}).slice(1, -1);
      const evil = `"${k}":{"isAdmin":true,"role":"operator","polluted":1}`;
      const text =
        nested && paths[0]!.length > 1
          ? JSON.stringify(base).replace('{', `{"${paths[0]![0]}":{${evil}},`)
          : `{${evil}${inner ? `,${inner}` : ''}}`;
      return { text, kind: `prototype key ${k}` };
    }),
    // Not JSON at all, or JSON that is not an object.
    fc
      .constantFrom(
        '{',
        '{"a":',
        'null',
        '[]',
        '""',
        '0',
        'true',
        '{"a":1,"a":2}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
        '\u0000',
        '\ufeff{}',
        'user[email]=a&user[password]=b',
      )
      .map((text) => ({ text, kind: 'raw text' })),
    fc.constant<FuzzBody>({ text: undefined, kind: 'no body' }),
  );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json; charset=shift_jis',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  '',
];

/** Headers around the actor's own cookies: content types, huge or junk cookies, junk CSRF and keys. */
export interface FuzzHeaders {
  contentType: string;
  extraCookie?: string;
  replaceCookie?: { name: string; value: string };
  csrf?: string;
  other: Record<string, string>;
  kind: string;
}

const junkHeaderValue = fc.oneof(
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom('x'.repeat(4000), 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', '%00', '\t'),
);

export const headersArbitrary: fc.Arbitrary<FuzzHeaders> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...CONTENT_TYPES)
      .map((contentType) => ({ contentType, other: {}, kind: `content-type ${contentType || '(none)'}` })),
  },
  fc.constantFrom(1_000, 6_000, 12_000).map((n) => ({
    contentType: 'application/json',
    extraCookie: `big=${'c'.repeat(n)}`,
    other: {},
    kind: `cookie of ${n} bytes`,
  })),
  fc
    .tuple(
      fc.constantFrom('__Host-kintai_id', '__Host-kintai_sid', '__Host-csrf', '__Host-kintai_device'),
      junkHeaderValue,
    )
    .map(([name, value]) => ({
      contentType: 'application/json',
      replaceCookie: { name, value },
      other: {},
      kind: `junk ${name} cookie`,
    })),
  junkHeaderValue.map((csrf) => ({ contentType: 'application/json', csrf, other: {}, kind: 'junk CSRF header' })),
  fc
    .tuple(
      fc.constantFrom('idempotency-key', 'x-origin-verify', 'cloudfront-viewer-address', 'x-forwarded-for', 'accept'),
      junkHeaderValue,
    )
    .map(([name, value]) => ({
      contentType: 'application/json',
      other: { [name]: value },
      kind: `junk ${name}`,
    })),
);

/** Path ids: junk, traversal, huge, unicode, foreign and malformed percent-encoding. */
export function pathIdArbitrary(realIds: string[]): fc.Arbitrary<{ segment: string; kind: string }> {
  const enc = (s: string) => encodeURIComponent(s);
  return fc.oneof(
    fc.string({ minLength: 1, maxLength: 60 }).map((s) => ({ segment: enc(s), kind: 'random id' })),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map((s) => ({ segment: enc(s), kind: 'unicode id' })),
    fc.constantFrom(
      ...[
        '../../companies',
        '..%2F..%2Fcompanies',
        '%2e%2e%2f%2e%2e%2f',
        '01jx7zzzzzzzzzzzzzzzzzzzzz',
        '0'.repeat(40),
        '0'.repeat(41),
        'x'.repeat(4000),
        '\u0000',
        "1' OR '1'='1",
        '${id}',
        'null',
        '-1',
        '1e99',
      ].map((s) => ({ segment: enc(s), kind: `id ${s.slice(0, 30)}` })),
      { segment: '%E0%A4%A', kind: 'malformed percent-encoding' },
      { segment: '%', kind: 'lone percent' },
      { segment: '%00', kind: 'encoded NUL' },
    ),
    ...(realIds.length
      ? [fc.constantFrom(...realIds).map((id) => ({ segment: enc(id), kind: 'real or foreign id' }))]
      : []),
  );
}

/** Query strings: the well-formed one mutated, extra tenant fields, repeats, junk and huge values. */
export function queryArbitrary(
  base: string | undefined,
  foreignIds: string[],
): fc.Arbitrary<{ query: string; kind: string }> {
  const pairs = (base ?? '')
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=') as [string, string]);
  const build = (ps: [string, string][]) =>
    ps.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 10 }),
    fc.constantFrom(
      '',
      '-1',
      '0',
      '13',
      '2021',
      '99999999999999999999',
      '1.5',
      '0x10',
      'NaN',
      'Infinity',
      'x'.repeat(6000),
      ...foreignIds,
    ),
  );
  const arbs: fc.Arbitrary<{ query: string; kind: string }>[] = [
    fc
      .tuple(fc.constantFrom(...DANGEROUS_KEYS, 'id', 'limit', 'page'), value)
      .map(([k, v]) => ({ query: build([...pairs, [k, v]]), kind: `extra query ${k}` })),
    fc
      .constantFrom('%', '%E0%A4%A', 'a=%ZZ', '&&&', '=', 'a[]=1&a[]=2', '__proto__[x]=1', 'constructor=1')
      .map((raw) => ({
        query: [build(pairs), raw].filter(Boolean).join('&'),
        kind: `raw query ${raw}`,
      })),
  ];
  if (pairs.length) {
    arbs.push(
      fc.tuple(fc.nat(pairs.length - 1), value).map(([i, v]) => ({
        query: build(pairs.map((p, j) => (j === i ? [p[0], v] : p))),
        kind: `query ${pairs[i]![0]} replaced`,
      })),
      fc
        .nat(pairs.length - 1)
        .map((i) => ({ query: build([...pairs, pairs[i]!]), kind: `query ${pairs[i]![0]} repeated` })),
      fc
        .nat(pairs.length - 1)
        .map((i) => ({ query: build(pairs.filter((_, j) => j !== i)), kind: `query ${pairs[i]![0]} removed` })),
    );
  }
  return fc.oneof(...arbs);
}
