import { describe, expect, it } from '@jest/globals';
import { foldRatesInForce } from './official.js';
import { calculateOfficialReturn, missingRates, newestQuarter } from './official-return.js';

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
      table,
    );
    expect(result.rows.map((row) => [row.code, row.fuelType, row.official.taxRate, row.rateSource])).toEqual([
      ['OK', 'gasoline', 0.3, 'typed'],
      ['TX', 'diesel', 0.2, 'official'],
      ['OK', 'diesel', 0.19, 'typed'],
    ]);
    expect(result.fuels.map((fuel) => [fuel.fuelType, fuel.schedule.fleetMpg])).toEqual([
      ['gasoline', 8],
      ['diesel', 15],
    ]);
  });

  it("computes each fuel's schedule on its own fleet MPG", () => {
    const two = calculateOfficialReturn([line('TX', 'diesel', 1000, 100), line('TX', 'gasoline', 600, 100)], table);
    expect(two.fuels.map((fuel) => [fuel.schedule.mpg, fuel.schedule.mpgSource])).toEqual([
      [10, 'fleet'],
      [6, 'fleet'],
    ]);
  });

  it('files TX/OK/AR at the fleet MPG 8.75: a $26.78 credit (a typed 7.5 gave $114.40 due)', () => {
    const q2Diesel = new Map([
      [
        'diesel',
        foldRatesInForce([
          { code: 'TX', kind: 'base', rate: '0.2000' },
          { code: 'OK', kind: 'base', rate: '0.1900' },
          { code: 'AR', kind: 'base', rate: '0.2850' },
        ]),
      ],
    ]);
    const result = calculateOfficialReturn(
      [line('TX', 'diesel', 20000, 2000), line('OK', 'diesel', 9000, 1000), line('AR', 'diesel', 6000, 1000)],
      q2Diesel,
    );
    // 35,000 / 4,000 = 8.75. TX 2,286 - 2,000 = 286 x 0.20 = 57.20; OK 1,029 - 1,000 = 29 x 0.19 = 5.51;
    // AR 686 - 1,000 = -314 x 0.285 = -89.49.
    expect(result.fuels[0].schedule).toMatchObject({ mpg: 8.75, fleetMpg: 8.75, mpgSource: 'fleet' });
    expect(result.rows.map((row) => row.official.taxDue)).toEqual([57.2, 5.51, -89.49]);
    expect(result.totals.totalDue).toBe(-26.78);
  });

  it('sums the schedules exactly', () => {
    const result = calculateOfficialReturn(
      [line('OK', 'diesel', 1000, 90, 0.1), line('OK', 'gasoline', 1000, 90, 0.1)],
      new Map(),
    );
    // Each: 11.11 MPG, 1,000 / 11.11 = 90.01 -> 90 gallons, net 0: no tax; the totals add the two schedules.
    expect(result.totals).toMatchObject({ totalMiles: 2000, totalGallons: 180, taxDue: 0, isNoTaxDue: true });
  });

  const provisional = new Map([
    [
      'diesel',
      foldRatesInForce([
        { code: 'TX', kind: 'base', rate: '0.2000' },
        { code: 'KY', kind: 'base', rate: '0.2200', rate_source: 'provisional', effective_from: '2026-04-01' },
        { code: 'KY', kind: 'surcharge', rate: '0.1050', rate_source: 'provisional', effective_from: '2026-04-01' },
      ]),
    ],
  ]);

  it('prices an untyped line with a provisional rate and its surcharge, and names the quarter they are from', () => {
    const result = calculateOfficialReturn(
      [line('TX', 'diesel', 1000, 100, 0.5), line('KY', 'diesel', 1000, 100, 0)],
      provisional,
    );
    expect(
      result.rows.map((row) => [row.code, row.official.taxRate, row.official.surchargeRate, row.rateSource]),
    ).toEqual([
      ['TX', 0.2, 0, 'official'],
      ['KY', 0.22, 0.105, 'provisional'],
    ]);
    // 2,000 mi / 200 gal = 10 MPG; KY: 100 taxable gallons, surcharge 100 x 0.105 = 10.50.
    expect(result.rows[1].official.surchargeDue).toBe(10.5);
    expect(result.provisionalFrom).toBe('Q2-2026');
    expect(result.fuels[0].provisionalFrom).toBe('Q2-2026');
  });

  it("labels a rate the account changed 'override', and it wins over a typed rate as the quarter's table does", () => {
    const changed = new Map([
      ['diesel', foldRatesInForce([{ code: 'TX', kind: 'base', rate: '0.2500', rate_source: 'override' }])],
    ]);
    const result = calculateOfficialReturn([line('TX', 'diesel', 1000, 100, 0.3)], changed);
    expect(result.rows.map((row) => [row.official.taxRate, row.rateSource])).toEqual([[0.25, 'override']]);
  });

  it('keeps a typed rate over a provisional one', () => {
    const result = calculateOfficialReturn([line('KY', 'diesel', 1000, 100, 0.3)], provisional);
    expect(result.rows.map((row) => [row.official.taxRate, row.official.surchargeRate, row.rateSource])).toEqual([
      [0.3, 0, 'typed'],
    ]);
    expect(result.provisionalFrom).toBeNull();
  });

  it('lists the lines no source prices: no table rate, none typed; not non-IFTA lines nor Oregon', () => {
    const rows = [
      { ...line('OK', 'diesel', 10, 0, 0), position: 0 },
      { ...line('KY', 'diesel', 10, 0, 0), position: 1 },
      { ...line('TX', 'propane', 10, 0, 0), position: 2 },
      { ...line('TX', 'propane', 10, 0, 0.1), position: 3 },
      { ...line('OR', 'diesel', 10, 0, 0), position: 4 },
      { ...line('MX', 'diesel', 10, 0, 0), nonIfta: true, position: 5 },
    ];
    expect(missingRates(rows, provisional)).toEqual([
      { position: 0, code: 'OK', fuelType: 'diesel' },
      { position: 2, code: 'TX', fuelType: 'propane' },
    ]);
  });

  it('orders quarters by year, then quarter', () => {
    expect(newestQuarter(['Q4-2025', null, 'Q2-2026', 'Q1-2026'])).toBe('Q2-2026');
    expect(newestQuarter([null, undefined])).toBeNull();
  });
});

