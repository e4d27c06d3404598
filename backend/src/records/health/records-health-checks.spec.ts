import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_HEALTH_SETTINGS,
  fuelTypeFindings,
  fuelWithoutMilesFindings,
  healthScore,
  type HealthFuel,
  type HealthInput,
  type HealthTrip,
  mpgFindings,
  noFuelFindings,
  odometerFindings,
  receiptFindings,
  recordsHealthFindings,
} from './records-health-checks.js';

let next = 0;
const trip = (date: string, miles: string, extra: Partial<HealthTrip> = {}): HealthTrip => ({
  id: `t${++next}`,
  date,
  unit: 'T1',
  jurisdiction: 'TX',
  miles,
  odometer_start: null,
  odometer_end: null,
  ...extra,
});
const fuel = (date: string, gallons: string, extra: Partial<HealthFuel> = {}): HealthFuel => ({
  id: `f${++next}`,
  date,
  unit: 'T1',
  jurisdiction: 'TX',
  gallons,
  fuel_type: 'diesel',
  tax_paid: true,
  vendor: 'Pilot',
  vendor_address: '1200 I-35 N, Dallas TX',
  total_price: '380.50',
  ...extra,
});
const input = (trips: HealthTrip[], purchases: HealthFuel[], extra: Partial<HealthInput> = {}): HealthInput => ({
  from: '2026-07-01',
  to: '2026-09-30',
  trips,
  fuel: purchases,
  fuelTypeOf: () => 'diesel',
  settings: DEFAULT_HEALTH_SETTINGS,
  ...extra,
});

describe('odometer checks', () => {
  it('names the miles between one segment ending at 1000 and the next starting at 1050 as a gap', () => {
    const a = trip('2026-07-01', '100', { odometer_start: '900', odometer_end: '1000' });
    const b = trip('2026-07-02', '100', { odometer_start: '1050', odometer_end: '1150' });
    const [finding, ...rest] = odometerFindings([b, a]);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      check: 'odometer_gap',
      unit: 'T1',
      severity: 'high',
      details: { miles: 50, odometer_end: 1000, odometer_start: 1050, from: '2026-07-01', to: '2026-07-02' },
      trip_ids: [a.id, b.id],
    });
  });

  it('names a segment starting before the last one ended as an overlap', () => {
    const a = trip('2026-07-01', '100', { odometer_start: '900', odometer_end: '1000' });
    const b = trip('2026-07-02', '100', { odometer_start: '980', odometer_end: '1080' });
    expect(odometerFindings([a, b])).toMatchObject([{ check: 'odometer_overlap', details: { miles: 20 } }]);
  });

  it('passes readings that meet, within a mile, and segments without both readings', () => {
    const trips = [
      trip('2026-07-01', '100', { odometer_start: '900', odometer_end: '1000' }),
      trip('2026-07-01', '100', { odometer_start: '1000.5', odometer_end: '1100' }),
      trip('2026-07-02', '100', { odometer_start: null, odometer_end: '5000' }),
      trip('2026-07-03', '100', { odometer_start: '1100', odometer_end: '1200' }),
      trip('2026-07-03', '100', { unit: 'T2', odometer_start: '5', odometer_end: '105' }),
    ];
    expect(odometerFindings(trips)).toEqual([]);
  });
});

describe('MPG band', () => {
  it('flags a diesel unit at 3.00 MPG with the miles and gallons behind it', () => {
    const t = trip('2026-07-02', '300');
    const f = fuel('2026-07-02', '100');
    expect(mpgFindings(input([t], [f]))).toEqual([
      expect.objectContaining({
        check: 'mpg_out_of_band',
        key: 'T1|2026-07-01',
        details: { miles: 300, gallons: 100, mpg: 3, mpg_min: 4, mpg_max: 8.5 },
        trip_ids: [t.id],
        fuel_ids: [f.id],
      }),
    ]);
  });

  it('keeps 4.00 and 8.50 inside the band and reads the account band', () => {
    expect(mpgFindings(input([trip('2026-07-02', '400')], [fuel('2026-07-02', '100')]))).toEqual([]);
    expect(mpgFindings(input([trip('2026-07-02', '850')], [fuel('2026-07-02', '100')]))).toEqual([]);
    const narrow = { mpgMin: '5', mpgMax: '6', noFuelMiles: '1500' };
    expect(
      mpgFindings(input([trip('2026-07-02', '400')], [fuel('2026-07-02', '100')], { settings: narrow })),
    ).toHaveLength(1);
  });

  it('skips gasoline units, units with no fuel, and counts only the unit’s own fuel', () => {
    const gas = input([trip('2026-07-02', '1500')], [fuel('2026-07-02', '100', { fuel_type: 'gasoline' })], {
      fuelTypeOf: () => 'gasoline',
    });
    expect(mpgFindings(gas)).toEqual([]);
    expect(mpgFindings(input([trip('2026-07-02', '500')], []))).toEqual([]);
    const mixed = input(
      [trip('2026-07-02', '600')],
      [fuel('2026-07-02', '100'), fuel('2026-07-02', '400', { fuel_type: 'gasoline' })],
    );
    expect(mpgFindings(mixed)).toEqual([]);
  });
});

