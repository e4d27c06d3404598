import type { DataProvider } from 'react-admin';

type CrudMethod =
  'getList' | 'getOne' | 'getMany' | 'getManyReference' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany';
const CRUD_METHODS: CrudMethod[] = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
];

/**
 * react-admin's CRUD methods, sent to a resource's own mapping when it has one (its endpoints and
 * envelopes follow the spec, not simple-rest), otherwise to `fallback`.
 */
export const routeResources = (
  fallback: DataProvider,
  resources: Record<string, Partial<DataProvider>>,
): Pick<DataProvider, CrudMethod> =>
  Object.fromEntries(
    CRUD_METHODS.map((method) => [
      method,
      // Each method keeps its own signature; the dispatcher only picks which implementation runs.
      (resource: string, params: unknown) =>
        ((resources[resource]?.[method] ?? fallback[method]) as (r: string, p: unknown) => Promise<unknown>)(
          resource,
          params,
        ),
    ]),
  ) as Pick<DataProvider, CrudMethod>;
