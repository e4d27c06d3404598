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
 * react-admin's CRUD methods, each sent to its resource's own mapping (its endpoints and envelopes follow the spec,
 * not a generic REST convention). A resource or method without one is refused by name: a guessed address would
 * reach the wrong endpoint or none, and the refusal names what to map.
 */
export const routeResources = (resources: Record<string, Partial<DataProvider>>): Pick<DataProvider, CrudMethod> =>
  Object.fromEntries(
    CRUD_METHODS.map((method) => [
      method,
      // Each method keeps its own signature; the dispatcher only picks which implementation runs.
      (resource: string, params: unknown) => {
        const mapped = resources[resource]?.[method] as ((r: string, p: unknown) => Promise<unknown>) | undefined;
        return mapped
          ? mapped(resource, params)
          : Promise.reject(new Error(`The data provider has no ${method} for the resource "${resource}"`));
      },
    ]),
  ) as Pick<DataProvider, CrudMethod>;
