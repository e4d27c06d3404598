import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider } from 'react-admin';
import { body, client, type JsonBody } from '../api/client';
import type { paths } from '../api/schema';
import { type DownloadProgress, fetchFile, fetchFileWithProgress, postFormForFile, uploadForm } from './fileTransfer';
import type {
  FuelPurchaseRecord,
  HealthCheck,
  ImportPreview,
  ImportResult,
  ByVehicleReport,
  RecordChecks,
  RecordsHealth,
  RecordsHealthSettings,
  ReturnBuild,
  ReturnPreview,
  TripRecord,
} from '../api/types';

/** A fuel type as the return endpoints take it. */
type FuelType = JsonBody<paths['/api/protected/returns/preview']['post']>['fuel_type'];

/** The two kinds of records and their API paths (backend/src/records). */
const RECORD_PATHS = { trips: '/api/protected/trips', fuel: '/api/protected/fuel-purchases' } as const;
export type RecordKind = keyof typeof RECORD_PATHS;

/** The react-admin resource of each kind (providers/recordsResources.ts): its list, create, edit and delete. */
export const RECORD_RESOURCES: Record<RecordKind, string> = { trips: 'trips', fuel: 'fuel-purchases' };

/**
 * A quarter's reports over the records, as react-admin resources read with useGetOne: the record's id is the
 * quarter (Q3-2026), and the by-vehicle report's unit filter travels as `meta.unit`.
 */
export const RECORD_REPORTS = {
  health: 'records-health',
  byVehicle: 'records-by-vehicle',
  checks: 'records-checks',
  returnPreview: 'return-previews',
} as const;

export type RecordsHealthRecord = RecordsHealth & { id: string };
export type ByVehicleRecord = ByVehicleReport & { id: string };
export type RecordChecksRecord = RecordChecks & { id: string };
export type ReturnPreviewRecord = ReturnPreview & { id: string };

export const recordReportResources: Record<string, Partial<DataProvider>> = {
  [RECORD_REPORTS.health]: {
    getOne: async (_resource, params) => {
      const period = String(params.id);
      const health = (await body(
        client.GET('/api/protected/records/health', { params: { query: { period } } }),
      )) as RecordsHealth;
      return { data: { ...health, id: period } };
    },
  } as Partial<DataProvider>,
  // The checks before a build: missing fuel, gaps, units without a vehicle, and what they leave.
  [RECORD_REPORTS.checks]: {
    getOne: async (_resource, params) => {
      const period = String(params.id);
      const checks = (await body(
        client.GET('/api/protected/records/checks', { params: { query: { period } } }),
      )) as RecordChecks;
      return { data: { ...checks, id: period } };
    },
  } as Partial<DataProvider>,
  // The return a quarter's records would build, per fuel (`meta.fuelType`): a read, though the server takes a POST.
  [RECORD_REPORTS.returnPreview]: {
    getOne: async (_resource, params) => {
      const period = String(params.id);
      const fuelType = String((params.meta as { fuelType?: string } | undefined)?.fuelType ?? 'diesel');
      const preview = (await body(
        client.POST('/api/protected/returns/preview', { body: { period, fuel_type: fuelType as FuelType } }),
      )) as ReturnPreview;
      return { data: { ...preview, id: period } };
    },
  } as Partial<DataProvider>,
  [RECORD_REPORTS.byVehicle]: {
    getOne: async (_resource, params) => {
      const period = String(params.id);
      const unit = (params.meta as { unit?: string } | undefined)?.unit?.trim();
      const report = (await body(
        client.GET('/api/protected/records/by-vehicle', { params: { query: { period, ...(unit ? { unit } : {}) } } }),
      )) as ByVehicleReport;
      return { data: { ...report, id: period } };
    },
  } as Partial<DataProvider>,
};

/**
 * After an import, a receipt change or a built return: both kinds' lists and the quarter's reports (health, checks,
 * by vehicle, the return's preview) read again; react-admin keys each resource's queries by its name.
 */
export const refreshRecords = (queryClient: QueryClient) =>
  Promise.all(
    [...Object.values(RECORD_RESOURCES), ...Object.values(RECORD_REPORTS)].map((resource) =>
      queryClient.invalidateQueries({ queryKey: [resource] }),
    ),
  );

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
    { name: 'trip_number', required: false },
    { name: 'driver', required: false },
    { name: 'origin_city', required: false },
    { name: 'origin_jurisdiction', required: false },
    { name: 'destination_city', required: false },
    { name: 'destination_jurisdiction', required: false },
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
    { name: 'quantity_unit', required: false },
    { name: 'currency', required: false },
  ],
};

