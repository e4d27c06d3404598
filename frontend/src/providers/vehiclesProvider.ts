import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import { httpClient } from './httpClient';
import type { Vehicle, VehiclePage, VehiclePayload } from '../api/types';

const BASE = '/api/protected/vehicles';
export const VEHICLE_PAGE_SIZE = 25;
const SORT_FIELDS = ['unit', 'fuel_type', 'active_from', 'active_to', 'created_at'];
const PAYLOAD_FIELDS: Array<keyof VehiclePayload> = ['unit', 'fuel_type', 'vin', 'plate', 'active_from', 'active_to'];

export interface VehicleFilter {
  q?: string;
  fuel_type?: string;
}

/** react-admin's list params -> the vehicle list's query (the same paging and sorting as the other lists). */
export const vehiclesQuery = (params: Partial<GetListParams>): URLSearchParams => {
  const field = params.sort?.field;
  const filter = (params.filter ?? {}) as VehicleFilter;
  const query = new URLSearchParams({
    page: String(params.pagination?.page ?? 1),
    limit: String(params.pagination?.perPage ?? VEHICLE_PAGE_SIZE),
    sort: field && SORT_FIELDS.includes(field) ? field : 'unit',
    order: params.sort?.order === 'DESC' ? 'desc' : 'asc',
  });
  const search = filter.q?.trim();
  if (search) query.set('search', search);
  if (filter.fuel_type) query.set('fuel_type', filter.fuel_type);
  return query;
};

/** The server refuses unknown fields: send only the form's, whatever else the record carries. */
const payload = (data: Partial<Vehicle>): Partial<VehiclePayload> =>
  Object.fromEntries(PAYLOAD_FIELDS.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));

const one = async (id: Identifier) => (await httpClient<Vehicle>(`${BASE}/${encodeURIComponent(id)}`)).json;

/** The `vehicles` resource on its endpoints and list envelope. */
export const vehiclesResource = {
  getList: async (_resource, params) => {
    const { json } = await httpClient<VehiclePage>(`${BASE}?${vehiclesQuery(params)}`);
    return { data: json.data, total: json.pagination.total };
  },
  getOne: async (_resource, params) => ({ data: await one(params.id) }),
  getMany: async (_resource, params) => ({ data: await Promise.all(params.ids.map(one)) }),
  create: async (_resource, params) => ({
    data: (await httpClient<Vehicle>(BASE, { method: 'POST', body: payload(params.data as Partial<Vehicle>) })).json,
  }),
  update: async (_resource, params) => ({
    data: (
      await httpClient<Vehicle>(`${BASE}/${encodeURIComponent(params.id)}`, {
        method: 'PUT',
        body: payload(params.data as Partial<Vehicle>),
      })
    ).json,
  }),
  delete: async (_resource, params) => ({
    data: (await httpClient<Vehicle>(`${BASE}/${encodeURIComponent(params.id)}`, { method: 'DELETE' })).json,
  }),
} as Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete'>;
