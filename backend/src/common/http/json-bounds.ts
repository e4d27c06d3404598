import type { IncomingMessage } from 'node:http';

/** Deepest nesting of arrays and objects a JSON body may have; the API's own bodies need 3, Stripe's events ~8. */
const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
export const JSON_TOO_DEEP_TYPE = 'entity.too.deep';

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting in the raw bytes, stopping once past `limit`: one linear pass, no recursion. */
function jsonDepthExceeds(buf: Buffer, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i += 1) {
    const byte = buf[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth -= 1;
  }
  return false;
}

/**
 * body-parser's `verify` for JSON: keeps the raw bytes (webhook signatures are checked against them, as Nest's
 * rawBody option does) and refuses a body nested past MAX_JSON_DEPTH before it is parsed, because validation and
 * transformation walk a body recursively and a deep one overflowed the stack into a 500 (issue 11).
 */
export function verifyJsonBody(req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, buf: Buffer): void {
  req.rawBody = buf;
  if (jsonDepthExceeds(buf)) {
    throw Object.assign(new Error(JSON_TOO_DEEP), { status: 400, statusCode: 400, type: JSON_TOO_DEEP_TYPE });
  }
}
