import { describe, expect, it } from '@jest/globals';
import { calculateJurisdiction, calculateReport, isNoTaxDue } from './calculate.js';
import { roundMoney, roundRate, toNumber } from './rounding.js';

describe('calculateJurisdiction', () => {
  it('turns 2,500 taxable miles at 5.00 MPG into 500 taxable gallons (IFTA-DOMAIN example 1)', () => {
    expect(
      calculateJurisdiction({ taxableMiles: 2500, gallonsPurchased: 0, taxRate: 0 }, 10000 / 2000).gallonsConsumed,
    ).toBe(500);
  });

  it('owes $58.00 on 1,500 taxable miles at 5 MPG with 200 gallons bought at $0.58 (example 2)', () => {
    expect(calculateJurisdiction({ taxableMiles: 1500, gallonsPurchased: 200, taxRate: 0.58 }, 5)).toEqual({
      gallonsConsumed: 300,
      netGallons: 100,
      taxDue: 58,
    });
  });

  it('credits $45.00 for 150 gallons bought at $0.30 with no taxable miles (example 3)', () => {
    expect(calculateJurisdiction({ taxableMiles: 0, gallonsPurchased: 150, taxRate: 0.3 }, 6.5)).toEqual({
      gallonsConsumed: 0,
      netGallons: -150,
      taxDue: -45,
    });
  });

  it.each([0, -3, null, undefined, Number.NaN, 'abc'])(
    'consumes nothing when MPG is %p, so the row is a credit',
    (mpg) => {
      expect(calculateJurisdiction({ taxableMiles: 1000, gallonsPurchased: 100, taxRate: 0.5 }, mpg)).toEqual({
        gallonsConsumed: 0,
        netGallons: -100,
        taxDue: -50,
      });
    },
  );

  it('counts an empty row as zeros', () => {
    expect(calculateJurisdiction({}, 6)).toEqual({ gallonsConsumed: 0, netGallons: 0, taxDue: 0 });
  });

  it('counts NaN, Infinity and blank strings as 0 and reads numeric strings', () => {
    expect(calculateJurisdiction({ taxableMiles: Number.NaN, gallonsPurchased: Infinity, taxRate: '' }, 5)).toEqual({
      gallonsConsumed: 0,
      netGallons: 0,
      taxDue: 0,
    });
    expect(calculateJurisdiction({ taxableMiles: '1000', gallonsPurchased: ' 50 ', taxRate: '0.25' }, '5')).toEqual({
      gallonsConsumed: 200,
      netGallons: 150,
      taxDue: 37.5,
    });
  });

  it('keeps gallons unrounded and rounds only the money', () => {
    const result = calculateJurisdiction({ taxableMiles: 1000, gallonsPurchased: 0, taxRate: 0.3333 }, 6.7);
    expect(result.gallonsConsumed).toBeCloseTo(149.2537313, 6);
    expect(result.taxDue).toBe(49.75); // 149.2537... x 0.3333 = 49.7462...
  });

  it('stays exact to the cent on huge values (a billion miles)', () => {
    const result = calculateJurisdiction(
      { taxableMiles: 1_000_000_000, gallonsPurchased: 1_000_000, taxRate: 0.6125 },
      6.25,
    );
    expect(result.gallonsConsumed).toBe(160_000_000);
    expect(result.netGallons).toBe(159_000_000);
    expect(result.taxDue).toBe(97_387_500);
  });
});

