import type { CalculationMode } from '@ifta/index';
import type { ImportedEntry, TaxRate } from '../api/types';
import { calculatorPeriodOptions } from '../calendar/displaySettings';

/**
 * These options replace docs/product-spec.md §9's fixed Q1-2025 to Q4-2025: the current quarter and the eight before it (months for a
 * monthly filer), newest first, in the account's time zone; a report of any other period still opens and saves.
 */
export const taxPeriodOptions = (): string[] => calculatorPeriodOptions().periods;
/** The last closed quarter (or month), the return a carrier files now. */
export const defaultTaxPeriod = (): string => calculatorPeriodOptions().defaultPeriod;

/** docs/product-spec.md §3 Calculator general info. MPG stays text while typed; the math reads it as a number. */
export interface GeneralInfo {
  companyName: string;
  iftaLicenseNumber: string;
  taxPeriod: string;
  averageMPG: string;
  /** New reports start official; a calculator autosaved before modes existed reads as worksheet. */
  calculationMode?: CalculationMode;
}

/** docs/product-spec.md §3 Calculator jurisdiction row; `isEditing` marks a saved row reopened with Edit. */
export interface JurisdictionRow {
  id: string;
  name: string;
  totalMiles: string;
  taxableMiles: string;
  gallonsPurchased: string;
  /** Official mode: fuel bought without tax there (counted in total gallons, never credited). */
  nonTaxPaidGallons?: string;
  /** Official mode: the line's fuel type (FUEL_TYPES); absent means diesel. */
  fuelType?: string;
  taxRate: number;
  /**
   * The line's rate was typed (a report saved with rate_source 'typed'), not filled from the rate table: an official
   * return uses it where the quarter has no rate of its own.
   */
  rateTyped?: boolean;
  /** With `rateTyped`: the surcharge rate typed with it (0 when none), kept so a reopened line does not lose it. */
  surchargeRate?: number;
  /**
   * Official mode: the first day of the rate period the line reports ('2017-11-01'), where its jurisdiction's rate
   * changes inside the quarter and the return has one line per rate period; absent for the first period.
   */
  rateFrom?: string;
  isNew: boolean;
  isEditing: boolean;
  /**
   * What was typed in kilometres and litres (entryUnits.ts), kept so the field shows the typing as it was; the
   * figures above stay miles and gallons.
   */
  entered?: Partial<Record<QuantityField, string>>;
}

/** The figures of a line, in miles and gallons, that an account entering kilometres and litres types converted. */
export type QuantityField = 'totalMiles' | 'taxableMiles' | 'gallonsPurchased' | 'nonTaxPaidGallons';

/**
 * Everything the calculator holds, as autosaved. `reportId` is the draft a save updates; `sourceReportId`
 * is the report `?edit=` opened, so a reload of that URL keeps the work instead of fetching it again.
 */
export interface CalculatorState {
  generalInfo: GeneralInfo;
  jurisdictions: JurisdictionRow[];
  reportId: string | null;
  sourceReportId: string | null;
  /** The report's name while editing one, for the banner. */
  sourceReportName: string | null;
  /** The opened report was final: saving makes a new report, and saving it final files the amendment. */
  isFinalCopy: boolean;
  /** With `isFinalCopy`: the return being amended, for the banner that says so. */
  amending?: { name: string; amendmentNumber: number | null; filedAt: string | null } | null;
  /** A name the calculator did not make (given through the API): saves keep it instead of 'IFTA {period} - {company}'. */
  keptName?: string | null;
}

/** A tax rate as the calculator reads it (docs/product-spec.md §7: {data:[rates]}). */
export type CalculatorTaxRate = Pick<TaxRate, 'id' | 'name' | 'abbreviation' | 'rate' | 'is_active'>;

/**
 * An imported entry as the calculator reads it (docs/product-spec.md §3 Imported entry): the API's, or a line to send to a
 * session, whose fields are snake case; camel-case variants are accepted too.
 */
export type EntryToRead = Partial<ImportedEntry> & {
  stateAbbreviation?: string;
  taxRate?: number;
  milesDriven?: number;
  totalMiles?: number;
  fuelPurchased?: number;
};

/** docs/product-spec.md §9: .xlsx only, at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
