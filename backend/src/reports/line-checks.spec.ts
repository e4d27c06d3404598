import { describe, expect, it } from '@jest/globals';
import { milesWithoutFuel, taxableBeyondTotal } from './line-checks.js';

const line = (position: number, fields: Partial<Parameters<typeof milesWithoutFuel>[0][number]> = {}) => ({
  position,
  fuelType: 'diesel',
  totalMiles: 1000,
  taxableMiles: 1000,
  gallonsPurchased: 100,
  nonTaxPaidGallons: 0,
  ...fields,
});

describe('taxableBeyondTotal', () => {
  it('names each line whose taxable miles exceed its total miles', () => {
    expect(taxableBeyondTotal([line(0), line(3, { taxableMiles: 2000 })], true)).toEqual({
      'jurisdictions.3.taxable_miles': 'jurisdictions.3.taxable_miles (2000) cannot exceed its total_miles (1000)',
    });
  });

  it('leaves a worksheet line without total miles alone, as the specification allows', () => {
    expect(taxableBeyondTotal([line(0, { totalMiles: 0, taxableMiles: 1500 })], false)).toEqual({});
    expect(Object.keys(taxableBeyondTotal([line(0, { totalMiles: 0, taxableMiles: 1500 })], true))).toEqual([
      'jurisdictions.0.taxable_miles',
    ]);
  });
});

describe('milesWithoutFuel', () => {
  it('warns on the lines of a fuel the fleet bought none of, not on a fuel it bought elsewhere', () => {
    const lines = [
      line(0, { gallonsPurchased: 0 }),
      line(1),
      line(2, { fuelType: 'gasoline', gallonsPurchased: 0 }),
      line(3, { fuelType: 'gasoline', totalMiles: 0, taxableMiles: 0, gallonsPurchased: 0 }),
    ];
    expect(milesWithoutFuel(lines).map((warning) => warning.field)).toEqual(['jurisdictions.2']);
  });

  it('counts gallons bought without tax as fuel bought', () => {
    expect(
      milesWithoutFuel([line(0, { gallonsPurchased: 0 }), line(1, { nonTaxPaidGallons: 5, gallonsPurchased: 0 })]),
    ).toEqual([]);
  });
});
