import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient';
import type { Invoice, InvoicePage, PaymentMethod, PaymentMethodList } from '../api/types';
import { INVOICE_PAGE_SIZE } from '../api/constants';

const PAYMENT_METHODS = '/api/protected/payment-methods';
const INVOICES = '/api/protected/invoices';

const id = (value: string | number) => encodeURIComponent(String(value));

/**
 * The `payment-methods` resource: the account's saved cards. The server answers them all at once (a handful at
 * most), so the list is one page whatever react-admin asks; update sends only `is_default` or `nickname`, the two
 * things a card's row changes.
 */
export const paymentMethodsResource = {
  getList: async () => {
    const cards = (await httpClient<PaymentMethodList>(PAYMENT_METHODS)).json.payment_methods;
    return { data: cards, total: cards.length };
  },
  create: async (_resource, params) => ({
    data: (
      await httpClient<PaymentMethod>(PAYMENT_METHODS, {
        method: 'POST',
        body: { payment_method_id: (params.data as { payment_method_id: string }).payment_method_id },
      })
    ).json,
  }),
  update: async (_resource, params) => {
    const { is_default, nickname } = params.data as Partial<PaymentMethod>;
    await httpClient(`${PAYMENT_METHODS}/${id(params.id)}`, { method: 'PUT', body: { is_default, nickname } });
    // The server may change other cards too (a new default); the list is read again after any change.
    return { data: { ...params.previousData, ...params.data, id: params.id } };
  },
  delete: async (_resource, params) => {
    await httpClient(`${PAYMENT_METHODS}/${id(params.id)}`, { method: 'DELETE' });
    return { data: { ...params.previousData, id: params.id } };
  },
} as Pick<DataProvider, 'getList' | 'create' | 'update' | 'delete'>;

/** The `invoices` resource: pages of the account's invoices, newest first, read from the common list envelope. */
export const invoicesResource = {
  getList: async (_resource, params) => {
    const query = new URLSearchParams({
      page: String(params.pagination?.page ?? 1),
      limit: String(params.pagination?.perPage ?? INVOICE_PAGE_SIZE),
    });
    const { json } = await httpClient<InvoicePage>(`${INVOICES}?${query}`);
    return { data: json.data, total: json.pagination.total };
  },
  getOne: async (_resource, params) => ({
    data: (await httpClient<Invoice>(`${INVOICES}/${id(params.id)}`)).json,
  }),
} as Pick<DataProvider, 'getList' | 'getOne'>;
