import { type CalculationMode, DEFAULT_FUEL_TYPE, toNumber } from '@ifta/index';
import type { Report, ReportPayload, ReportStatus } from '../api/types';
import { fuelTypeOf, officialTypedRate, officialTypedSurcharge } from './officialPreview';
import { isDraftReport } from '../api/reports';
import {
  defaultTaxPeriod,
  type CalculatorState,
  type CalculatorTaxRate,
  type GeneralInfo,
  type EntryToRead,
  type JurisdictionRow,
} from './types';

let nextRowId = 0;
/** Unique within a page load and across reloads (the time part), enough for React keys and row edits. */
const newRowId = () => `row-${Date.now().toString(36)}-${(nextRowId++).toString(36)}`;

const emptyGeneralInfo = (companyName = ''): GeneralInfo => ({
  companyName,
  iftaLicenseNumber: '',
  taxPeriod: defaultTaxPeriod(),
  averageMPG: '',
  calculationMode: 'official',
});

/** The report's mode; a calculator autosaved before modes existed was a worksheet. */
export const modeOf = (info: GeneralInfo): CalculationMode => info.calculationMode ?? 'worksheet';

export const emptyCalculator = (companyName = ''): CalculatorState => ({
  generalInfo: emptyGeneralInfo(companyName),
  jurisdictions: [],
  reportId: null,
  sourceReportId: null,
  sourceReportName: null,
  isFinalCopy: false,
});

export const newJurisdictionRow = (): JurisdictionRow => ({
  id: newRowId(),
  name: '',
  totalMiles: '',
  taxableMiles: '',
  gallonsPurchased: '',
  taxRate: 0,
  isNew: true,
  isEditing: false,
});

/** docs/product-spec.md §5: fields are editable only while the row is new or reopened with Edit. */
export const isRowEditable = (row: JurisdictionRow): boolean => row.isNew || row.isEditing;

/** docs/product-spec.md §5: the state drop-down lists the active rates only, sorted by name. */
export const stateChoices = (rates: readonly CalculatorTaxRate[]): CalculatorTaxRate[] =>
  rates.filter((rate) => rate.is_active).sort((a, b) => a.name.localeCompare(b.name));

/** 'Name (ABBR) - $rate' with the rate at 4 decimals (docs/product-spec.md §5). */
export const stateLabel = (rate: CalculatorTaxRate): string =>
  `${rate.name} (${rate.abbreviation}) - $${toNumber(rate.rate).toFixed(4)}`;

/** Choosing a state fills its rate from the list; 0 when it is not there (docs/product-spec.md §5). */
export const rateFor = (name: string, rates: readonly CalculatorTaxRate[]): number => {
  const match = stateChoices(rates).find((rate) => rate.name === name || rate.abbreviation === name);
  return match ? toNumber(match.rate) : 0;
};

const pick = (...values: Array<number | string | undefined>) =>
  values.find((value) => value !== undefined && value !== null);

/** An imported entry (snake or camel case) as a calculator row; the server's rate is the account's active rate. */
export const rowFromEntry = (entry: EntryToRead, rates: readonly CalculatorTaxRate[]): JurisdictionRow => {
  const name = String(entry.state ?? pick(entry.state_abbreviation, entry.stateAbbreviation) ?? '').trim();
  const taxable = pick(entry.miles_driven, entry.milesDriven);
  const total = pick(entry.total_miles, entry.totalMiles, taxable);
  const rate = pick(entry.tax_rate, entry.taxRate);
  return {
    id: newRowId(),
    name,
    totalMiles: total === undefined ? '' : String(total),
    taxableMiles: taxable === undefined ? '' : String(taxable),
    gallonsPurchased: String(pick(entry.fuel_purchased, entry.fuelPurchased) ?? ''),
    taxRate: rate === undefined ? rateFor(name, rates) : toNumber(rate),
    isNew: false,
    isEditing: false,
  };
};

/**
 * docs/product-spec.md §5 Calculator save: company name, average MPG and at least one jurisdiction; each row's
 * State/Province is labelled required too (blank numbers count as 0, so they may stay empty).
 */
export const canSave = (state: CalculatorState): boolean =>
  state.generalInfo.companyName.trim() !== '' &&
  // The official return computes the fleet MPG itself; a typed one only overrides it.
  (modeOf(state.generalInfo) === 'official' || state.generalInfo.averageMPG.trim() !== '') &&
  state.jurisdictions.length > 0 &&
  state.jurisdictions.every((row) => row.name.trim() !== '');

/** The report's name as the server would default it, kept in step with period and company on every save. */
const reportNameFor = (info: GeneralInfo): string => `IFTA ${info.taxPeriod} - ${info.companyName.trim()}`;

