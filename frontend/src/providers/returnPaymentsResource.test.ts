import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { REPORT_PAYMENTS, reportPaymentsResource } from './returnPaymentsResource';
import { answer, stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

/** The typed client hands fetch a Request. */
const request = (call: number) => fetchStub.mock.mock.calls[call][0] as Request;
const asked = (call: number) => new URL(request(call).url);

describe('the report-payments resource', () => {
  it("lists the report's payments as one page, asked under the report its filter names", async () => {
    fetchStub.mock.mockResolvedValueOnce(answer([{ id: 'p1' }, { id: 'p2' }]));
    const result = await reportPaymentsResource.getList(REPORT_PAYMENTS, {
      filter: { report_id: 'r1' },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
    } as GetListParams);
    expect(asked(0).pathname).toBe('/api/protected/reports/r1/payments');
    expect(result).toEqual({ data: [{ id: 'p1' }, { id: 'p2' }], total: 2 });
  });

  it('records an entry under its report, without sending the report id in the body', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ id: 'p3', amount: 20 }));
    const entry = { kind: 'payment', paid_on: '2025-07-25', amount: 20, method: 'ach', reference: null };
    await reportPaymentsResource.create(REPORT_PAYMENTS, { data: { ...entry, report_id: 'r1' } });
    expect(asked(0).pathname).toBe('/api/protected/reports/r1/payments');
    expect(request(0).method).toBe('POST');
    expect(await request(0).json()).toEqual(entry);
  });

  it('deletes an entry under the report its meta names', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ id: 'p3', deleted: true }));
    await reportPaymentsResource.delete(REPORT_PAYMENTS, { id: 'p3', meta: { report_id: 'r1' } });
    expect(asked(0).pathname).toBe('/api/protected/reports/r1/payments/p3');
    expect(request(0).method).toBe('DELETE');
  });

  it('refuses a call that names no report rather than guess an address', async () => {
    await expect(reportPaymentsResource.getList(REPORT_PAYMENTS, { filter: {} } as GetListParams)).rejects.toThrow(
      /report_id/,
    );
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });
});
