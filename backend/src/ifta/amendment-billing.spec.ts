import { describe, expect, it } from '@jest/globals';
import { amendmentBilling, type AmendmentLine } from './amendment-billing.js';
import { totalToRemit } from './late-filing.js';

const RATES = { 2025: '0.09' };

/** Q2-2025, due 2025-07-31: Washington and Idaho diesel, $500.00 in all. */
const ORIGINAL: AmendmentLine[] = [
  { code: 'WA', fuelType: 'diesel', taxDue: '400.00', surchargeDue: 0, taxableGallons: '3200' },
  { code: 'ID', fuelType: 'diesel', taxDue: '100.00', surchargeDue: 0, taxableGallons: '312' },
];
/** The same return with 100 more Washington miles: 20 more gallons, $2.50 more tax. */
const MORE_WASHINGTON: AmendmentLine[] = [
  { code: 'WA', fuelType: 'diesel', taxDue: '402.50', surchargeDue: 0, taxableGallons: '3220' },
  ORIGINAL[1],
];

const bill = (
  lines: AmendmentLine[],
  previousLines: AmendmentLine[],
  filedAt: string,
  penaltyCharged = false,
  dueDate: string | null = '2025-07-31',
) => amendmentBilling({ dueDate, filedAt, lines, previousLines, penaltyCharged, annualRates: RATES });

describe('amendmentBilling', () => {
  it('bills $2.50 more Washington tax filed 2025-09-10 as $2.50 + $50.00 penalty + $0.04 interest = $52.54', () => {
    const billing = bill(MORE_WASHINGTON, ORIGINAL, '2025-09-10');
    expect(billing.totals).toEqual({ taxDue: '2.5', surchargeDue: '0', taxableGallons: '20', totalDue: '2.5' });
    expect(billing.jurisdictions).toEqual([
      { code: 'WA', fuelType: 'diesel', taxDue: '2.5', surchargeDue: '0', taxableGallons: '20', totalDue: '2.5' },
      { code: 'ID', fuelType: 'diesel', taxDue: '0', surchargeDue: '0', taxableGallons: '0', totalDue: '0' },
    ]);
    // Two months (08-01, 09-01) at 9%: 2.50 x 0.18 / 12 = 0.0375, $0.04; the whole return's would be $7.54.
    expect(billing).toMatchObject({ late: true, interest: '0.04', penalty: '50.00', missingRateYears: [] });
    expect(totalToRemit('502.50', billing.penalty, billing.interest, '500.00')).toBe('52.54');
  });

  it('charges 10% of the addition alone once an earlier filing of the return bore a penalty', () => {
    const billing = bill(MORE_WASHINGTON, ORIGINAL, '2025-09-10', true);
    expect(billing).toMatchObject({ penalty: '0.25', interest: '0.04' });
  });

  it('charges 10% of a large addition, above the $50 minimum', () => {
    const more: AmendmentLine[] = [{ ...ORIGINAL[0], taxDue: '1400.00' }, ORIGINAL[1]];
    expect(bill(more, ORIGINAL, '2025-08-15')).toMatchObject({ penalty: '100.00', interest: '7.50' });
  });

  it('bills nothing late for an amendment filed by the due date', () => {
    const billing = bill(MORE_WASHINGTON, ORIGINAL, '2025-07-31');
    expect(billing).toMatchObject({ late: false, penalty: null, interest: null });
    expect(billing.totals.totalDue).toBe('2.5');
  });

  it('claims a decrease as a credit: no penalty, no interest, a negative difference', () => {
    const less: AmendmentLine[] = [ORIGINAL[0], { ...ORIGINAL[1], taxDue: '93.20', taxableGallons: '290.75' }];
    const billing = bill(less, ORIGINAL, '2025-09-10');
    expect(billing).toMatchObject({ late: true, penalty: '0.00', interest: '0.00' });
    expect(billing.totals).toEqual({ taxDue: '-6.8', surchargeDue: '0', taxableGallons: '-21.25', totalDue: '-6.8' });
    expect(totalToRemit('493.20', billing.penalty, billing.interest, '500.00')).toBe('-6.80');
  });

  it('charges interest on a jurisdiction that owes more even when the return as a whole is a credit', () => {
    const moved: AmendmentLine[] = [
      { ...ORIGINAL[0], taxDue: '410.00' },
      { ...ORIGINAL[1], taxDue: '80.00' },
    ];
    // Washington +$10.00 for two months at 9%: $0.15; Idaho -$20.00 bears none; the net is -$10.00, so no penalty.
    expect(bill(moved, ORIGINAL, '2025-09-10')).toMatchObject({ penalty: '0.00', interest: '0.15' });
  });

  it('nets fuel types within a jurisdiction for interest, and keeps each fuel type and surcharge in the difference', () => {
    const previous: AmendmentLine[] = [
      { code: 'KY', fuelType: 'diesel', taxDue: '100.00', surchargeDue: '10.00', taxableGallons: '400' },
      { code: 'KY', fuelType: 'gasoline', taxDue: '50.00', surchargeDue: '5.00', taxableGallons: '200' },
    ];
    const lines: AmendmentLine[] = [
      { code: 'KY', fuelType: 'diesel', taxDue: '150.00', surchargeDue: '15.00', taxableGallons: '600' },
      { code: 'ky', fuelType: 'gasoline', taxDue: '20.00', surchargeDue: '2.00', taxableGallons: '80' },
    ];
    const billing = bill(lines, previous, '2025-09-10');
    expect(billing.jurisdictions).toEqual([
      { code: 'KY', fuelType: 'diesel', taxDue: '50', surchargeDue: '5', taxableGallons: '200', totalDue: '55' },
      { code: 'KY', fuelType: 'gasoline', taxDue: '-30', surchargeDue: '-3', taxableGallons: '-120', totalDue: '-33' },
    ]);
    // Kentucky nets +$22.00: two months at 9% is $0.33; the penalty is the $50 minimum over 10% of $22.00.
    expect(billing).toMatchObject({ interest: '0.33', penalty: '50.00' });
  });

  it('carries a jurisdiction the amendment no longer has as its whole amount taken away', () => {
    const billing = bill([ORIGINAL[0]], ORIGINAL, '2025-07-20');
    expect(billing.jurisdictions[1]).toEqual({
      code: 'ID',
      fuelType: 'diesel',
      taxDue: '-100',
      surchargeDue: '0',
      taxableGallons: '-312',
      totalDue: '-100',
    });
    expect(billing.totals.totalDue).toBe('-100');
  });

  it('leaves interest unknown when a month of the lateness has no rate', () => {
    expect(bill(MORE_WASHINGTON, ORIGINAL, '2026-02-10')).toMatchObject({ interest: null, missingRateYears: [2026] });
  });

  it('is never late for a return without a due date', () => {
    expect(bill(MORE_WASHINGTON, ORIGINAL, '2025-09-10', false, null)).toMatchObject({ late: false, penalty: null });
  });
});
