import { describe, expect, it } from '@jest/globals';
import { calculateOfficialReturn } from './official-return.js';

const line = (code: string, fuelType: string, miles: number, gallons: number, taxRate = 0.1) => ({
  name: code,
  code,
  fuelType,
  totalMiles: miles,
  taxableMiles: miles,
  gallonsPurchased: gallons,
  taxRate,
});

describe('calculateOfficialReturn', () => {
  const table = new Map([['diesel', new Map([['TX', { rate: '0.2000', surchargeRate: 0 }]])]]);

  it('takes the table rate where it has one and keeps the typed rate elsewhere, in the order given', () => {
    const result = calculateOfficialReturn(
      [line('OK', 'gasoline', 800, 100, 0.3), line('TX', 'diesel', 1000, 100), line('OK', 'diesel', 500, 0, 0.19)],
      0,
      table,
    );
    expect(result.rows.map((row) => [row.code, row.fuelType, row.official.taxRate, row.rateSource])).toEqual([
      ['OK', 'gasoline', 0.3, 'typed'],
      ['TX', 'diesel', 0.2, 'table'],
      ['OK', 'diesel', 0.19, 'typed'],
    ]);
    expect(result.fuels.map((fuel) => [fuel.fuelType, fuel.schedule.fleetMpg])).toEqual([
      ['gasoline', 8],
      ['diesel', 15],
    ]);
  });

  it('lets a typed MPG override a single-fuel return only', () => {
    const single = calculateOfficialReturn([line('TX', 'diesel', 1000, 100)], 5, table);
    expect(single.fuels[0].schedule).toMatchObject({ mpg: 5, mpgSource: 'typed', fleetMpg: 10 });
    const two = calculateOfficialReturn([line('TX', 'diesel', 1000, 100), line('TX', 'gasoline', 600, 100)], 5, table);
    expect(two.fuels.map((fuel) => [fuel.schedule.mpg, fuel.schedule.mpgSource])).toEqual([
      [10, 'fleet'],
      [6, 'fleet'],
    ]);
  });

  it('sums the schedules exactly', () => {
    const result = calculateOfficialReturn(
      [line('OK', 'diesel', 1000, 90, 0.1), line('OK', 'gasoline', 1000, 90, 0.1)],
      0,
      new Map(),
    );
    // Each: 11.11 MPG, 1,000 / 11.11 = 90.01 -> 90 gallons, net 0: no tax; the totals add the two schedules.
    expect(result.totals).toMatchObject({ totalMiles: 2000, totalGallons: 180, taxDue: 0, isNoTaxDue: true });
  });
});