/** What an import sends beside its file and mapping: choices for unknown products and units, a date or unit for all. */
export interface ImportExtras {
  resolutions?: { products: Record<string, string>; units: Record<string, string>; prices: Record<string, string> };
  defaultDate?: string;
  defaultUnit?: string;
}

/** A row of either kind, as the records table and the edit dialog read it (a kind's own fields are on its rows). */
export type RecordRow = TripRecord & FuelPurchaseRecord;

const form = (file: File, mapping: Record<string, string>, extras: ImportExtras = {}, duplicates?: 'skip' | 'add') => {
  const body = new FormData();
  body.append('mapping', JSON.stringify(mapping));
  const { resolutions, defaultDate, defaultUnit } = extras;
  if (resolutions && Object.values(resolutions).some((group) => Object.keys(group).length > 0)) {
    body.append('resolutions', JSON.stringify(resolutions));
  }
  if (defaultDate?.trim()) body.append('default_date', defaultDate.trim());
  if (defaultUnit?.trim()) body.append('default_unit', defaultUnit.trim());
  if (duplicates) body.append('duplicates', duplicates);
  body.append('file', file);
  return body;
};

/** Named calls of the records screens (docs/style.md), on the app's http client. */
export const recordsProvider = {
  /** Attaches (or replaces) the receipt image or PDF of a fuel purchase; answers the purchase. */
  attachReceipt: (id: string, file: File) => {
    const upload = new FormData();
    upload.append('file', file);
    return uploadForm<FuelPurchaseRecord>(`${RECORD_PATHS.fuel}/${id}/attachment`, upload, () => undefined);
  },
  /** The attached receipt, fetched with the session's token. */
  openReceipt: (id: string) => fetchFile(`${RECORD_PATHS.fuel}/${id}/attachment`),
  removeReceipt: (id: string) =>
    body(client.DELETE('/api/protected/fuel-purchases/{id}/attachment', { params: { path: { id } } })),
  /** A template to fill in, with headers in `lang` that the import recognises. */
  template: (kind: RecordKind, format: 'csv' | 'xlsx', lang: string) =>
    fetchFile(`${RECORD_PATHS[kind]}/template?${new URLSearchParams({ format, lang: lang === 'ru' ? 'ru' : 'en' })}`),
  preview: (
    kind: RecordKind,
    file: File,
    mapping: Record<string, string>,
    onProgress: (share: number) => void,
    extras: ImportExtras = {},
  ) => uploadForm<ImportPreview>(`${RECORD_PATHS[kind]}/import/preview`, form(file, mapping, extras), onProgress),
  /** Every problem of the same file, read with the same mapping, as a CSV download. */
  problemsCsv: (kind: RecordKind, file: File, mapping: Record<string, string>, extras: ImportExtras = {}) =>
    postFormForFile(`${RECORD_PATHS[kind]}/import/preview?problems=csv`, form(file, mapping, extras)),
  apply: (
    kind: RecordKind,
    file: File,
    mapping: Record<string, string>,
    duplicates: 'skip' | 'add',
    onProgress: (share: number) => void,
    extras: ImportExtras = {},
  ) => uploadForm<ImportResult>(`${RECORD_PATHS[kind]}/import`, form(file, mapping, extras, duplicates), onProgress),
  buildReturn: (period: string, fuelType: string) =>
    body(
      client.POST('/api/protected/returns/build', { body: { period, fuel_type: fuelType as FuelType } }),
    ) as Promise<ReturnBuild>,
  /** The same report as a file to keep. */
  byVehicleExport: (period: string, unit: string, format: 'xlsx' | 'csv') =>
    fetchFile(
      `/api/protected/records/by-vehicle/export?${new URLSearchParams({ period, format, ...(unit ? { unit } : {}) })}`,
    ),
  /**
   * The audit packet of a quarter (Q3-2026) or a year (2026) as a ZIP, read as the server writes it; `onProgress`
   * gets the bytes so far against the size the server estimates.
   */
  auditPacket: (period: string, unit: string, onProgress: (progress: DownloadProgress) => void) =>
    fetchFileWithProgress(
      `/api/protected/records/audit-packet?${new URLSearchParams({ period, ...(unit ? { unit } : {}) })}`,
      'X-Audit-Packet-Estimated-Bytes',
      onProgress,
    ),
  acknowledge: (request: { check: HealthCheck; key: string; note: string }) =>
    body(client.POST('/api/protected/records/health/acknowledgements', { body: request })),
  saveHealthSettings: (settings: RecordsHealthSettings) =>
    body(client.PUT('/api/protected/records/health/settings', { body: settings })),
};
