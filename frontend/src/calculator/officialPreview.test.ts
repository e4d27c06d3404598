import { describe, expect, test } from 'vitest';
import { foldRatesInForce } from '@ifta/index';
import { emptyCalculator, newJurisdictionRow, stateFromReport, toReportPayload } from './calculatorState';
import { previewOfficial } from './officialPreview';
import { matrixQuarterName, matrixQuarterOfDate, ratesToApply } from '../tax-rates/rateHistory';
import type { RateInForce, Report } from '../api/types';

const rate = (code: string, kind: 'base' | 'surcharge', value: string): RateInForce => ({
  code,
  name: code,
  fuel_type: 'diesel',
  kind,
  rate: value,
  effective_from: '2026-04-01',
  rate_source: 'provisional',
});

const reportWith = (jurisdictions: Array<Partial<Report['jurisdictions'][number]>>): Report =>
  ({
    id: 'r',
    _id: 'r',
    name: 'IFTA Q3-2026 - Acme',
    company_name: 'Acme',
    license_number: '',
    tax_period: 'Q3-2026',
    period: 'Q3-2026',
    average_mpg: 0,
    status: 'draft',
    calculation_mode: 'official',
    mpg_source: 'fleet',
    jurisdictions: jurisdictions.map((line) => ({ total_miles: 0, taxable_miles: 0, gallons_purchased: 0, ...line })),
  }) as Report;

