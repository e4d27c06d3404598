import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import { httpClient } from './httpClient';
import type { BulkUpdateResult, TaxRate, TaxRatePage, TaxRatePayload } from '../api/types';
import { TAX_RATE_PAGE_SIZE } from '../api/constants';

const BASE = '/api/protected/tax-rates-management';
const SORT_FIELDS = ['name', 'rate', 'effective_date', 'created_at'];
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
const taxRatesQuery = (params: Partial<GetListParams>): URLSearchParams => {
  const page = params.pagination?.page ?? 1;
  const limit = params.pagination?.perPage ?? TAX_RATE_PAGE_SIZE;
  const field = params.sort?.field;
  const filter = (params.filter ?? {}) as TaxRateFilter;
  const query = new URLSearchParams({
    page: String(page),
    limit: String(limit),
    sort: field && SORT_FIELDS.includes(field) ? field : 'name',
    order: params.sort?.order === 'DESC' ? 'desc' : 'asc',
  });
  const search = filter.q?.trim();
  if (search) query.set('search', search);
  if (filter.country) query.set('country', filter.country);
  if (filter.is_active !== undefined && filter.is_active !== '') query.set('is_active', String(filter.is_active));
  if (filter.quarter) query.set('quarter', filter.quarter);
  if (filter.fuel_type) query.set('fuel_type', filter.fuel_type);
  return query;
};

/** The server refuses unknown fields: send only the form's, whatever else the record carries. */
const payload = (data: Partial<TaxRate>): Partial<TaxRatePayload> =>
  Object.fromEntries(PAYLOAD_FIELDS.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));

const one = async (id: Identifier) => (await httpClient<TaxRate>(`${BASE}/${encodeURIComponent(id)}`)).json;

/**
 * The `tax-rates` resource on the spec's endpoints and envelopes. react-admin's generic record types
 * cannot be narrowed per resource, hence the casts at this boundary.
 */
export const taxRatesResource = {
  getList: async (_resource, params) => {
    const { json } = await httpClient<TaxRatePage>(`${BASE}?${taxRatesQuery(params)}`);
    return { data: json.data, total: json.pagination.total };
  },
  getOne: async (_resource, params) => ({ data: await one(params.id) }),
  getMany: async (_resource, params) => ({ data: await Promise.all(params.ids.map(one)) }),
  create: async (_resource, params) => ({
    data: (await httpClient<TaxRate>(BASE, { method: 'POST', body: payload(params.data as Partial<TaxRate>) })).json,
  }),
  update: async (_resource, params) => ({
    data: (
      await httpClient<TaxRate>(`${BASE}/${encodeURIComponent(params.id)}`, {
        method: 'PUT',
        body: payload(params.data as Partial<TaxRate>),
      })
    ).json,
  }),
  delete: async (_resource, params) => ({
    data: (await httpClient<TaxRate>(`${BASE}/${encodeURIComponent(params.id)}`, { method: 'DELETE' })).json,
  }),
  /** Activate (n) / Deactivate (n): one PUT …/bulk with the ids and is_active (docs/product-spec.md §7). */
  updateMany: async (_resource, params) => {
    await bulkUpdateTaxRates(params.ids, Boolean((params.data as Partial<TaxRate>).is_active));
    return { data: params.ids };
  },
  deleteMany: async (_resource, params) => {
    for (const id of params.ids) await httpClient(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    return { data: params.ids };
  },
} as Pick<
  DataProvider,
  'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany'
>;

/** PUT …/bulk: activate or deactivate the selected rates; answers how many changed. */
const bulkUpdateTaxRates = async (ids: Identifier[], isActive: boolean): Promise<BulkUpdateResult> =>
  (await httpClient<BulkUpdateResult>(`${BASE}/bulk`, { method: 'PUT', body: { ids, is_active: isActive } })).json;
