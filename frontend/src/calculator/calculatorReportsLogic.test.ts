import { describe, expect, test } from 'vitest';
import { periodOptions, todayIn } from '@ifta/filing-calendar';
import {
  afterFinalSave,
  canSave,
  emptyCalculator,
  newJurisdictionRow,
  rateFor,
  rowFromEntry,
  stateChoices,
  stateFromReport,
  toReportPayload,
} from './calculatorState';
import { filterReports, DEFAULT_REPORT_FILTERS } from '../providers/reportFilters';
import { pageOfAll, reportsQuery } from '../providers/reportListQuery';
import { formatMoney } from '../reports/format';
import type { Report } from '../api/types';

// Pure logic of the calculator and the report list, run in Node (no browser needed).

const report = (fields: Partial<Report>): Report => ({
  id: fields.name ?? 'r',
  _id: fields.name ?? 'r',
  name: 'Report',
  company_name: 'Acme',
  license_number: '',
  tax_period: 'Q1-2025',
  period: 'Q1-2025',
  average_mpg: 5,
  status: 'draft',
  is_final: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  jurisdictions: [],
  due_date: null,
  filed_at: null,
  penalty: null,
  interest: null,
  interest_rate_missing: false,
  total_to_remit: 0,
  rates_provisional_from: null,
  amended: false,
  amends_id: null,
  difference: null,
  amendment_number: null,
  return_of_record: false,
  voided: false,
  voided_at: null,
  void_reason: null,
  amount_due: null,
  paid: null,
  balance: null,
  settlement: null,
  superseded_by_id: null,
  superseded: false,
  calculation_mode: 'worksheet',
  mpg_source: null,
  fleet_mpg: null,
  schedules: [],
  totals: {
    total_miles: 0,
    taxable_miles: 0,
    gallons_purchased: 0,
    gallons_consumed: 0,
    net_gallons: 0,
    tax_due: 0,
    surcharge_due: 0,
    non_tax_paid_gallons: 0,
    is_no_tax_due: true,
  },
  ...fields,
});

const rates = [
  { id: '1', name: 'Texas', abbreviation: 'TX', rate: 0.2, is_active: true },
  { id: '2', name: 'Alabama', abbreviation: 'AL', rate: 0.31, is_active: true },
  { id: '3', name: 'Oregon', abbreviation: 'OR', rate: 0.5, is_active: false },
];

describe('report list filtering (docs/product-spec.md §5)', () => {
  const reports = [
    report({
      name: 'beta',
      company_name: 'Zeta Freight',
      created_at: '2025-03-01T10:00:00Z',
      updated_at: '2025-03-05T00:00:00Z',
    }),
    report({
      name: 'Alpha',
      company_name: 'Acme',
      status: 'final',
      is_final: true,
      created_at: '2025-01-15T10:00:00Z',
      updated_at: '2025-04-01T00:00:00Z',
    }),
    report({
      name: 'gamma',
      company_name: 'ACME west',
      created_at: '2025-02-01T10:00:00Z',
      updated_at: '2025-02-01T00:00:00Z',
    }),
  ];
  const names = (list: readonly Pick<Report, 'name'>[]) => list.map((r) => r.name);

  test('defaults to created_at, newest first', () => {
    expect(names(filterReports(reports, DEFAULT_REPORT_FILTERS))).toEqual(['beta', 'gamma', 'Alpha']);
  });

  test('searches name or company, case-insensitively', () => {
    expect(names(filterReports(reports, { ...DEFAULT_REPORT_FILTERS, search: 'acme' }))).toEqual(['gamma', 'Alpha']);
    expect(names(filterReports(reports, { ...DEFAULT_REPORT_FILTERS, search: 'BET' }))).toEqual(['beta']);
  });

  test('matches status exactly; is_final false counts as draft', () => {
    const odd = report({ name: 'odd', status: 'final', is_final: false });
    expect(names(filterReports([...reports, odd], { ...DEFAULT_REPORT_FILTERS, status: 'draft' }))).toContain('odd');
    expect(names(filterReports(reports, { ...DEFAULT_REPORT_FILTERS, status: 'final' }))).toEqual(['Alpha']);
  });

  test('sorts names without regard to case, and modified dates as dates', () => {
    expect(names(filterReports(reports, { ...DEFAULT_REPORT_FILTERS, sort: 'name', order: 'asc' }))).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
    expect(names(filterReports(reports, { ...DEFAULT_REPORT_FILTERS, sort: 'updated_at', order: 'desc' }))).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
  });

  // The URL round trip of the filters is react-admin's list params now; these map them to the server.
  test("list params become the contract's query; unknown sort and status fall back to the defaults", () => {
    const query = reportsQuery({
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: ' acme ', status: 'final' },
    });
    expect(query.toString()).toBe('page=3&limit=25&sort=name&order=asc&search=acme&status=final');
    const fallback = reportsQuery({ sort: { field: 'evil', order: 'DESC' }, filter: { status: 'lost' } });
    expect(fallback.toString()).toBe('page=1&limit=25&sort=created_at&order=desc');
  });

  test('a plain array from the server is filtered, paged and counted over the filtered list', () => {
    const query = reportsQuery({ pagination: { page: 2, perPage: 1 }, filter: { q: 'acme' } });
    const page = pageOfAll(reports, query);
    expect(names(page.data)).toEqual(['Alpha']);
    expect(page.total).toBe(2);
    expect(page.meta.counts).toEqual({ total: 2, draft: 1, final: 1 });
  });
});