describe('the official preview’s rules (pure)', () => {
  const row = (name: string, fuelType: string, taxRate: number) => ({
    ...newJurisdictionRow(),
    name,
    fuelType,
    totalMiles: '1000',
    taxableMiles: '1000',
    gallonsPurchased: '100',
    taxRate,
  });

  test('a line takes the quarter’s table rate and surcharge for its code and fuel, else its typed rate', () => {
    const ratesByFuel = new Map([['diesel', new Map([['KY', { rate: '0.2200', surchargeRate: '0.1050' }]])]]);
    const { lines, schedules } = previewOfficial(
      [row('Kentucky', 'diesel', 0.5), { ...row('Kentucky', 'gasoline', 0.5), rateTyped: true }],
      [],
      ratesByFuel,
    );
    expect(lines.map((line) => [line.rateSource, line.taxRate, line.surchargeRate])).toEqual([
      ['official', 0.22, 0.105],
      ['typed', 0.5, 0],
    ]);
    expect(schedules.map((schedule) => schedule.fuelType)).toEqual(['diesel', 'gasoline']);
  });

  test('the payload names a line’s fuel only when it is not diesel', () => {
    const state = {
      ...emptyCalculator('Acme'),
      jurisdictions: [row('Texas', 'diesel', 0.2), row('Texas', 'gasoline', 0.2)],
    };
    expect(toReportPayload(state, 'draft').jurisdictions.map((line) => line.fuel_type)).toEqual([
      undefined,
      'gasoline',
    ]);
  });

  // 3Q2026 before its matrix: the server answers 2Q2026's rates as provisional_rates.
  const provisional = new Map([
    [
      'diesel',
      foldRatesInForce(
        ratesToApply({
          rates: [],
          provisional_rates: [
            rate('KY', 'base', '0.2200'),
            rate('KY', 'surcharge', '0.1050'),
            rate('TX', 'base', '0.2000'),
          ],
        }),
      ),
    ],
  ]);

  test('a filled-in rate is not typed: a quarter without rates uses the provisional ones, surcharge included', () => {
    const { lines, provisionalFrom } = previewOfficial([row('Kentucky', 'diesel', 0.22)], [], provisional);
    expect(lines.map((line) => [line.rateSource, line.taxRate, line.surchargeRate, line.rateMissing])).toEqual([
      ['provisional', 0.22, 0.105, false],
    ]);
    expect(provisionalFrom).toBe('Q2-2026');
  });

  test('a line no source prices is flagged, not priced at the filled-in rate', () => {
    const { lines } = previewOfficial([row('California', 'gasoline', 0.971)], [], provisional);
    expect(lines.map((line) => [line.rateMissing, line.taxRate])).toEqual([[true, 0]]);
  });

  test('an official payload sends only typed rates; a worksheet payload sends the filled-in rate', () => {
    const jurisdictions = [row('Kentucky', 'diesel', 0.22), { ...row('Texas', 'diesel', 0.3), rateTyped: true }];
    const info = { ...emptyCalculator('Acme').generalInfo, calculationMode: 'official' as const };
    const official = toReportPayload({ ...emptyCalculator('Acme'), generalInfo: info, jurisdictions }, 'draft');
    expect(official.jurisdictions.map((line) => line.tax_rate)).toEqual([0, 0.3]);
    const sheet = { ...info, calculationMode: 'worksheet' as const };
    const worksheet = toReportPayload({ ...emptyCalculator('Acme'), generalInfo: sheet, jurisdictions }, 'draft');
    expect(worksheet.jurisdictions.map((line) => line.tax_rate)).toEqual([0.22, 0.3]);
  });

  test('an official payload sends no MPG, even one left over from the worksheet; a worksheet payload sends it', () => {
    const jurisdictions = [row('Texas', 'diesel', 0.2)];
    const info = { ...emptyCalculator('Acme').generalInfo, averageMPG: '7.5', calculationMode: 'official' as const };
    const official = toReportPayload({ ...emptyCalculator('Acme'), generalInfo: info, jurisdictions }, 'draft');
    expect('average_mpg' in official).toBe(false);
    const sheet = { ...info, calculationMode: 'worksheet' as const };
    const worksheet = toReportPayload({ ...emptyCalculator('Acme'), generalInfo: sheet, jurisdictions }, 'draft');
    expect(worksheet.average_mpg).toBe(7.5);
  });

  test('a reopened line keeps its rate typed only when the report says it was, with its typed surcharge', () => {
    const state = stateFromReport(
      reportWith([
        { name: 'KY', tax_rate: 0.3, surcharge_rate: 0.11, rate_source: 'typed' },
        { name: 'TX', tax_rate: 0.2, surcharge_rate: 0, rate_source: 'provisional' },
      ]),
    );
    expect(state.jurisdictions.map((line) => [line.name, line.rateTyped ?? false])).toEqual([
      ['KY', true],
      ['TX', false],
    ]);
    const payload = toReportPayload(state, 'draft');
    expect(payload.jurisdictions.map((line) => [line.tax_rate, line.surcharge_rate])).toEqual([
      [0.3, 0.11],
      [0, undefined],
    ]);
    // The preview keeps the typed surcharge too: 1,000 mi / 100 gal x 0.11 on the KY line.
    const { lines } = previewOfficial(
      state.jurisdictions.map((line) => ({
        ...line,
        totalMiles: '1000',
        taxableMiles: '1000',
        gallonsPurchased: '100',
      })),
      [],
      new Map(),
    );
    expect(lines.map((line) => [line.rateSource, line.taxRate, line.surchargeRate])).toEqual([
      ['typed', 0.3, 0.11],
      ['typed', 0, 0],
    ]);
  });
});

describe('quarter names and the rates to apply (pure)', () => {
  test("names a quarter as IFTA, Inc. names its matrix: 'Q2-2026' is 2Q2026", () => {
    expect(matrixQuarterName('Q2-2026')).toBe('2Q2026');
    expect(matrixQuarterName('2026-05')).toBe('2026-05');
  });

  test('puts the quarter’s own rates first, then the provisional ones, and reads an older answer without them', () => {
    const own = rate('TX', 'base', '0.2000');
    const later = rate('KY', 'base', '0.2200');
    expect(ratesToApply({ rates: [own], provisional_rates: [later] })).toEqual([own, later]);
    expect(ratesToApply({ rates: [own] } as Parameters<typeof ratesToApply>[0])).toEqual([own]);
  });
});

describe('a tax rate’s quarter (pure)', () => {
  test('names the quarter an effective date falls in as IFTA, Inc. names its matrix', () => {
    expect(matrixQuarterOfDate('2026-04-01')).toBe('2Q2026');
    expect(matrixQuarterOfDate('2026-09-30')).toBe('3Q2026');
    expect(matrixQuarterOfDate('2026-10-01')).toBe('4Q2026');
    expect(matrixQuarterOfDate('2017-01-01')).toBe('1Q2017');
  });
});

