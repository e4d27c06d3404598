import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import { body, client, type JsonBody } from '../api/client';
import type { paths } from '../api/schema';

/** A page of the records screens holds this many rows (the server's own default is larger). */
export const RECORD_PAGE_SIZE = 25;

/** The records screen's filters: a quarter, a unit, and the ids a records-health finding links to. */
export interface RecordFilter {
  period?: string;
  unit?: string;
  ids?: string[];
}

type RecordListQuery = NonNullable<paths['/api/protected/trips']['get']['parameters']['query']>;

/** react-admin's list params -> the record list's query (backend/src/records, ListRecordsDto). */
export const recordsQuery = (params: Partial<GetListParams>): RecordListQuery => {
  const filter = (params.filter ?? {}) as RecordFilter;
  const unit = filter.unit?.trim();
  return {
    page: params.pagination?.page ?? 1,
    limit: params.pagination?.perPage ?? RECORD_PAGE_SIZE,
    ...(filter.period ? { period: filter.period } : {}),
    ...(unit ? { unit } : {}),
    ...(filter.ids?.length ? { ids: filter.ids.join(',') } : {}),
  };
};

type TripBody = JsonBody<paths['/api/protected/trips']['post']>;
type TripUpdate = JsonBody<paths['/api/protected/trips/{id}']['put']>;
type FuelBody = JsonBody<paths['/api/protected/fuel-purchases']['post']>;
type FuelUpdate = JsonBody<paths['/api/protected/fuel-purchases/{id}']['put']>;

type RecordResource = Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete'>;
const path = (id: Identifier) => ({ params: { path: { id: String(id) } } });

/**
 * Trips and fuel purchases as react-admin resources on their endpoints and list envelope, through the typed client.
 * react-admin's record types cannot be narrowed per resource, hence the casts at this boundary; the bodies are the
 * edit dialog's, checked by the server (a 400 names the field).
 */
export const tripsResource = {
  getList: async (_resource, params) => {
    const page = await body(client.GET('/api/protected/trips', { params: { query: recordsQuery(params) } }));
    return { data: page.data, total: page.pagination.total };
  },
  getOne: async (_resource, params) => ({ data: await body(client.GET('/api/protected/trips/{id}', path(params.id))) }),
  getMany: async (_resource, params) => ({
    data: await Promise.all(params.ids.map((id) => body(client.GET('/api/protected/trips/{id}', path(id))))),
  }),
  create: async (_resource, params) => ({
    data: await body(client.POST('/api/protected/trips', { body: params.data as TripBody })),
  }),
  update: async (_resource, params) => ({
    data: await body(client.PUT('/api/protected/trips/{id}', { ...path(params.id), body: params.data as TripUpdate })),
  }),
  // The server answers `{deleted, id}`; react-admin wants the record that went, which the caller already holds.
  delete: async (_resource, params) => {
    await client.DELETE('/api/protected/trips/{id}', path(params.id));
    return { data: { ...params.previousData, id: params.id } };
  },
} as RecordResource;

export const fuelPurchasesResource = {
  getList: async (_resource, params) => {
    const page = await body(client.GET('/api/protected/fuel-purchases', { params: { query: recordsQuery(params) } }));
    return { data: page.data, total: page.pagination.total };
  },
  getOne: async (_resource, params) => ({
    data: await body(client.GET('/api/protected/fuel-purchases/{id}', path(params.id))),
  }),
  getMany: async (_resource, params) => ({
    data: await Promise.all(params.ids.map((id) => body(client.GET('/api/protected/fuel-purchases/{id}', path(id))))),
  }),
  create: async (_resource, params) => ({
    data: await body(client.POST('/api/protected/fuel-purchases', { body: params.data as FuelBody })),
  }),
  update: async (_resource, params) => ({
    data: await body(
      client.PUT('/api/protected/fuel-purchases/{id}', { ...path(params.id), body: params.data as FuelUpdate }),
    ),
  }),
  delete: async (_resource, params) => {
    await client.DELETE('/api/protected/fuel-purchases/{id}', path(params.id));
    return { data: { ...params.previousData, id: params.id } };
  },
} as RecordResource;
