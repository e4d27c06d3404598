import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { OPERATOR_RESOURCES, operatorMethods, operatorResources } from './operatorProvider';
import { stubFetch } from './testing/fetchStub';

const answer = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const fetchStub = stubFetch();

/** The typed client hands fetch a Request: its path and query, as the server sees them. */
const request = () => fetchStub.mock.mock.calls[0][0] as Request;
const requested = () => {
  const url = new URL(request().url);
  return `${url.pathname}${url.search}`;
};
const listParams = (params: Partial<GetListParams>) => params as GetListParams;

describe('isOperator', () => {
  it('is true on 200 and false on the 403 every other account gets', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer(200, { operator: true }));
    await expect(operatorMethods.isOperator()).resolves.toBe(true);
    fetchStub.mock.mockResolvedValueOnce(
      answer(403, { message: 'Only a platform operator may use the operator console' }),
    );
    await expect(operatorMethods.isOperator()).resolves.toBe(false);
  });

  it('fails on a server error instead of hiding the console as if refused', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer(500, { message: 'boom' }));
    await expect(operatorMethods.isOperator()).rejects.toMatchObject({ status: 500 });
  });
});

describe('the operator resources', () => {
  it('asks for the runs of one outcome, a page at a time, never more than 100', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer(200, { data: [], pagination: { total: 0 } }));
    await operatorResources[OPERATOR_RESOURCES.runs].getList!(
      OPERATOR_RESOURCES.runs,
      listParams({ pagination: { page: 2, perPage: 500 }, filter: { outcome: 'failed' } }),
    );
    expect(requested()).toBe('/api/operator/rate-matrix-runs?page=2&limit=100&outcome=failed');
  });

  it('names each interest period by its first day and hands the uncovered years over as meta', async () => {
    const period = { effective_from: '2025-01-01', effective_to: '2025-12-31', annual_rate: '0.0900', source: 'x' };
    fetchStub.mock.mockResolvedValueOnce(answer(200, { periods: [period], missing_years: [2026] }));
    const result = await operatorResources[OPERATOR_RESOURCES.interestRates].getList!(
      OPERATOR_RESOURCES.interestRates,
      listParams({}),
    );
    expect(result).toEqual({ data: [{ ...period, id: '2025-01-01' }], total: 1, meta: { missing_years: [2026] } });
  });

  it('saves a period with PUT on its first day, sending the rate as a number and no other field', async () => {
    const saved = { effective_from: '2026-01-01', effective_to: '2026-12-31', annual_rate: '0.0725', source: 'IFTA' };
    fetchStub.mock.mockResolvedValueOnce(answer(200, saved));
    await operatorResources[OPERATOR_RESOURCES.interestRates].create!(OPERATOR_RESOURCES.interestRates, {
      data: { effective_from: '2026-01-01', effective_to: '2026-12-31', annual_rate: 0.0725, source: 'IFTA' },
    });
    expect(requested()).toBe('/api/operator/interest-rates/2026-01-01');
    expect(request().method).toBe('PUT');
    expect(await request().json()).toEqual({ effective_to: '2026-12-31', annual_rate: 0.0725, source: 'IFTA' });
  });

  it('searches the accounts by the trimmed text', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer(200, { data: [], pagination: { total: 0 } }));
    await operatorResources[OPERATOR_RESOURCES.accounts].getList!(
      OPERATOR_RESOURCES.accounts,
      listParams({ pagination: { page: 1, perPage: 20 }, filter: { q: '  acme ' } }),
    );
    expect(requested()).toBe('/api/operator/accounts?page=1&limit=20&search=acme');
  });

  it('reads the given-up e-mails a page at a time and hands their count over as the total', async () => {
    const mail = { id: 'm1', subject: 'Reminder', recipient: 'a@x.test', created_at: '2026-01-01', last_error: 'x' };
    fetchStub.mock.mockResolvedValueOnce(answer(200, { data: [mail], pagination: { total: 7 } }));
    const result = await operatorResources[OPERATOR_RESOURCES.mailFailures].getList!(
      OPERATOR_RESOURCES.mailFailures,
      listParams({ pagination: { page: 1, perPage: 5 } }),
    );
    expect(requested()).toBe('/api/operator/mail-failures?page=1&limit=5');
    expect(result).toEqual({ data: [mail], total: 7 });
  });
});

describe('the decisions on a matrix version', () => {
  const outcome = { outcome: 'published', matrix: { id: 'm-3', quarter: 'Q4-2025', version: 3 } };

  it('restores a version with the reason as JSON, and answers what the server published', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer(201, outcome));
    await expect(operatorMethods.restoreMatrix('m-1', 'The surcharge continues')).resolves.toEqual(outcome);
    expect(request().method).toBe('POST');
    expect(requested()).toBe('/api/operator/rate-matrices/m-1/restore');
    expect(await request().json()).toEqual({ reason: 'The surcharge continues' });
  });

  it('publishes a held version with the reason, and rejects with the server’s 409', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer(200, outcome));
    await expect(operatorMethods.publishHeldMatrix('m-2', 'IFTA bulletin')).resolves.toEqual(outcome);
    expect(requested()).toBe('/api/operator/rate-matrices/m-2/publish');
    fetchStub.mock.mockResolvedValueOnce(answer(409, { message: 'Version 2 of Q4-2025 is not held' }));
    await expect(operatorMethods.publishHeldMatrix('m-2', 'again')).rejects.toMatchObject({ status: 409 });
  });
});
