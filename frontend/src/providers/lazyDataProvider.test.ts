import { describe, expect, it, vi } from 'vitest';
import { dataProvider as real } from './dataProvider';
import { DATA_PROVIDER_METHODS, dataProvider as lazy } from './lazyDataProvider';

describe('the dataProvider that loads on its first call', () => {
  it("names every method of the real provider, and only those (add a new method's name to the list)", () => {
    expect([...DATA_PROVIDER_METHODS].sort()).toEqual(Object.keys(real).sort());
  });

  it('calls the real method with the same arguments and answers what it answers', async () => {
    const getMe = vi.spyOn(real, 'getMe').mockResolvedValue({ id: 'u1' } as Awaited<ReturnType<typeof real.getMe>>);
    await expect(lazy.getMe()).resolves.toEqual({ id: 'u1' });
    const getOne = vi.spyOn(real, 'getOne').mockResolvedValue({ data: { id: 'v1' } });
    await expect(lazy.getOne('vehicles', { id: 'v1' })).resolves.toEqual({ data: { id: 'v1' } });
    expect(getOne).toHaveBeenCalledWith('vehicles', { id: 'v1' });
    expect(getMe).toHaveBeenCalledTimes(1);
  });
});