describe('a rate that changes inside the quarter (California 4Q2017: $0.37, then $0.57 from 11/01)', () => {
  const rows = [
    { code: 'CA', kind: 'base' as const, rate: '0.3700', effective_from: '2017-10-01' },
    { code: 'CA', kind: 'base' as const, rate: '0.5700', effective_from: '2017-11-01' },
    { code: 'NV', kind: 'base' as const, rate: '0.2700', effective_from: '2017-10-01' },
  ];

  it('folds into two rate periods for California, one rate for Nevada, whatever the order given', () => {
    const folded = foldRatesInForce([...rows].reverse());
    expect(folded.get('CA')).toEqual({
      rate: '0.3700',
      surchargeRate: 0,
      periods: [
        { from: '2017-10-01', rate: '0.3700', surchargeRate: 0 },
        { from: '2017-11-01', rate: '0.5700', surchargeRate: 0 },
      ],
    });
    expect(folded.get('NV')).toEqual({ rate: '0.2700', surchargeRate: 0 });
  });

  it('prices each California line at the rate of its period, on one fleet MPG', () => {
    const table = new Map([['diesel', foldRatesInForce(rows)]]);
    // 6,000 miles on 1,000 gallons: fleet MPG 6.
    const result = calculateOfficialReturn(
      [
        { ...line('CA', 'diesel', 1200, 100), rateFrom: null },
        { ...line('CA', 'diesel', 2400, 300), rateFrom: '2017-11-01' },
        line('NV', 'diesel', 2400, 600),
      ],
      table,
    );
    expect(result.fuels[0].schedule.fleetMpg).toBe(6);
    // CA October: 200 taxable gal - 100 = 100 x 0.37 = $37.00; CA from 11/01: 400 - 300 = 100 x 0.57 = $57.00.
    expect(result.rows.map((row) => [row.code, row.official.taxRate, row.official.taxDue])).toEqual([
      ['CA', 0.37, 37],
      ['CA', 0.57, 57],
      ['NV', 0.27, -54],
    ]);
  });

  it('keeps the newest rate, not periods, when the rates are provisional', () => {
    const provisional = foldRatesInForce(rows.map((row) => ({ ...row, rate_source: 'provisional' as const })));
    expect(provisional.get('CA')).toEqual({ rate: '0.5700', surchargeRate: 0, source: 'provisional', from: 'Q4-2017' });
  });
});
