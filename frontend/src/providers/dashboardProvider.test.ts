import { describe, expect, it } from 'vitest';
import { dashboardMethods } from './dashboardProvider';
import { stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

const summary = {
  id: 'r1',
  name: 'Q3 return',
  period: 'Q3-2026',
  status: 'final',
  is_final: true,
  average_mpg: 6.5,
  jurisdiction_count: 7,
  created_at: '2026-10-02T10:00:00.000Z',
  total_to_remit: 54.37,
  total_miles: 1000,
};

describe("the dashboard's table of reports", () => {
  it('reads a page of the list envelope by page and limit, as the reports list does, not the old offset array', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ data: [summary], pagination: { total: 11, totalPages: 2, page: 2, limit: 10 }, counts: {} }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const rows = await dashboardMethods.getReportsPage({ page: 2, perPage: 10 });
    const url = new URL((fetchStub.mock.mock.calls[0][0] as Request).url);
    expect(url.pathname).toBe('/api/protected/reports');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '10' });
    const { total_miles: _omitted, ...shown } = summary;
    expect(rows).toEqual([shown]);
  });
});