describe('calculateReport', () => {
  const rows = [
    { name: 'TX', totalMiles: 1600, taxableMiles: 1500, gallonsPurchased: 200, taxRate: 0.2 },
    { name: 'OK', totalMiles: 0, taxableMiles: 0, gallonsPurchased: 150, taxRate: 0.19 },
    { name: 'AR', totalMiles: 500, taxableMiles: 500, gallonsPurchased: 0, taxRate: 0.285 },
  ];

  it('adds every row its results and sums the totals', () => {
    const { rows: out, totals } = calculateReport(rows, 5);
    expect(out.map((r) => [r.name, r.gallonsConsumed, r.netGallons, r.taxDue])).toEqual([
      ['TX', 300, 100, 20],
      ['OK', 0, -150, -28.5],
      ['AR', 100, 100, 28.5],
    ]);
    expect(totals).toEqual({
      totalMiles: 2100,
      taxableMiles: 2000,
      gallonsPurchased: 350,
      gallonsConsumed: 400,
      netGallons: 50,
      taxDue: 20,
      isNoTaxDue: false,
    });
  });

  it('shows a net credit as a negative total', () => {
    const { totals } = calculateReport([rows[1]], 5);
    expect(totals.taxDue).toBe(-28.5);
    expect(totals.isNoTaxDue).toBe(false);
  });

  it("calls a total of exactly zero 'No Tax Due' when a due and a credit cancel", () => {
    const { totals } = calculateReport([rows[1], rows[2]], 5);
    expect(totals.taxDue).toBe(0);
    expect(totals.isNoTaxDue).toBe(true);
  });

  it('makes the total foot with the rounded rows', () => {
    // Each row is 0.005 before rounding: rounded rows are 0.01 each, so the total is 0.03, not round(0.015).
    const third = { taxableMiles: 0, gallonsPurchased: 0.01, taxRate: -0.5 };
    const { rows: out, totals } = calculateReport([third, third, third], 5);
    expect(out.map((r) => r.taxDue)).toEqual([0.01, 0.01, 0.01]);
    expect(totals.taxDue).toBe(0.03);
  });

  it('answers zero totals and No Tax Due for no rows', () => {
    expect(calculateReport([], 5).totals).toEqual({
      totalMiles: 0,
      taxableMiles: 0,
      gallonsPurchased: 0,
      gallonsConsumed: 0,
      netGallons: 0,
      taxDue: 0,
      isNoTaxDue: true,
    });
  });
});

describe('the 0.01 No Tax Due threshold', () => {
  it.each([
    [0, true],
    [0.004, true],
    [-0.004, true],
    [0.005, false], // rounds to $0.01, which is due
    [0.0099, false],
    [0.01, false],
    [-0.01, false],
    [12.34, false],
  ])('total %p is No Tax Due: %p', (total, expected) => {
    expect(isNoTaxDue(total)).toBe(expected);
  });
});

describe('rounding', () => {
  it.each([
    [1.005, 1.01],
    [-1.005, -1.01],
    [2.675, 2.68],
    [0.125, 0.13],
    [-0.125, -0.13],
    [1.004999, 1.0],
    [123456789.115, 123456789.12],
    [-0.001, 0],
  ])('rounds money %p half away from zero to %p', (value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });

  it('never answers -0', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });

  it('keeps rates to 4 decimals', () => {
    expect(roundRate(0.61255)).toBe(0.6126);
    expect(roundRate(0.3)).toBe(0.3);
  });

  it('reads missing and non-finite values as 0', () => {
    expect([undefined, null, '', '  ', 'x', Number.NaN, -Infinity, {}].map(toNumber)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('non-IFTA lines', () => {
  it.each(['AK', 'Hawaii', 'DC', 'YT', 'Northwest Territories', 'NU', 'mexico'])(
    'counts %s only in total miles and gallons: no taxable gallons, tax or credit',
    (name) => {
      const { rows, totals } = calculateReport(
        [
          { name: 'TX', totalMiles: 1600, taxableMiles: 1500, gallonsPurchased: 200, taxRate: 0.2 },
          { name, totalMiles: 900, taxableMiles: 900, gallonsPurchased: 300, taxRate: 0.5 },
        ],
        5,
      );
      expect(rows[1].stored).toEqual({ gallonsConsumed: 0, netGallons: 0, taxDue: 0 });
      expect(totals).toMatchObject({ totalMiles: 2500, taxableMiles: 1500, gallonsPurchased: 500, taxDue: 20 });
    },
  );
});
