import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import { body, client } from '../api/client';
import type { paths } from '../api/schema';
import type { Vehicle, VehiclePayload } from '../api/types';

export const VEHICLE_PAGE_SIZE = 25;
type VehicleQuery = NonNullable<paths['/api/protected/vehicles']['get']['parameters']['query']>;
const SORT_FIELDS: Array<VehicleQuery['sort']> = ['unit', 'fuel_type', 'active_from', 'active_to', 'created_at'];
const PAYLOAD_FIELDS: Array<keyof VehiclePayload> = ['unit', 'fuel_type', 'vin', 'plate', 'active_from', 'active_to'];

export interface VehicleFilter {
  q?: string;
  fuel_type?: string;
}

/** react-admin's list params -> the vehicle list's query (the same paging and sorting as the other lists). */
export const vehiclesQuery = (params: Partial<GetListParams>): VehicleQuery => {
  const field = params.sort?.field as VehicleQuery['sort'];
  const filter = (params.filter ?? {}) as VehicleFilter;
  const search = filter.q?.trim();
  return {
    page: params.pagination?.page ?? 1,
    limit: params.pagination?.perPage ?? VEHICLE_PAGE_SIZE,
    sort: field && SORT_FIELDS.includes(field) ? field : 'unit',
    order: params.sort?.order === 'DESC' ? 'desc' : 'asc',
    ...(search ? { search } : {}),
    ...(filter.fuel_type ? { fuel_type: filter.fuel_type as VehicleQuery['fuel_type'] } : {}),
  };
};

/** The server refuses unknown fields: send only the form's, whatever else the record carries. */
const payload = (data: Partial<Vehicle>): Partial<VehiclePayload> =>
  Object.fromEntries(PAYLOAD_FIELDS.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));

const byId = (id: Identifier) => ({ params: { path: { id: String(id) } } });
const one = (id: Identifier) => body(client.GET('/api/protected/vehicles/{id}', byId(id)));

/** The `vehicles` resource on its endpoints and list envelope, through the typed client. */
export const vehiclesResource = {
  getList: async (_resource, params) => {
    const page = await body(client.GET('/api/protected/vehicles', { params: { query: vehiclesQuery(params) } }));
    return { data: page.data, total: page.pagination.total };
  },
  getOne: async (_resource, params) => ({ data: await one(params.id) }),
  getMany: async (_resource, params) => ({ data: await Promise.all(params.ids.map(one)) }),
  create: async (_resource, params) => ({
    data: await body(
      client.POST('/api/protected/vehicles', { body: payload(params.data as Partial<Vehicle>) as VehiclePayload }),
    ),
  }),
  update: async (_resource, params) => ({
    data: await body(
      client.PUT('/api/protected/vehicles/{id}', {
        ...byId(params.id),
        body: payload(params.data as Partial<Vehicle>),
      }),
    ),
  }),
  delete: async (_resource, params) => ({
    data: await body(client.DELETE('/api/protected/vehicles/{id}', byId(params.id))),
  }),
} as Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete'>;
