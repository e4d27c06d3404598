import { describe, expect, it } from '@jest/globals';
import { calculateOfficialSchedule, foldRatesInForce } from './official.js';

describe('the official schedule (docs/ifta-domain.md "The computation")', () => {
  it('computes fleet MPG from the totals: 10,000 mi / 2,000 gal = 5.00, so 2,500 taxable miles are 500 gallons', () => {
    const schedule = calculateOfficialSchedule([
      { name: 'TX', totalMiles: 7500, taxableMiles: 7500, gallonsPurchased: 1500, taxRate: 0.2 },
      { name: 'OK', totalMiles: 2500, taxableMiles: 2500, gallonsPurchased: 500, taxRate: 0.19 },
    ]);
    expect(schedule.fleetMpg).toBe(5);
    expect(schedule.mpgSource).toBe('fleet');
    expect(schedule.rows[1].official.taxableGallons).toBe(500);
    expect(schedule.totals).toMatchObject({ totalMiles: 10000, totalGallons: 2000, taxDue: 0 });
  });

  it('rounds fleet MPG to 2 decimals (NC example: 5.768 -> 5.77)', () => {
    const schedule = calculateOfficialSchedule([
      { name: 'NC', totalMiles: 5768, taxableMiles: 5768, gallonsPurchased: 1000 },
    ]);
    expect(schedule.fleetMpg).toBe(5.77);
    expect(schedule.rows[0].official.taxableGallons).toBe(1000); // 5768 / 5.77 = 999.65 -> 1000
  });

  it('owes $58.00 on 1,500 taxable miles at 5 MPG with 200 tax-paid gallons at $0.58 (example 2)', () => {
    // Another 1,000 untaxed miles on 300 gallons bring the fleet to 2,500 mi / 500 gal = 5.00 MPG.
    const schedule = calculateOfficialSchedule([
      { name: 'AR', totalMiles: 1500, taxableMiles: 1500, gallonsPurchased: 200, taxRate: 0.58 },
      { name: 'TX', totalMiles: 1000, taxableMiles: 0, nonTaxPaidGallons: 300, taxRate: 0.2 },
    ]);
    expect(schedule.rows[0].official).toMatchObject({ taxableGallons: 300, netTaxableGallons: 100, taxDue: 58 });
  });

  it('computes on the fleet MPG only: it takes no typed MPG', () => {
    const schedule = calculateOfficialSchedule([
      { name: 'TX', totalMiles: 1000, taxableMiles: 1000, gallonsPurchased: 100, taxRate: 0.2 },
    ]);
    expect(schedule).toMatchObject({ fleetMpg: 10, mpg: 10, mpgSource: 'fleet' });
    expect(schedule.rows[0].official.taxableGallons).toBe(100);
  });

  it('reports miles and gallons as whole numbers, half away from zero', () => {
    // 1,235 mi / (100 + 147) gal = 5.00 MPG.
    const schedule = calculateOfficialSchedule([
      { name: 'TX', totalMiles: 1234.5, taxableMiles: 1234.5, gallonsPurchased: 99.5, nonTaxPaidGallons: 147.4 },
    ]);
    expect(schedule.rows[0].official).toMatchObject({
      totalMiles: 1235,
      taxableMiles: 1235,
      taxPaidGallons: 100,
      nonTaxPaidGallons: 147,
      taxableGallons: 247,
    });
  });

  it('credits only tax-paid gallons; non-tax-paid gallons count in the fleet MPG only', () => {
    const schedule = calculateOfficialSchedule([
      { name: 'TX', totalMiles: 6000, taxableMiles: 6000, gallonsPurchased: 400, nonTaxPaidGallons: 600, taxRate: 0.2 },
    ]);
    expect(schedule.fleetMpg).toBe(6);
    expect(schedule.rows[0].official).toMatchObject({ taxableGallons: 1000, netTaxableGallons: 600, taxDue: 120 });
    expect(schedule.totals).toMatchObject({ totalGallons: 1000, taxPaidGallons: 400, nonTaxPaidGallons: 600 });
  });

  it('adds KY (0.1050) and VA (0.1430) surcharges on all taxable gallons with no purchase credit', () => {
    // 20,000 mi / 3,077 gal (1,539 of them untaxed, in VA) = 6.50 MPG; 10,000 taxable miles = 1,538 whole gallons:
    // KY 1,538 x 0.1050 = $161.49, VA x 0.1430 = $219.93.
    const schedule = calculateOfficialSchedule([
      {
        name: 'KY',
        totalMiles: 10000,
        taxableMiles: 10000,
        gallonsPurchased: 1538,
        taxRate: 0.285,
        surchargeRate: 0.105,
      },
      {
        name: 'VA',
        totalMiles: 10000,
        taxableMiles: 10000,
        gallonsPurchased: 0,
        nonTaxPaidGallons: 1539,
        taxRate: 0.311,
        surchargeRate: 0.143,
      },
    ]);
    expect(schedule.rows[0].official).toMatchObject({
      taxableGallons: 1538,
      netTaxableGallons: 0,
      taxDue: 0,
      surchargeDue: 161.49,
    });
    expect(schedule.rows[1].official).toMatchObject({ taxDue: 478.32, surchargeDue: 219.93 }); // 1,538 x 0.311
    expect(schedule.totals).toMatchObject({ taxDue: 478.32, surchargeDue: 381.42, totalDue: 859.74 });
  });

  it("reports Oregon's gallons at rate 0, whatever rate the line carries", () => {
    const schedule = calculateOfficialSchedule([
      {
        name: 'Oregon',
        totalMiles: 1000,
        taxableMiles: 1000,
        gallonsPurchased: 50,
        nonTaxPaidGallons: 150,
        taxRate: 0.4,
        surchargeRate: 0.1,
      },
    ]);
    expect(schedule.rows[0].official).toMatchObject({
      taxableGallons: 200,
      taxPaidGallons: 50,
      netTaxableGallons: 150,
      taxRate: 0,
      taxDue: 0,
      surchargeDue: 0,
    });
  });

  it('counts a non-IFTA line (Mexico) in total miles and gallons only', () => {
    const schedule = calculateOfficialSchedule([
      { name: 'TX', totalMiles: 4000, taxableMiles: 4000, gallonsPurchased: 500, taxRate: 0.2 },
      { name: 'MX', totalMiles: 1000, taxableMiles: 1000, gallonsPurchased: 500, taxRate: 0.5 },
    ]);
    expect(schedule.fleetMpg).toBe(5); // 5,000 / 1,000
    expect(schedule.rows[1].official).toMatchObject({
      taxableMiles: 0,
      taxableGallons: 0,
      netTaxableGallons: 0,
      taxDue: 0,
    });
    expect(schedule.totals).toMatchObject({ totalMiles: 5000, taxableMiles: 4000, taxDue: 60 });
  });

  it('credits every tax-paid gallon when no fuel total gives an MPG', () => {
    const schedule = calculateOfficialSchedule([{ name: 'TX', totalMiles: 100, taxableMiles: 100, taxRate: 0.2 }]);
    expect(schedule).toMatchObject({ fleetMpg: 0, mpg: 0 });
    expect(schedule.rows[0].official.taxableGallons).toBe(0);
  });
});

describe('foldRatesInForce', () => {
  it('folds base and surcharge rows of the rate table into rate and surcharge per code', () => {
    const rates = foldRatesInForce([
      { code: 'KY', kind: 'base', rate: '0.2850' },
      { code: 'KY', kind: 'surcharge', rate: '0.1050' },
      { code: 'tx', kind: 'base', rate: '0.2000' },
    ]);
    expect(rates.get('KY')).toEqual({ rate: '0.2850', surchargeRate: '0.1050' });
    expect(rates.get('TX')).toEqual({ rate: '0.2000', surchargeRate: 0 });
  });
});
