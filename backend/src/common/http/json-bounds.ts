import type { IncomingMessage } from 'node:http';
import { MAX_REQUEST_VALUES } from '../pipes/request-bounds.js';

/** Deepest nesting of arrays and objects a JSON body may have; the API's own bodies need 3, Stripe's events ~8. */
const MAX_JSON_DEPTH = 32;
/** Most keys one object may have: a DTO has a few dozen properties, a Stripe event's widest object about a hundred. */
export const MAX_OBJECT_KEYS = 1_000;
/** Most distinct property names in one body: every DTO of the API together uses a few hundred. */
export const MAX_PROPERTY_NAMES = 1_000;

/** Each limit's error type (as body-parser's errors carry one) and the sentence it answers with. */
const LIMITS = {
  'entity.too.deep': `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
  'entity.too.many.keys': `Request body has an object with too many properties (at most ${MAX_OBJECT_KEYS.toLocaleString('en-US')})`,
  'entity.too.many.names': `Request body uses too many property names (at most ${MAX_PROPERTY_NAMES.toLocaleString('en-US')})`,
  'entity.too.many.values': `Request body holds too many values (at most ${MAX_REQUEST_VALUES.toLocaleString('en-US')})`,
} as const;
type LimitType = keyof typeof LIMITS;

/** The sentence for a body refused by one of these limits, or undefined for any other body-parser error type. */
export const jsonLimitMessage = (type: string): string | undefined =>
  Object.hasOwn(LIMITS, type) ? LIMITS[type as LimitType] : undefined;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** Index of the quote that closes the string whose text starts at `from` (one past the buffer when none does). */
function closingQuote(buf: Buffer, from: number): number {
  for (let at = buf.indexOf(QUOTE, from); at >= 0; at = buf.indexOf(QUOTE, at + 1)) {
    let backslashes = 0;
    while (buf[at - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
  return buf.length;
}

/**
 * The first limit the raw bytes break, stopping there: one linear pass, no recursion, no parse, and strings skipped
 * at memchr speed (a 1 MB pasted text is one string). JSON.parse itself costs ~0.2 s for a 1 MB object of 130,000
 * distinct keys (V8 builds a new hidden class per new name), so keys are bounded here, before it runs, as the depth
 * is (validation and transformation walk a body recursively, and a deep one overflowed the stack). The value count
 * is approximate (the first item of each list or object is not counted).
 */
export function findJsonLimit(buf: Buffer): LimitType | undefined {
  let depth = 0;
  const isObject = new Uint8Array(MAX_JSON_DEPTH + 2);
  const keys = new Uint32Array(MAX_JSON_DEPTH + 2);
  const names = new Set<string>();
  let values = 1;
  let expectKey = false;
  for (let i = 0; i < buf.length; i += 1) {
    const byte = buf[i];
    if (byte === QUOTE) {
      const end = closingQuote(buf, i + 1);
      if (expectKey) {
        expectKey = false;
        keys[depth] += 1;
        if (keys[depth] > MAX_OBJECT_KEYS) return 'entity.too.many.keys';
        if (names.size <= MAX_PROPERTY_NAMES) {
          names.add(buf.toString('latin1', i + 1, end));
          if (names.size > MAX_PROPERTY_NAMES) return 'entity.too.many.names';
        }
      }
      i = end;
    } else if (byte === COMMA) {
      values += 1;
      if (values > MAX_REQUEST_VALUES) return 'entity.too.many.values';
      expectKey = isObject[depth] === 1;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return 'entity.too.deep';
      values += 1;
      isObject[depth] = byte === OPEN_BRACE ? 1 : 0;
      keys[depth] = 0;
      expectKey = byte === OPEN_BRACE;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth = Math.max(0, depth - 1);
      expectKey = false;
    }
  }
  return undefined;
}

/**
 * body-parser's `verify` for JSON: keeps the raw bytes (webhook signatures are checked against them, as Nest's
 * rawBody option does) and refuses, before it is parsed, a body past the limits above with a 400 naming the limit.
 */
export function verifyJsonBody(req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, buf: Buffer): void {
  req.rawBody = buf;
  const type = findJsonLimit(buf);
  if (type) throw Object.assign(new Error(LIMITS[type]), { status: 400, statusCode: 400, type });
}
