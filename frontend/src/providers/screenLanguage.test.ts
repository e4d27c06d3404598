import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchFile } from './fileTransfer';
import { httpClient } from './httpClient';

let stored: Record<string, string>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stored = {};
  fetchMock = vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored[key] ?? null });
});
afterEach(() => vi.unstubAllGlobals());

const sentLanguage = () => {
  const init = fetchMock.mock.calls[0][1] as RequestInit;
  return new Headers(init.headers).get('Accept-Language');
};

describe("the server is asked for its messages in the screens' language", () => {
  it('sends Russian once the screens are in Russian', async () => {
    stored['RaStore.locale'] = JSON.stringify('ru');
    await httpClient('/auth/login', { method: 'POST', body: {} });
    expect(sentLanguage()).toBe('ru');
  });

  it('sends English otherwise', async () => {
    await httpClient('/auth/login', { method: 'POST', body: {} });
    expect(sentLanguage()).toBe('en');
  });

  it('sends it with a file download too', async () => {
    stored['RaStore.locale'] = JSON.stringify('ru');
    await fetchFile('/api/protected/reports/1/pdf');
    expect(sentLanguage()).toBe('ru');
  });
});
