import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import { COMPANIES, companiesResource } from './companiesProvider';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the companies resource', () => {
  it("lists the person's companies from the server's envelope, with their count as the total", async () => {
    const companies = [
      { id: 'c1', name: 'Acme' },
      { id: 'c2', name: 'Client' },
    ];
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ companies }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const result = await companiesResource.getList(COMPANIES, {} as GetListParams);
    expect(new URL((fetchMock.mock.calls[0][0] as Request).url).pathname).toBe('/api/protected/companies');
    expect(result).toEqual({ data: companies, total: 2 });
  });
});
