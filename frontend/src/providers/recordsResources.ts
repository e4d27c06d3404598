import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import { httpClient } from './httpClient';
import type { FuelPurchaseRecord, FuelPurchasePage, TripPage, TripRecord } from '../api/types';

/** A page of the records screens holds this many rows (the server's own default is larger). */
export const RECORD_PAGE_SIZE = 25;

/** The records screen's filters: a quarter, a unit, and the ids a records-health finding links to. */
export interface RecordFilter {
  period?: string;
  unit?: string;
  ids?: string[];
}

/** react-admin's list params -> the record list's query (backend/src/records, ListRecordsDto). */
export const recordsQuery = (params: Partial<GetListParams>): URLSearchParams => {
  const filter = (params.filter ?? {}) as RecordFilter;
  const query = new URLSearchParams({
    page: String(params.pagination?.page ?? 1),
    limit: String(params.pagination?.perPage ?? RECORD_PAGE_SIZE),
  });
  if (filter.period) query.set('period', filter.period);
  const unit = filter.unit?.trim();
  if (unit) query.set('unit', unit);
  if (filter.ids?.length) query.set('ids', filter.ids.join(','));
  return query;
};

type RecordResource = Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete'>;

/**
 * One kind of record (trips or fuel purchases) as a react-admin resource on its endpoints and list envelope. The
 * two differ only in their path and row type; the casts sit at this boundary because react-admin's record types
 * cannot be narrowed per resource.
 */
const recordResource = <Row extends { id: string }, Page extends { data: Row[]; pagination: { total: number } }>(
  base: string,
): RecordResource => {
  const one = async (id: Identifier) => (await httpClient<Row>(`${base}/${encodeURIComponent(id)}`)).json;
  return {
    getList: async (_resource, params) => {
      const { json } = await httpClient<Page>(`${base}?${recordsQuery(params)}`);
      return { data: json.data, total: json.pagination.total };
    },
    getOne: async (_resource, params) => ({ data: await one(params.id) }),
    getMany: async (_resource, params) => ({ data: await Promise.all(params.ids.map(one)) }),
    create: async (_resource, params) => ({
      data: (await httpClient<Row>(base, { method: 'POST', body: params.data })).json,
    }),
    update: async (_resource, params) => ({
      data: (await httpClient<Row>(`${base}/${encodeURIComponent(params.id)}`, { method: 'PUT', body: params.data }))
        .json,
    }),
    // The server answers `{deleted, id}`; react-admin wants the record that went, which the caller already holds.
    delete: async (_resource, params) => {
      await httpClient(`${base}/${encodeURIComponent(params.id)}`, { method: 'DELETE' });
      return { data: { ...params.previousData, id: params.id } };
    },
  } as RecordResource;
};

export const tripsResource = recordResource<TripRecord, TripPage>('/api/protected/trips');
export const fuelPurchasesResource = recordResource<FuelPurchaseRecord, FuelPurchasePage>(
  '/api/protected/fuel-purchases',
);
