import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { auditEventsResource } from './auditEventsProvider';
import { answer, stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

const list = (page: number, filter: object = {}) =>
  auditEventsResource.getList('audit-events', {
    pagination: { page, perPage: 2 },
    sort: { field: 'created_at', order: 'DESC' },
    filter,
  } as GetListParams);
/** The typed client hands fetch a Request. */
const asked = (call: number) => new URL((fetchStub.mock.mock.calls[call][0] as Request).url).searchParams;

describe('the audit-events resource', () => {
  it('asks for page n+1 with the cursor page n answered, and says whether more pages exist', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ data: [{ id: 'a' }, { id: 'b' }], next_cursor: 'CUR1' }));
    fetchStub.mock.mockResolvedValueOnce(answer({ data: [{ id: 'c' }], next_cursor: null }));
    const first = await list(1, { entity: 'report' });
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(asked(0).get('cursor')).toBeNull();
    expect(asked(0).get('entity')).toBe('report');
    expect(asked(0).get('limit')).toBe('2');
    const second = await list(2, { entity: 'report' });
    expect(asked(1).get('cursor')).toBe('CUR1');
    expect(second).toMatchObject({ data: [{ id: 'c' }], pageInfo: { hasNextPage: false, hasPreviousPage: true } });
  });

  it('starts from the newest events for a page it has no cursor for (another filter)', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ data: [], next_cursor: null }));
    const res = await list(2, { entity: 'billing' });
    expect(asked(0).get('cursor')).toBeNull();
    expect(res.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false });
  });
});
