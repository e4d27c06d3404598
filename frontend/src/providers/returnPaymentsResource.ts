import type { DataProvider } from 'react-admin';
import { body, client } from '../api/client';
import type { ReturnPayment, ReturnPaymentPayload } from '../api/types';

/** The resource's name: the payments, refunds and credits carried forward of one report's return. */
export const REPORT_PAYMENTS = 'report-payments';

const reportIdOf = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') throw new Error('report-payments needs the report_id it belongs to');
  return value;
};

/**
 * The `report-payments` resource. Its entries live under their report (…/reports/{id}/payments), so every call
 * names the report: the list's filter `report_id`, a create's data, a delete's meta (or the entry's report_id). The
 * server answers a return's entries at once (a handful), so the list is one page whatever react-admin asks.
 */
export const reportPaymentsResource = {
  getList: async (_resource, params) => {
    const id = reportIdOf((params.filter as { report_id?: unknown } | undefined)?.report_id);
    const payments = await body(client.GET('/api/protected/reports/{id}/payments', { params: { path: { id } } }));
    return { data: payments, total: payments.length };
  },
  create: async (_resource, params) => {
    const { report_id, ...payment } = params.data as ReturnPaymentPayload & { report_id?: string };
    const id = reportIdOf(report_id);
    return {
      data: await body(
        client.POST('/api/protected/reports/{id}/payments', { params: { path: { id } }, body: payment }),
      ),
    };
  },
  delete: async (_resource, params) => {
    const previous = params.previousData as ReturnPayment | undefined;
    const id = reportIdOf((params.meta as { report_id?: string } | undefined)?.report_id ?? previous?.report_id);
    await body(
      client.DELETE('/api/protected/reports/{id}/payments/{paymentId}', {
        params: { path: { id, paymentId: String(params.id) } },
      }),
    );
    return { data: previous ?? ({ id: params.id } as ReturnPayment) };
  },
} as Pick<DataProvider, 'getList' | 'create' | 'delete'>;
