import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { invoicesResource, paymentMethodsResource } from './billingResources';
import { answer, stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

/** The typed client hands fetch a Request. */
const request = (call: number) => fetchStub.mock.mock.calls[call][0] as Request;
const asked = (call: number) => new URL(request(call).url);

describe('the invoices resource', () => {
  it('asks for a page and reads the common envelope, not the spec fields beside it', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      answer({
        invoices: [{ id: 'stale' }],
        total: 99,
        data: [{ id: 'i11' }, { id: 'i12' }],
        pagination: { total: 12, totalPages: 2, page: 2, limit: 10 },
      }),
    );
    const result = await invoicesResource.getList('invoices', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    } as GetListParams);
    expect(asked(0).pathname).toBe('/api/protected/invoices');
    expect(Object.fromEntries(asked(0).searchParams)).toEqual({ page: '2', limit: '10' });
    expect(result).toEqual({ data: [{ id: 'i11' }, { id: 'i12' }], total: 12 });
  });
});

describe('the payment-methods resource', () => {
  it('lists every saved card as one page', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ payment_methods: [{ id: 'c1' }, { id: 'c2' }] }));
    const result = await paymentMethodsResource.getList('payment-methods', {} as GetListParams);
    expect(result).toEqual({ data: [{ id: 'c1' }, { id: 'c2' }], total: 2 });
  });

  it('saves a tokenised card by its payment method id', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ id: 'c3', is_default: true }));
    const result = await paymentMethodsResource.create('payment-methods', { data: { payment_method_id: 'pm_1' } });
    expect(request(0).method).toBe('POST');
    expect(await request(0).json()).toEqual({ payment_method_id: 'pm_1' });
    expect(result.data).toEqual({ id: 'c3', is_default: true });
  });

  it('sends only the nickname or the default flag of an update, whatever else the card carries', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ success: true }));
    await paymentMethodsResource.update('payment-methods', {
      id: 'c1',
      data: { nickname: 'Fleet card', last4: '4242' },
      previousData: { id: 'c1' },
    });
    expect(asked(0).pathname).toBe('/api/protected/payment-methods/c1');
    expect(request(0).method).toBe('PUT');
    expect(await request(0).json()).toEqual({ nickname: 'Fleet card' });
  });

  it('deletes a card by its id', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ success: true }));
    const result = await paymentMethodsResource.delete('payment-methods', { id: 'c2', previousData: { id: 'c2' } });
    expect(asked(0).pathname).toBe('/api/protected/payment-methods/c2');
    expect(request(0).method).toBe('DELETE');
    expect(result.data).toEqual({ id: 'c2' });
  });
});
