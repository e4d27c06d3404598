import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import { body, client } from '../api/client';
import type { paths } from '../api/schema';
import type { BulkUpdateResult, TaxRate, TaxRatePayload } from '../api/types';
import { TAX_RATE_PAGE_SIZE } from '../api/constants';

type TaxRateQuery = NonNullable<paths['/api/protected/tax-rates-management']['get']['parameters']['query']>;
const SORT_FIELDS: Array<TaxRateQuery['sort']> = ['name', 'rate', 'effective_date', 'created_at'];
const PAYLOAD_FIELDS: Array<keyof TaxRatePayload> = [
  'name',
  'abbreviation',
  'rate',
  'country',
  'is_active',
  'effective_date',
];

export interface TaxRateFilter {
  q?: string;
  country?: string;
  is_active?: string | boolean;
  /** A quarter such as 'Q2-2026' and a fuel type; absent, the list is the spec's diesel table. */
  quarter?: string;
  fuel_type?: string;
}

/** react-admin's list params -> the management endpoint's query (docs/product-spec.md §7). */
const taxRatesQuery = (params: Partial<GetListParams>): TaxRateQuery => {
  const field = params.sort?.field as TaxRateQuery['sort'];
  const filter = (params.filter ?? {}) as TaxRateFilter;
  const search = filter.q?.trim();
  const active = filter.is_active !== undefined && filter.is_active !== '' ? String(filter.is_active) : undefined;
  return {
    page: params.pagination?.page ?? 1,
    limit: params.pagination?.perPage ?? TAX_RATE_PAGE_SIZE,
    sort: field && SORT_FIELDS.includes(field) ? field : 'name',
    order: params.sort?.order === 'DESC' ? 'desc' : 'asc',
    ...(search ? { search } : {}),
    ...(filter.country ? { country: filter.country as TaxRateQuery['country'] } : {}),
    ...(active ? { is_active: active as TaxRateQuery['is_active'] } : {}),
    ...(filter.quarter ? { quarter: filter.quarter } : {}),
    ...(filter.fuel_type ? { fuel_type: filter.fuel_type as TaxRateQuery['fuel_type'] } : {}),
  };
};

/** The server refuses unknown fields: send only the form's, whatever else the record carries. */
const payload = (data: Partial<TaxRate>): Partial<TaxRatePayload> =>
  Object.fromEntries(PAYLOAD_FIELDS.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));

const byId = (id: Identifier) => ({ params: { path: { id: String(id) } } });
const one = (id: Identifier) => body(client.GET('/api/protected/tax-rates-management/{id}', byId(id)));
const remove = (id: Identifier) => body(client.DELETE('/api/protected/tax-rates-management/{id}', byId(id)));

/**
 * The `tax-rates` resource on the spec's endpoints and envelopes, through the typed client. react-admin's generic
 * record types cannot be narrowed per resource, hence the casts at this boundary.
 */
export const taxRatesResource = {
  getList: async (_resource, params) => {
    const page = await body(
      client.GET('/api/protected/tax-rates-management', { params: { query: taxRatesQuery(params) } }),
    );
    return { data: page.data, total: page.pagination.total };
  },
  getOne: async (_resource, params) => ({ data: await one(params.id) }),
  getMany: async (_resource, params) => ({ data: await Promise.all(params.ids.map(one)) }),
  create: async (_resource, params) => ({
    data: await body(
      client.POST('/api/protected/tax-rates-management', {
        body: payload(params.data as Partial<TaxRate>) as TaxRatePayload,
      }),
    ),
  }),
  update: async (_resource, params) => ({
    data: await body(
      client.PUT('/api/protected/tax-rates-management/{id}', {
        ...byId(params.id),
        body: payload(params.data as Partial<TaxRate>),
      }),
    ),
  }),
  delete: async (_resource, params) => ({ data: await remove(params.id) }),
  /** Activate (n) / Deactivate (n): one PUT …/bulk with the ids and is_active (docs/product-spec.md §7). */
  updateMany: async (_resource, params) => {
    await bulkUpdateTaxRates(params.ids, Boolean((params.data as Partial<TaxRate>).is_active));
    return { data: params.ids };
  },
  deleteMany: async (_resource, params) => {
    for (const id of params.ids) await remove(id);
    return { data: params.ids };
  },
} as Pick<
  DataProvider,
  'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany'
>;

/** PUT …/bulk: activate or deactivate the selected rates; answers how many changed. */
const bulkUpdateTaxRates = (ids: Identifier[], isActive: boolean): Promise<BulkUpdateResult> =>
  body(
    client.PUT('/api/protected/tax-rates-management/bulk', {
      body: { ids: ids.map(String), is_active: isActive },
    }),
  );