/** The POST/PUT body (docs/product-spec.md §7). Derived numbers are left to the server, which recomputes them anyway. */
export const toReportPayload = (state: CalculatorState, status: ReportStatus): ReportPayload => {
  const info = state.generalInfo;
  return {
    name: state.keptName || reportNameFor(info),
    company_name: info.companyName.trim(),
    license_number: info.iftaLicenseNumber.trim(),
    tax_period: info.taxPeriod,
    period: info.taxPeriod,
    // The server refuses a typed MPG on an official return: it computes each fuel's fleet MPG.
    ...(modeOf(info) === 'worksheet' ? { average_mpg: toNumber(info.averageMPG) } : {}),
    status,
    calculation_mode: modeOf(info),
    jurisdictions: state.jurisdictions.map((row) => ({
      name: row.name,
      // Diesel is every line's default, so it is left out, as a client written to the spec sends it. Another fuel
      // chosen in official mode stays with the line if the report is switched to the worksheet, so the two Texas
      // lines of a two-fuel return remain two lines rather than a refused duplicate.
      ...(fuelTypeOf(row) !== DEFAULT_FUEL_TYPE ? { fuel_type: fuelTypeOf(row) } : {}),
      total_miles: toNumber(row.totalMiles),
      taxable_miles: toNumber(row.taxableMiles),
      gallons_purchased: toNumber(row.gallonsPurchased),
      non_tax_paid_gallons: toNumber(row.nonTaxPaidGallons),
      // An official return prices its lines from the rate tables; the rate the calculator filled in is sent only
      // where it was typed, so a quarter without rates is priced provisionally rather than as 'typed'.
      tax_rate: modeOf(info) === 'official' ? officialTypedRate(row) : toNumber(row.taxRate),
      ...(modeOf(info) === 'official' && officialTypedSurcharge(row) > 0
        ? { surcharge_rate: officialTypedSurcharge(row) }
        : {}),
      // A line of a later rate period names its first day; a worksheet has no rate periods (the server refuses one).
      ...(modeOf(info) === 'official' && row.rateFrom ? { rate_from: row.rateFrom } : {}),
      gallons_consumed: 0,
      net_gallons: 0,
      tax_due: 0,
    })),
  };
};

/** The report's name when the calculator did not make it from the report's own period and company. */
const keptNameOf = (report: Report): string | null =>
  report.name === reportNameFor({ ...emptyGeneralInfo(report.company_name), taxPeriod: report.tax_period })
    ? null
    : report.name;

/**
 * `?edit={id}`: the report prefilled. A draft is updated in place; a final report stays locked on the server, so
 * it opens as the amendment of its return: every line open at once (amending means changing them), and saving it
 * final files the amendment, which the server chains after the return of record.
 */
export const stateFromReport = (report: Report): CalculatorState => {
  const draft = isDraftReport(report);
  return {
    generalInfo: {
      companyName: report.company_name,
      iftaLicenseNumber: report.license_number ?? '',
      taxPeriod: report.tax_period || defaultTaxPeriod(),
      // An official report on the fleet MPG reopens with the field empty, so it keeps following the totals.
      averageMPG: report.mpg_source === 'fleet' ? '' : String(report.average_mpg ?? ''),
      calculationMode: report.calculation_mode ?? 'worksheet',
    },
    jurisdictions: report.jurisdictions.map((line) => ({
      id: newRowId(),
      name: line.name,
      totalMiles: String(line.total_miles),
      taxableMiles: String(line.taxable_miles),
      gallonsPurchased: String(line.gallons_purchased),
      nonTaxPaidGallons: line.non_tax_paid_gallons ? String(line.non_tax_paid_gallons) : '',
      fuelType: line.fuel_type ?? DEFAULT_FUEL_TYPE,
      taxRate: toNumber(line.tax_rate),
      ...(line.rate_source === 'typed' ? { rateTyped: true, surchargeRate: toNumber(line.surcharge_rate) } : {}),
      ...(line.rate_from ? { rateFrom: line.rate_from } : {}),
      isNew: false,
      isEditing: !draft,
    })),
    reportId: draft ? report.id : null,
    sourceReportId: report.id,
    sourceReportName: report.name,
    isFinalCopy: !draft,
    // A worksheet final belongs to no filed return: it opens as a copy, not as an amendment.
    amending:
      draft || report.calculation_mode !== 'official'
        ? null
        : { name: report.name, amendmentNumber: report.amendment_number ?? null, filedAt: report.filed_at },
    keptName: keptNameOf(report),
  };
};

/** docs/product-spec.md §4: after a final save the data is cleared, period back to the default (the last closed quarter), MPG empty; company and license stay. */
export const afterFinalSave = (state: CalculatorState): CalculatorState => ({
  ...emptyCalculator(state.generalInfo.companyName),
  generalInfo: {
    ...emptyGeneralInfo(state.generalInfo.companyName),
    iftaLicenseNumber: state.generalInfo.iftaLicenseNumber,
  },
});

/** After a draft save the work stays, now tied to the saved draft so the next save updates it. */
export const afterDraftSave = (state: CalculatorState, saved: Report): CalculatorState => ({
  ...state,
  reportId: saved.id,
  sourceReportId: saved.id,
  sourceReportName: saved.name,
  isFinalCopy: false,
  amending: null,
  keptName: keptNameOf(saved),
  jurisdictions: state.jurisdictions.map((row) => ({ ...row, isNew: false, isEditing: false })),
});

/** Loose check of what comes back from localStorage: a damaged save starts a fresh calculator. */
export const isCalculatorState = (value: unknown): value is CalculatorState => {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<CalculatorState>;
  return (
    typeof candidate.generalInfo === 'object' &&
    candidate.generalInfo !== null &&
    typeof candidate.generalInfo.companyName === 'string' &&
    Array.isArray(candidate.jurisdictions)
  );
};
