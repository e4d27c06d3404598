/** Spec §9: Q1-2025 to Q4-2025, Q1-2025 by default. */
export const TAX_PERIODS = ['Q1-2025', 'Q2-2025', 'Q3-2025', 'Q4-2025'] as const;
export type TaxPeriod = (typeof TAX_PERIODS)[number];
export const DEFAULT_TAX_PERIOD: TaxPeriod = 'Q1-2025';

/** Spec §3 Calculator general info. MPG stays text while typed; the math reads it as a number. */
export interface GeneralInfo {
  companyName: string;
  iftaLicenseNumber: string;
  taxPeriod: string;
  averageMPG: string;
}

/** Spec §3 Calculator jurisdiction row; `isEditing` marks a saved row reopened with Edit. */
export interface JurisdictionRow {
  id: string;
  name: string;
  totalMiles: string;
  taxableMiles: string;
  gallonsPurchased: string;
  taxRate: number;
  isNew: boolean;
  isEditing: boolean;
}

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
  /** The opened report was final: saving makes a new draft copy. */
  isFinalCopy: boolean;
}

/** A tax rate as the calculator reads it (spec §7: {data:[rates]}). */
export interface CalculatorTaxRate {
  id: string;
  name: string;
  abbreviation: string;
  rate: number;
  is_active: boolean;
}

/** Spec §3 Imported entry; camel-case variants are accepted too. */
export interface ImportedEntry {
  state?: string;
  state_abbreviation?: string;
  stateAbbreviation?: string;
  tax_rate?: number;
  taxRate?: number;
  miles_driven?: number;
  milesDriven?: number;
  total_miles?: number;
  totalMiles?: number;
  fuel_purchased?: number;
  fuelPurchased?: number;
  fuel_consumed?: number;
  fuelConsumed?: number;
  tax_due?: number;
  taxDue?: number;
  net_gallons?: number;
  netGallons?: number;
}

export interface ImportResponse {
  entries: ImportedEntry[];
  count: number;
}

/** Spec §9: .xlsx only, at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
