import fc from 'fast-check';
import type { Route, Schema } from './openapi-routes.js';

/** Values that have broken parsers, validators, ORMs and databases before. */
const NASTY = fc.constantFrom<unknown>(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -0,
  0.1 + 0.2,
  '',
  ' ',
  '1e999',
  'NaN',
  'Infinity',
  '-1',
  '0x10',
  '__proto__',
  'constructor',
  "'; DROP TABLE reports; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '\u0000',
  '\ud800',
  '\u202e',
  'x'.repeat(20_000),
  '2026-13-45T25:61:00Z',
  'true',
  '[]',
  '{}',
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  [[[[[[[[[[[]]]]]]]]]]],
);

const text = fc.string({ maxLength: 40, unit: 'binary' });

/** Any value of any type, small or nasty. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    NASTY,
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Values that mostly follow the schema (so requests get past the first check) and sometimes do not. */
export function schemaValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const near = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.type === 'array') {
      return fc.array(schema.items && depth < 4 ? schemaValue(schema.items, depth + 1) : hostileValue, {
        maxLength: 6,
      });
    }
    if (schema.properties && depth < 4) {
      const props = Object.fromEntries(
        Object.entries(schema.properties).map(([key, s]) => [key, schemaValue(s, depth + 1)]),
      );
      return fc
        .tuple(fc.record(props, { requiredKeys: [] }), fc.dictionary(text, hostileValue, { maxKeys: 2 }))
        .map(([known, extra]) => ({ ...extra, ...known }));
    }
    if (schema.type === 'number' || schema.type === 'integer') {
      return fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double({ noNaN: true }));
    }
    if (schema.type === 'boolean') return fc.boolean();
    return fc.oneof(schema.example === undefined ? text : fc.constant(schema.example), text);
  })();
  return fc.oneof({ weight: 4, arbitrary: near }, { weight: 1, arbitrary: hostileValue });
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  '',
];

export type HostileBody =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; text: string };

/** A schema-shaped body, random JSON, or raw text under a random content type. */
export function hostileBody(route: Route): fc.Arbitrary<HostileBody> {
  const schema = route.body?.schema ?? {};
  return fc.oneof(
    { weight: 4, arbitrary: schemaValue(schema).map((value): HostileBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: fc.jsonValue().map((value): HostileBody => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          contentType: fc.constantFrom(...CONTENT_TYPES),
          text: fc.oneof(
            fc.string({ unit: 'binary' }),
            fc.constantFrom('{"a":', '[1,2', '{"a":1}}', '\u0000', 'a=1&a=2&b[c]=d'),
          ),
        })
        .map((raw): HostileBody => ({ kind: 'raw', ...raw })),
    },
    { weight: 1, arbitrary: fc.constant<HostileBody>({ kind: 'none' }) },
  );
}

/** Documented and undocumented query keys with single, repeated and nasty values. */
export function hostileQuery(route: Route): fc.Arbitrary<Record<string, string | string[]>> {
  const documented = route.query.map((q) => q.name);
  const keys = documented.length ? fc.oneof(fc.constantFrom(...documented), text) : text;
  const value = fc.oneof(
    text,
    fc.constantFrom('-1', '0', '1e9', '2.5', 'NaN', '%', "' OR 1=1 --", 'desc', 'DESC; DROP', '\u0000'),
    fc.array(text, { minLength: 2, maxLength: 3 }),
  );
  return fc.dictionary(keys, value, { maxKeys: 4 });
}

const headerText = fc.string({ maxLength: 60, unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode) });

/** Headers clients and proxies send, with odd values (only characters HTTP allows in a header). */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    Accept: fc.oneof(headerText, fc.constantFrom('*/*', 'text/html', 'application/xml')),
    'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*;q=0', 'x-none'),
    'Content-Encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'),
    'X-Forwarded-For': fc.oneof(headerText, fc.constantFrom('1.2.3.4, 5.6.7.8', '::1', 'not-an-ip')),
    'Accept-Language': headerText,
    'If-None-Match': headerText,
    Range: fc.constantFrom('bytes=0-1', 'bytes=5-1,0-999999999', 'bytes=x'),
    'X-HTTP-Method-Override': fc.constantFrom('DELETE', 'PUT', 'GET'),
    Cookie: headerText,
    Origin: headerText,
  },
  { requiredKeys: [] },
);

/** Path parameter values: the real id most of the time, else something odd (encoded or, rarely, malformed). */
export const hostilePathValue = (realId: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(realId) },
    { weight: 1, arbitrary: text.map(encodeURIComponent) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%E0%A4%A', '..', '00000000-0000-0000-0000-000000000000', realId.toUpperCase()),
    },
  );
