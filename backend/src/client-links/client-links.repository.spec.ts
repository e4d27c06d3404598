import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { ClientLinksRepository } from './client-links.repository.js';

const PREPARER = '6f2f0c1e-9a53-4d3b-8a52-2b1f6c0e9d10';
const CLIENT = '0c7d5b2a-3e4f-4a1b-9c8d-7e6f5a4b3c21';
const CARRIER = '9b8a7c6d-5e4f-4321-8765-4321fedcba98';

/** A DataSource whose pool answers the payer query from `links` and counts what it was asked. */
function poolOf(links: Record<string, string>) {
  const query = jest.fn(async ({ values }: { values: string[] }) => ({
    rows: links[values[0]] ? [{ managed_by: links[values[0]] }] : [],
  }));
  return { db: { driver: { master: { query } } } as unknown as DataSource, query };
}

describe('ClientLinksRepository.payerOf', () => {
  it('answers the preparer for a client it pays for, and the company itself otherwise', async () => {
    const { db } = poolOf({ [CLIENT]: PREPARER });
    const links = new ClientLinksRepository(db);
    expect(await links.payerOf(CLIENT)).toBe(PREPARER);
    expect(await links.payerOf(CARRIER)).toBe(CARRIER);
  });

  it('asks the database once per company, however many guarded requests follow', async () => {
    const { db, query } = poolOf({ [CLIENT]: PREPARER });
    const links = new ClientLinksRepository(db);
    for (let i = 0; i < 5; i++) {
      expect(await links.payerOf(CLIENT)).toBe(PREPARER);
      expect(await links.payerOf(CARRIER)).toBe(CARRIER);
    }
    expect(query).toHaveBeenCalledTimes(2);
  });
});
