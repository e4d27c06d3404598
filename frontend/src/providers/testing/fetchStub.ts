import { afterEach, beforeEach, vi } from 'vitest';

/** A JSON answer as the server sends it. */
export const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * For a provider's unit tests: fetch is a mock and a session token is stored, around every test of the file. The
 * typed client hands fetch a Request, which `request(n)` answers for the n-th call.
 */
export function stubFetch() {
  const stub = { mock: vi.fn() };
  beforeEach(() => {
    stub.mock = vi.fn();
    vi.stubGlobal('fetch', stub.mock);
    vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
  });
  afterEach(() => vi.unstubAllGlobals());
  return stub;
}
