import type { Outcome } from './ledger.js';

const TIMEOUT_MS = 15_000;

/** Is this the one error shape, with a readable sentence? */
export const isErrorShape = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { statusCode?: unknown }).statusCode === 'number' &&
  typeof (body as { error?: unknown }).error === 'string' &&
  typeof (body as { message?: unknown }).message === 'string';

/** A fetch-based client for the listening app that classifies each answer the way the ledger needs. */
export class ApiClient {
  /** Every 5xx seen, with when it happened (ms since the epoch), for the suites to judge. */
  readonly serverErrors: Array<{ at: number; call: string; status: number; body: unknown }> = [];

  constructor(private readonly base: string) {}

  async call(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Outcome> {
    const call = `${method} ${path}`;
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers: {
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return { kind: 'unknown', error: (error as Error).message };
    }
    const type = res.headers.get('content-type') ?? '';
    const payload: unknown = type.includes('json') ? await res.json().catch(() => undefined) : await res.arrayBuffer();
    if (res.status >= 500) this.serverErrors.push({ at: Date.now(), call, status: res.status, body: payload });
    if (res.status === 503 && isErrorShape(payload)) return { kind: 'unknown', status: 503, body: payload };
    if (res.status >= 500) return { kind: 'server-error', status: res.status, body: payload };
    if (res.status >= 400) return { kind: 'refused', status: res.status, body: payload };
    return { kind: 'ack', status: res.status, body: payload };
  }
}
