import type { DataProvider } from 'react-admin';
import { body, client } from '../api/client';
import type { PaymentMethod } from '../api/types';
import { INVOICE_PAGE_SIZE } from '../api/constants';

const card = (id: unknown) => ({ params: { path: { id: String(id) } } });

/**
 * The `payment-methods` resource: the account's saved cards. The server answers them all at once (a handful at
 * most), so the list is one page whatever react-admin asks; update sends only `is_default` or `nickname`, the two
 * things a card's row changes.
 */
export const paymentMethodsResource = {
  getList: async () => {
    const cards = (await body(client.GET('/api/protected/payment-methods'))).payment_methods;
    return { data: cards, total: cards.length };
  },
  create: async (_resource, params) => ({
    data: await body(
      client.POST('/api/protected/payment-methods', {
        body: { payment_method_id: (params.data as { payment_method_id: string }).payment_method_id },
      }),
    ),
  }),
  update: async (_resource, params) => {
    const { is_default, nickname } = params.data as Partial<PaymentMethod>;
    await client.PUT('/api/protected/payment-methods/{id}', { ...card(params.id), body: { is_default, nickname } });
    // The server may change other cards too (a new default); the list is read again after any change.
    return { data: { ...params.previousData, ...params.data, id: params.id } };
  },
  delete: async (_resource, params) => {
    await client.DELETE('/api/protected/payment-methods/{id}', card(params.id));
    return { data: { ...params.previousData, id: params.id } };
  },
} as Pick<DataProvider, 'getList' | 'create' | 'update' | 'delete'>;

/** The `invoices` resource: pages of the account's invoices, newest first, read from the common list envelope. */
export const invoicesResource = {
  getList: async (_resource, params) => {
    const page = await body(
      client.GET('/api/protected/invoices', {
        params: {
          query: { page: params.pagination?.page ?? 1, limit: params.pagination?.perPage ?? INVOICE_PAGE_SIZE },
        },
      }),
    );
    return { data: page.data, total: page.pagination.total };
  },
  getOne: async (_resource, params) => ({
    data: await body(client.GET('/api/protected/invoices/{id}', { params: { path: { id: String(params.id) } } })),
  }),
} as Pick<DataProvider, 'getList' | 'getOne'>;
