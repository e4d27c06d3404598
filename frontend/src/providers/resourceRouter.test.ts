import { describe, expect, it, vi } from 'vitest';
import type { GetOneParams } from 'react-admin';
import { routeResources } from './resourceRouter';

describe("the data provider's resource routing", () => {
  it("sends a CRUD call to its resource's mapping", async () => {
    const getOne = vi.fn().mockResolvedValue({ data: { id: 'v1' } });
    const router = routeResources({ vehicles: { getOne } });
    await expect(router.getOne('vehicles', { id: 'v1' } as GetOneParams)).resolves.toEqual({ data: { id: 'v1' } });
    expect(getOne).toHaveBeenCalledWith('vehicles', { id: 'v1' });
  });

  it('refuses, by name, a resource or a method that has no mapping instead of guessing an address', async () => {
    const router = routeResources({ vehicles: { getOne: vi.fn() } });
    await expect(router.getOne('lorries', { id: 'x' } as GetOneParams)).rejects.toThrow(
      'The data provider has no getOne for the resource "lorries"',
    );
    await expect(router.deleteMany('vehicles', { ids: ['x'] })).rejects.toThrow(
      'The data provider has no deleteMany for the resource "vehicles"',
    );
  });
});
