import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { COMPANIES, companiesResource } from './companiesProvider';
import { stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

describe('the companies resource', () => {
  it("lists the person's companies from the server's envelope, with their count as the total", async () => {
    const companies = [
      { id: 'c1', name: 'Acme' },
      { id: 'c2', name: 'Client' },
    ];
    fetchStub.mock.mockResolvedValueOnce(
      new Response(JSON.stringify({ companies }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const result = await companiesResource.getList(COMPANIES, {} as GetListParams);
    expect(new URL((fetchStub.mock.mock.calls[0][0] as Request).url).pathname).toBe('/api/protected/companies');
    expect(result).toEqual({ data: companies, total: 2 });
  });
});
