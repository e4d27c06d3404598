import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import { RATE_NOTICES, rateNoticesResource } from './rateNoticesProvider';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the rate-notices resource', () => {
  it('answers the notices the server lists, all of them, with their count as the total', async () => {
    const notices = [{ id: 'n1' }, { id: 'n2' }];
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(notices), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const result = await rateNoticesResource.getList(RATE_NOTICES, {} as GetListParams);
    expect(new URL((fetchMock.mock.calls[0][0] as Request).url).pathname).toBe('/api/protected/rate-notices');
    expect(result).toEqual({ data: notices, total: 2 });
  });
});
