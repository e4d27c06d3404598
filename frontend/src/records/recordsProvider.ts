import { httpClient } from '../providers/httpClient';
import { fetchFile, postFormForFile, uploadForm } from '../providers/fileTransfer';
import type { FindingAcknowledgement, HealthCheck, RecordsHealth, RecordsHealthSettings, Report } from '../api/types';

/** The two kinds of records and their API paths (backend/src/records). */
const RECORD_PATHS = { trips: '/api/protected/trips', fuel: '/api/protected/fuel-purchases' } as const;
export type RecordKind = keyof typeof RECORD_PATHS;

/** The columns a file can map to, per kind, required ones first (backend/src/records/record-fields.ts). */
export const IMPORT_FIELDS: Record<RecordKind, Array<{ name: string; required: boolean }>> = {
  trips: [
    { name: 'date', required: true },
    { name: 'unit', required: true },
    { name: 'jurisdiction', required: true },
    { name: 'miles', required: false },
    { name: 'kilometres', required: false },
    { name: 'taxable', required: false },
    { name: 'non_taxable_reason', required: false },
    { name: 'odometer_start', required: false },
    { name: 'odometer_end', required: false },
  ],
  fuel: [
    { name: 'date', required: true },
    { name: 'unit', required: true },
    { name: 'jurisdiction', required: true },
    { name: 'gallons', required: false },
    { name: 'litres', required: false },
    { name: 'fuel_type', required: false },
    { name: 'tax_paid', required: false },
    { name: 'vendor', required: false },
    { name: 'receipt_number', required: false },
    { name: 'vendor_address', required: false },
    { name: 'total_price', required: false },
  ],
};

export interface TripRow {
  id: string;
  date: string;
  unit: string;
  jurisdiction: string;
  miles: number;
  taxable: boolean;
  non_taxable_reason: string | null;
  odometer_start: number | null;
  odometer_end: number | null;
  report_id: string | null;
  locked: boolean;
}

export interface FuelRow {
  id: string;
  date: string;
  unit: string;
  jurisdiction: string;
  quantity: number;
  quantity_unit: 'gal' | 'l';
  gallons: number;
  fuel_type: string;
  tax_paid: boolean;
  vendor: string;
  receipt_number: string;
  vendor_address: string;
  total_price: number | null;
  report_id: string | null;
  locked: boolean;
}

export interface RecordPage<T> {
  data: T[];
  pagination: { total: number; totalPages: number; page: number; limit: number };
}

export interface ImportPreview {
  layout: string;
  headers: string[];
  mapping: Record<string, string>;
  rows: Array<Record<string, unknown>>;
  /** The first 100 problems; `problem_counts` and `problem_total` count them all (the CSV lists them all). */
  problems: Array<{ row: number; field: string; message: string; value?: string }>;
  problem_counts: Record<string, number>;
  problem_total: number;
  /** The vendor layout the header row was recognised as; `mapping` is then its mapping (or the one remembered). */
  preset: { id: string; vendor: string; report: string; label: string } | null;
  /** Rows left out on purpose (a fuel card's DEF, cash advance…): the first 100, counts by reason. */
  warnings: Array<{ row: number; field: string; reason: string; message: string; value: string }>;
  warning_counts: Record<string, number>;
  warning_total: number;
  /** The first 100 duplicates; `duplicate_total` counts them all. */
  duplicates: Array<{ row: number; reason: 'same_record' | 'same_receipt'; existing_id: string | null }>;
  duplicate_total: number;
  total_rows: number;
}

interface ReturnLine {
  name: string;
  fuel_type: string;
  total_miles: number;
  taxable_miles: number;
  gallons_purchased: number;
  non_tax_paid_gallons: number;
}

export interface ReturnPreview {
  period: string;
  fuel_type: string;
  lines: ReturnLine[];
  built_report: { id: string; status: 'draft' | 'final' } | null;
  changes: Array<{ jurisdiction: string; change: 'added' | 'removed' | 'changed' | 'rates' }>;
}