describe('calculator state (docs/product-spec.md §3 to §5)', () => {
  test('the state list holds active rates only, sorted by name, and a choice fills its rate (0 if unknown)', () => {
    expect(stateChoices(rates).map((rate) => rate.abbreviation)).toEqual(['AL', 'TX']);
    expect(rateFor('Texas', rates)).toBe(0.2);
    expect(rateFor('Oregon', rates)).toBe(0);
    expect(rateFor('Atlantis', rates)).toBe(0);
  });

  test('imported entries are read in snake and camel case', () => {
    const snake = rowFromEntry(
      { state: 'Texas', tax_rate: 0.2, miles_driven: 1500, total_miles: 1600, fuel_purchased: 200 },
      rates,
    );
    const camel = rowFromEntry(
      { state: 'Texas', taxRate: 0.2, milesDriven: 1500, totalMiles: 1600, fuelPurchased: 200 },
      rates,
    );
    for (const row of [snake, camel]) {
      expect(row).toMatchObject({
        name: 'Texas',
        taxableMiles: '1500',
        totalMiles: '1600',
        gallonsPurchased: '200',
        taxRate: 0.2,
        isNew: false,
      });
    }
    expect(rowFromEntry({ stateAbbreviation: 'TX', milesDriven: 10 }, rates)).toMatchObject({
      name: 'TX',
      totalMiles: '10',
      taxRate: 0.2,
    });
  });

  test('saving needs company name, MPG and at least one named jurisdiction', () => {
    const ready = { ...emptyCalculator('Acme'), jurisdictions: [{ ...newJurisdictionRow(), name: 'Texas' }] };
    // The spec's rule holds for the worksheet; the official return computes the fleet MPG itself.
    ready.generalInfo = { ...ready.generalInfo, averageMPG: '6.5', calculationMode: 'worksheet' };
    expect(canSave(ready)).toBe(true);
    expect(canSave({ ...ready, jurisdictions: [] })).toBe(false);
    expect(canSave({ ...ready, generalInfo: { ...ready.generalInfo, companyName: '  ' } })).toBe(false);
    expect(canSave({ ...ready, generalInfo: { ...ready.generalInfo, averageMPG: '' } })).toBe(false);
    expect(canSave({ ...ready, jurisdictions: [newJurisdictionRow()] })).toBe(false);
  });

  test('an official return saves without a typed MPG, and new reports start official', () => {
    const ready = { ...emptyCalculator('Acme'), jurisdictions: [{ ...newJurisdictionRow(), name: 'Texas' }] };
    expect(ready.generalInfo.calculationMode).toBe('official');
    expect(canSave(ready)).toBe(true);
    expect(toReportPayload(ready, 'draft').calculation_mode).toBe('official');
  });

  test('the payload sends the inputs as numbers (blank is 0) and the spec fields', () => {
    const state = {
      ...emptyCalculator('Acme'),
      jurisdictions: [{ ...newJurisdictionRow(), name: 'Texas', taxableMiles: '1500', taxRate: 0.2 }],
    };
    // The default period follows the calendar, so the period is chosen here. The spec's calculation is
    // the worksheet, which sends each line's rate; an official return sends only typed ones (officialPreview.test).
    state.generalInfo = {
      ...state.generalInfo,
      averageMPG: '5',
      iftaLicenseNumber: ' L-1 ',
      taxPeriod: 'Q1-2025',
      calculationMode: 'worksheet',
    };
    const payload = toReportPayload(state, 'final');
    expect(payload).toMatchObject({
      name: 'IFTA Q1-2025 - Acme',
      company_name: 'Acme',
      license_number: 'L-1',
      tax_period: 'Q1-2025',
      period: 'Q1-2025',
      average_mpg: 5,
      status: 'final',
    });
    expect(payload.jurisdictions[0]).toMatchObject({
      name: 'Texas',
      total_miles: 0,
      taxable_miles: 1500,
      gallons_purchased: 0,
      tax_rate: 0.2,
    });
  });

  test('a final report reopens as a new draft copy; a draft reopens for update', () => {
    const final = stateFromReport(report({ id: 'f1', status: 'final', is_final: true }));
    expect(final).toMatchObject({ reportId: null, sourceReportId: 'f1', isFinalCopy: true });
    const draft = stateFromReport(report({ id: 'd1' }));
    expect(draft).toMatchObject({ reportId: 'd1', sourceReportId: 'd1', isFinalCopy: false });
  });

  test('after a final save only company and license remain; period back to the last closed quarter, MPG empty', () => {
    const state = { ...emptyCalculator('Acme'), jurisdictions: [newJurisdictionRow()], reportId: 'x' };
    state.generalInfo = { companyName: 'Acme', iftaLicenseNumber: 'L-1', taxPeriod: 'Q3-2025', averageMPG: '6' };
    expect(afterFinalSave(state)).toEqual({
      ...emptyCalculator('Acme'),
      generalInfo: {
        companyName: 'Acme',
        iftaLicenseNumber: 'L-1',
        taxPeriod: periodOptions(todayIn('America/New_York', new Date())).defaultPeriod,
        averageMPG: '',
        calculationMode: 'official',
      },
    });
  });

  test('money shows 2 decimals with the sign of a credit, and never "-$0.00"', () => {
    expect(formatMoney(-28.5)).toBe('-$28.50');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });
});
