import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { RATE_NOTICES, rateNoticesResource } from './rateNoticesProvider';
import { stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

describe('the rate-notices resource', () => {
  it('answers the notices the server lists, all of them, with their count as the total', async () => {
    const notices = [{ id: 'n1' }, { id: 'n2' }];
    fetchStub.mock.mockResolvedValueOnce(
      new Response(JSON.stringify(notices), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const result = await rateNoticesResource.getList(RATE_NOTICES, {} as GetListParams);
    expect(new URL((fetchStub.mock.mock.calls[0][0] as Request).url).pathname).toBe('/api/protected/rate-notices');
    expect(result).toEqual({ data: notices, total: 2 });
  });
});