export interface RecordChecks {
  period: string;
  units: Array<{ unit: string; miles: number; gallons: number; mpg: number | null; outlier: boolean }>;
  fuel_without_miles: Array<{ jurisdiction: string; gallons: number }>;
  quarter_without_fuel: boolean;
  /** Units that bought a fuel other than their vehicle's: their miles stay in their vehicle's fuel schedule. */
  fuel_mismatches: Array<{
    unit: string;
    fuel_type: string;
    other_fuels: Array<{ fuel_type: string; gallons: number }>;
  }>;
  mpg_range: { min: number; max: number };
}

const form = (file: File, mapping: Record<string, string>, duplicates?: 'skip' | 'add') => {
  const body = new FormData();
  body.append('mapping', JSON.stringify(mapping));
  if (duplicates) body.append('duplicates', duplicates);
  body.append('file', file);
  return body;
};

/** Named calls of the records screens (docs/style.md), on the app's http client. */
export const recordsProvider = {
  list: async <T>(kind: RecordKind, query: { page: number; period: string; unit: string; ids?: string[] }) =>
    (
      await httpClient<RecordPage<T>>(
        `${RECORD_PATHS[kind]}?${new URLSearchParams({
          page: String(query.page),
          limit: '25',
          ...(query.period ? { period: query.period } : {}),
          ...(query.unit ? { unit: query.unit } : {}),
          ...(query.ids?.length ? { ids: query.ids.join(',') } : {}),
        })}`,
      )
    ).json,
  remove: (kind: RecordKind, id: string) => httpClient(`${RECORD_PATHS[kind]}/${id}`, { method: 'DELETE' }),
  update: (kind: RecordKind, id: string, body: object) =>
    httpClient(`${RECORD_PATHS[kind]}/${id}`, { method: 'PUT', body }),
  create: (kind: RecordKind, body: object) => httpClient(RECORD_PATHS[kind], { method: 'POST', body }),
  /** A template to fill in, with headers in `lang` that the import recognises. */
  template: (kind: RecordKind, format: 'csv' | 'xlsx', lang: string) =>
    fetchFile(`${RECORD_PATHS[kind]}/template?${new URLSearchParams({ format, lang: lang === 'ru' ? 'ru' : 'en' })}`),
  preview: (kind: RecordKind, file: File, mapping: Record<string, string>, onProgress: (share: number) => void) =>
    uploadForm<ImportPreview>(`${RECORD_PATHS[kind]}/import/preview`, form(file, mapping), onProgress),
  /** Every problem of the same file, read with the same mapping, as a CSV download. */
  problemsCsv: (kind: RecordKind, file: File, mapping: Record<string, string>) =>
    postFormForFile(`${RECORD_PATHS[kind]}/import/preview?problems=csv`, form(file, mapping)),
  apply: (
    kind: RecordKind,
    file: File,
    mapping: Record<string, string>,
    duplicates: 'skip' | 'add',
    onProgress: (share: number) => void,
  ) =>
    uploadForm<{ imported: number; skipped_duplicates: number; skipped_rows: number }>(
      `${RECORD_PATHS[kind]}/import`,
      form(file, mapping, duplicates),
      onProgress,
    ),
  previewReturn: async (period: string, fuelType: string) =>
    (
      await httpClient<ReturnPreview>('/protected/returns/preview', {
        method: 'POST',
        body: { period, fuel_type: fuelType },
      })
    ).json,
  buildReturn: async (period: string, fuelType: string) =>
    (
      await httpClient<{ report: Report }>('/protected/returns/build', {
        method: 'POST',
        body: { period, fuel_type: fuelType },
      })
    ).json,
  checks: async (period: string) =>
    (await httpClient<RecordChecks>(`/protected/records/checks?${new URLSearchParams({ period })}`)).json,
  /** The auditor's checks of a quarter: findings with their records, and the score they leave. */
  health: async (period: string) =>
    (await httpClient<RecordsHealth>(`/protected/records/health?${new URLSearchParams({ period })}`)).json,
  acknowledge: async (body: { check: HealthCheck; key: string; note: string }) =>
    (
      await httpClient<FindingAcknowledgement>('/protected/records/health/acknowledgements', {
        method: 'POST',
        body,
      })
    ).json,
  saveHealthSettings: async (body: RecordsHealthSettings) =>
    (await httpClient<RecordsHealthSettings>('/protected/records/health/settings', { method: 'PUT', body })).json,
};
