import type { Response, Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { Route } from './openapi-routes.js';

export interface RouteCall {
  url: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON body, or form fields (plus `file`) for multipart routes. */
  body?: unknown;
  file?: { buffer: Buffer; name: string };
}

/** Sends one call to a documented route with supertest, in the encoding the route documents. */
export function callRoute(http: TestAgent, route: Route, call: RouteCall): Test {
  let req = http[route.method](call.url);
  for (const [name, value] of Object.entries(call.headers ?? {})) req = req.set(name, value);
  if (call.query) req = req.query(call.query);
  if (route.body?.kind === 'multipart') {
    for (const [name, value] of Object.entries((call.body ?? {}) as Record<string, unknown>)) {
      req = req.field(name, String(value));
    }
    if (call.file) req = req.attach('file', call.file.buffer, call.file.name);
    return req;
  }
  return call.body === undefined ? req : req.send(call.body as object);
}

/** The security headers helmet sets, as configured in app.factory.ts. */
const HELMET_HEADERS: Record<string, RegExp> = {
  'content-security-policy': /default-src 'self'/,
  'strict-transport-security': /max-age=\d+/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^SAMEORIGIN$/,
  'referrer-policy': /^no-referrer$/,
  'cross-origin-opener-policy': /^same-origin$/,
  'cross-origin-resource-policy': /^same-origin$/,
  'x-dns-prefetch-control': /^off$/,
  'x-permitted-cross-domain-policies': /^none$/,
};

/** Missing headers, or `x-powered-by` present, listed by name (empty when the response is well dressed). */
export function missingHelmetHeaders(res: Response): string[] {
  const missing = Object.entries(HELMET_HEADERS)
    .filter(([name, pattern]) => !pattern.test(String(res.headers[name] ?? '')))
    .map(([name]) => name);
  if (res.headers['x-powered-by'] !== undefined) missing.push('x-powered-by should be absent');
  return missing;
}
