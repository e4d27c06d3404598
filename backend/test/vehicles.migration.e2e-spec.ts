import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource, type QueryRunner } from 'typeorm';
import { Vehicles1764730000000 } from '../src/database/migrations/1764730000000-vehicles.js';

/**
 * The migration that adds vehicles, on records kept before it (in a scratch schema of the run's database, with the
 * columns of users, trips and fuel purchases it reads): every unit named becomes a vehicle with the fuel it bought
 * most of, as returns computed it until then.
 */
describe('migration Vehicles1764730000000', () => {
  const schema = `mig_vehicles_${process.pid}`;
  let db: DataSource;
  let q: QueryRunner;
  let a: string;
  let b: string;

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
    await db.initialize();
    q = db.createQueryRunner();
    await q.connect();
    await q.query(`CREATE SCHEMA ${schema}`);
    await q.query(`SET search_path TO ${schema}, public`);
    await q.query(`CREATE TABLE users (id uuid PRIMARY KEY DEFAULT gen_random_uuid())`);
    await q.query(`CREATE TABLE trips (user_id uuid NOT NULL, unit varchar(50) NOT NULL)`);
    await q.query(`CREATE TABLE fuel_purchases (
      user_id uuid NOT NULL, unit varchar(50) NOT NULL, fuel_type varchar(30) NOT NULL, gallons numeric(14,3) NOT NULL)`);
    [{ id: a }, { id: b }] = await q.query(`INSERT INTO users (id) VALUES (DEFAULT), (DEFAULT) RETURNING id`);
    for (const unit of ['T1', 't1', 'V1', 'N1', 'E1']) await q.query(`INSERT INTO trips VALUES ($1, $2)`, [a, unit]);
    const fuel = [
      [a, 'T1', 'diesel', 300],
      [a, 't1', 'gasoline', 10],
      [a, 'V1', 'gasoline', 80],
      [a, 'V1', 'diesel', 20],
      // A tie goes to diesel.
      [a, 'E1', 'propane', 50],
      [a, 'E1', 'diesel', 50],
      // A unit named on receipts only.
      [a, 'R1', 'cng', 5],
      [b, 'T1', 'gasoline', 1],
    ];
    for (const row of fuel) await q.query(`INSERT INTO fuel_purchases VALUES ($1, $2, $3, $4)`, row);
    await new Vehicles1764730000000().up(q);
  });

  afterAll(async () => {
    await q.query(`DROP SCHEMA ${schema} CASCADE`);
    await q.release();
    await db.destroy();
  });

  const vehicles = async (userId: string) =>
    q.query(`SELECT unit, fuel_type, fuel_type_source FROM vehicles WHERE user_id = $1 ORDER BY lower(unit)`, [userId]);

  it("makes a vehicle of every unit the account's records name, with the fuel it bought most of", async () => {
    expect(await vehicles(a)).toEqual([
      { unit: 'E1', fuel_type: 'diesel', fuel_type_source: 'purchases' },
      { unit: 'N1', fuel_type: 'diesel', fuel_type_source: 'default' },
      { unit: 'R1', fuel_type: 'cng', fuel_type_source: 'purchases' },
      { unit: 'T1', fuel_type: 'diesel', fuel_type_source: 'purchases' },
      { unit: 'V1', fuel_type: 'gasoline', fuel_type_source: 'purchases' },
    ]);
    expect(await vehicles(b)).toEqual([{ unit: 'T1', fuel_type: 'gasoline', fuel_type_source: 'purchases' }]);
  });

  it('keeps one vehicle per unit whatever its case, and active dates in order', async () => {
    await expect(
      q.query(`INSERT INTO vehicles (user_id, unit, fuel_type) VALUES ($1, 'v1', 'diesel')`, [a]),
    ).rejects.toThrow(/vehicles_user_unit/);
    await expect(
      q.query(
        `INSERT INTO vehicles (user_id, unit, fuel_type, active_from, active_to)
         VALUES ($1, 'X9', 'diesel', '2026-02-01', '2026-01-31')`,
        [a],
      ),
    ).rejects.toThrow(/vehicles_active_dates_in_order/);
  });
});
