import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { body, client } from './client';
import { onSubscriptionRequired } from '../providers/subscriptionRequired';

const answer = (status: number, json: unknown) =>
  new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key.includes('token') ? 'token-1' : null) });
});
afterEach(() => vi.unstubAllGlobals());

const request = (call: number) => fetchMock.mock.calls[call][0] as Request;
const failure = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('the call did not fail');
};

describe('the typed API client', () => {
  it("sends the session's token and the screen's language, and answers the body", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { id: 'u1', email: 'a@b.c' }));
    const me = await body(client.GET('/api/protected/user/me'));
    expect(me).toEqual({ id: 'u1', email: 'a@b.c' });
    expect(request(0).headers.get('Authorization')).toBe('Bearer token-1');
    expect(request(0).headers.get('Accept-Language')).toBe('en');
    expect(new URL(request(0).url).pathname).toBe('/api/protected/user/me');
  });

  it("throws react-admin's HttpError with the status, the body and the server's sentence, so a 401 signs out", async () => {
    const refused = { statusCode: 401, error: 'Your session has ended' };
    fetchMock.mockResolvedValueOnce(answer(401, refused));
    const error = await failure(client.GET('/api/protected/user/me'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, body: refused, message: 'Your session has ended' });
  });

  it('opens the subscription prompt when the server refuses for want of a subscription', async () => {
    const listener = vi.fn();
    const stop = onSubscriptionRequired(listener);
    fetchMock.mockResolvedValueOnce(
      answer(403, { statusCode: 403, error: 'Subscribe', code: 'SUBSCRIPTION_REQUIRED' }),
    );
    const error = await failure(client.GET('/api/protected/invoices', { params: { query: { page: 1 } } }));
    stop();
    expect(error.status).toBe(403);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('names a request that got no answer a network error (status 0)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(client.GET('/api/protected/user/me'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(0);
  });
});