describe('fuel where the unit was not', () => {
  it('passes a purchase with miles in its jurisdiction the day before or after, and flags one two days away', () => {
    const near = fuel('2026-07-10', '50');
    const far = fuel('2026-07-20', '50', { jurisdiction: 'OK' });
    const trips = [trip('2026-07-11', '100'), trip('2026-07-18', '100', { jurisdiction: 'OK' })];
    expect(fuelWithoutMilesFindings(input(trips, [near, far]))).toEqual([
      expect.objectContaining({
        check: 'fuel_without_miles',
        key: far.id,
        details: { gallons: 50, jurisdiction: 'OK', from: '2026-07-19', to: '2026-07-21' },
        fuel_ids: [far.id],
      }),
    ]);
  });

  it('does not take another unit’s miles', () => {
    const f = fuel('2026-07-10', '50');
    expect(fuelWithoutMilesFindings(input([trip('2026-07-10', '100', { unit: 'T2' })], [f]))).toHaveLength(1);
  });
});

describe('no fuel for a distance', () => {
  it('names the stretch of trips that ran past the limit between purchases', () => {
    const a = trip('2026-07-02', '800');
    const b = trip('2026-07-03', '800');
    const c = trip('2026-07-05', '800');
    const findings = noFuelFindings(input([a, b, c], [fuel('2026-07-05', '100')]));
    expect(findings).toEqual([
      expect.objectContaining({
        check: 'no_fuel_distance',
        details: { miles: 1600, limit_miles: 1500, from: '2026-07-02', to: '2026-07-03' },
        trip_ids: [a.id, b.id],
      }),
    ]);
  });

  it('lets a unit run exactly the limit', () => {
    expect(noFuelFindings(input([trip('2026-07-02', '1000'), trip('2026-07-03', '500')], []))).toEqual([]);
  });
});

describe('receipts', () => {
  it('names the fields a tax-paid receipt lacks and skips purchases with no tax paid', () => {
    const bare = fuel('2026-07-02', '50', { vendor: ' ', vendor_address: '', total_price: null });
    const untaxed = fuel('2026-07-02', '50', { vendor: '', tax_paid: false });
    const noAddress = fuel('2026-07-03', '10', { vendor_address: '' });
    expect(receiptFindings([bare, untaxed, fuel('2026-07-03', '10'), noAddress]).map((f) => f.details.missing)).toEqual(
      [['vendor', 'vendor_address', 'total_price'], ['vendor_address']],
    );
    expect(receiptFindings([bare, untaxed, fuel('2026-07-03', '10')])).toEqual([
      expect.objectContaining({
        key: bare.id,
        details: expect.objectContaining({ missing: ['vendor', 'vendor_address', 'total_price'] }),
      }),
    ]);
  });
});

describe('fuel type', () => {
  it('names the unit’s purchases of another fuel than its vehicle’s, and skips units without a vehicle', () => {
    const other = fuel('2026-07-02', '20', { fuel_type: 'gasoline' });
    const findings = fuelTypeFindings(
      input([], [fuel('2026-07-02', '100'), other, fuel('2026-07-02', '5', { unit: 'X', fuel_type: 'propane' })], {
        fuelTypeOf: (unit) => (unit === 'T1' ? 'diesel' : undefined),
      }),
    );
    expect(findings).toEqual([
      expect.objectContaining({
        check: 'fuel_type_mismatch',
        key: 'T1|2026-07-01|gasoline',
        details: { gallons: 20, fuel_type: 'diesel', other_fuel_types: ['gasoline'] },
        fuel_ids: [other.id],
      }),
    ]);
  });
});

describe('the quarter', () => {
  it('reads trips a day outside the quarter only for the ±1 day rule', () => {
    const before = trip('2026-06-30', '100');
    const f = fuel('2026-07-01', '20', { vendor: 'Love’s' });
    const findings = recordsHealthFindings(input([before, trip('2026-07-01', '0')], [f]));
    expect(findings.map((x) => x.check)).toEqual(['mpg_out_of_band']);
    expect(findings[0].details).toMatchObject({ miles: 0, gallons: 20, mpg: 0 });
  });

  it('scores 100 less 10, 5 and 2 per open finding, acknowledged ones free, never below 0', () => {
    expect(healthScore([])).toBe(100);
    expect(
      healthScore([
        { severity: 'high', acknowledged: false },
        { severity: 'medium', acknowledged: false },
        { severity: 'low', acknowledged: false },
        { severity: 'high', acknowledged: true },
      ]),
    ).toBe(83);
    expect(healthScore(Array.from({ length: 11 }, () => ({ severity: 'high' as const, acknowledged: false })))).toBe(0);
  });
});
