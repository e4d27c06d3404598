import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { fuelPurchasesResource, tripsResource } from './recordsResources';
import { answer, stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

/** The typed client hands fetch a Request. */
const request = (call: number) => fetchStub.mock.mock.calls[call][0] as Request;
const asked = (call: number) => new URL(request(call).url);

describe('the trips and fuel-purchases resources', () => {
  it("asks the kind's list with the page, the quarter, the unit and a finding's ids, and reads the total", async () => {
    fetchStub.mock.mockResolvedValueOnce(
      answer({ data: [{ id: 't1' }], pagination: { total: 26, totalPages: 2, page: 2, limit: 25 } }),
    );
    const result = await tripsResource.getList('trips', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { period: 'Q3-2026', unit: ' T-1 ', ids: ['a', 'b'] },
    } as GetListParams);
    expect(asked(0).pathname).toBe('/api/protected/trips');
    expect(Object.fromEntries(asked(0).searchParams)).toEqual({
      page: '2',
      limit: '25',
      period: 'Q3-2026',
      unit: 'T-1',
      ids: 'a,b',
    });
    expect(result).toEqual({ data: [{ id: 't1' }], total: 26 });
  });

  it('leaves out the filters that are empty', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      answer({ data: [], pagination: { total: 0, totalPages: 0, page: 1, limit: 25 } }),
    );
    await fuelPurchasesResource.getList('fuel-purchases', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { period: '', unit: '  ', ids: [] },
    } as GetListParams);
    expect(asked(0).pathname).toBe('/api/protected/fuel-purchases');
    expect(Object.fromEntries(asked(0).searchParams)).toEqual({ page: '1', limit: '25' });
  });

  it('saves with PUT on the record and answers the saved record', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ id: 'f1', unit: 'T-2' }));
    const result = await fuelPurchasesResource.update('fuel-purchases', {
      id: 'f1',
      data: { unit: 'T-2' },
      previousData: { id: 'f1' },
    });
    expect(asked(0).pathname).toBe('/api/protected/fuel-purchases/f1');
    expect(request(0).method).toBe('PUT');
    expect(await request(0).json()).toEqual({ unit: 'T-2' });
    expect(result.data).toEqual({ id: 'f1', unit: 'T-2' });
  });

  it('answers the deleted record react-admin held, since the server answers only its id', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ deleted: true, id: 't1' }));
    const result = await tripsResource.delete('trips', { id: 't1', previousData: { id: 't1', unit: 'T-1' } });
    expect(request(0).method).toBe('DELETE');
    expect(result.data).toEqual({ id: 't1', unit: 'T-1' });
  });
});