describe('a rate that changes inside the quarter (California 4Q2017: $0.37, then $0.57 from 11/01)', () => {
  const ratesByFuel = new Map([
    [
      'diesel',
      foldRatesInForce([
        { code: 'CA', kind: 'base', rate: '0.3700', effective_from: '2017-10-01' },
        { code: 'CA', kind: 'base', rate: '0.5700', effective_from: '2017-11-01' },
        { code: 'NV', kind: 'base', rate: '0.2700', effective_from: '2017-10-01' },
      ]),
    ],
  ]);
  const line = (name: string, miles: string, gallons: string, rateFrom?: string) => ({
    ...newJurisdictionRow(),
    name,
    totalMiles: miles,
    taxableMiles: miles,
    gallonsPurchased: gallons,
    ...(rateFrom ? { rateFrom } : {}),
  });

  test('one California line for the quarter is offered its second period, dated; Nevada is left alone', () => {
    const preview = previewOfficial(
      [line('CA', '9000', '1000'), line('NV', '3000', '1000')],
      [],
      ratesByFuel,
      'Q4-2017',
    );
    expect(preview.splits).toEqual([
      {
        position: 0,
        code: 'CA',
        fuelType: 'diesel',
        kind: 'split',
        quarter: 'Q4-2017',
        periods: [
          expect.objectContaining({ from: '2017-10-01', to: '2017-10-31', rate: '0.3700' }),
          expect.objectContaining({ from: '2017-11-01', to: '2017-12-31', rate: '0.5700' }),
        ],
      },
    ]);
    expect(preview.lines.map((l) => l.period)).toEqual([null, null]);
  });

  test('split into its periods, each line is priced at its own rate and dated, and nothing more is asked', () => {
    // 6,000 mi on 1,000 gal: fleet MPG 6. CA October 1,200 mi = 200 gal - 100 = 100 x 0.37 = $37.00;
    // CA from 11/01 2,400 mi = 400 gal - 300 = 100 x 0.57 = $57.00; NV 400 - 600 = -200 x 0.27 = -$54.00.
    const preview = previewOfficial(
      [line('CA', '1200', '100'), line('CA', '2400', '300', '2017-11-01'), line('NV', '2400', '600')],
      [],
      ratesByFuel,
      'Q4-2017',
    );
    expect(preview.splits).toEqual([]);
    expect(preview.lines.map((l) => [l.taxRate, l.taxDue, l.period])).toEqual([
      [0.37, (100 * 37) / 100, { from: '2017-10-01', to: '2017-10-31' }],
      [0.57, (100 * 57) / 100, { from: '2017-11-01', to: '2017-12-31' }],
      [0.27, (-200 * 27) / 100, null],
    ]);
  });

  test('the line of a later period is sent with its rate_from, reopens with it, and a worksheet never sends one', () => {
    const state = {
      ...emptyCalculator('Sierra'),
      generalInfo: {
        ...emptyCalculator('Sierra').generalInfo,
        taxPeriod: 'Q4-2017',
        calculationMode: 'official' as const,
      },
      jurisdictions: [line('CA', '1200', '100'), line('CA', '2400', '300', '2017-11-01')],
    };
    const payload = toReportPayload(state, 'draft');
    expect(payload.jurisdictions.map((j) => j.rate_from)).toEqual([undefined, '2017-11-01']);
    const worksheet = toReportPayload(
      { ...state, generalInfo: { ...state.generalInfo, calculationMode: 'worksheet' as const, averageMPG: '6' } },
      'draft',
    );
    expect(worksheet.jurisdictions.map((j) => j.rate_from)).toEqual([undefined, undefined]);
    const reopened = stateFromReport(reportWith([{ name: 'CA' }, { name: 'CA', rate_from: '2017-11-01' }]));
    expect(reopened.jurisdictions.map((row) => row.rateFrom)).toEqual([undefined, '2017-11-01']);
  });
});
