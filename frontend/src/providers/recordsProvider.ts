import type { QueryClient } from '@tanstack/react-query';
import { body, client, type JsonBody } from '../api/client';
import type { paths } from '../api/schema';
import { type DownloadProgress, fetchFile, fetchFileWithProgress, postFormForFile, uploadForm } from './fileTransfer';
import type {
  FuelPurchaseRecord,
  HealthCheck,
  ImportPreview,
  ImportResult,
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
 * After an import, a receipt change or a built return: both kinds' lists (react-admin's queries, keyed by resource)
 * and the records screens' own queries (health, checks, by vehicle) read again.
 */
export const refreshRecords = (queryClient: QueryClient) =>
  Promise.all([
    ...Object.values(RECORD_RESOURCES).map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })),
    queryClient.invalidateQueries({ queryKey: ['records'] }),
  ]);

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
  ],
};

/** A row of either kind, as the records table and the edit dialog read it (a kind's own fields are on its rows). */
export type RecordRow = TripRecord & FuelPurchaseRecord;

const form = (file: File, mapping: Record<string, string>, duplicates?: 'skip' | 'add') => {
  const body = new FormData();
  body.append('mapping', JSON.stringify(mapping));
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
  ) => uploadForm<ImportResult>(`${RECORD_PATHS[kind]}/import`, form(file, mapping, duplicates), onProgress),
  previewReturn: (period: string, fuelType: string) =>
    body(
      client.POST('/api/protected/returns/preview', { body: { period, fuel_type: fuelType as FuelType } }),
    ) as Promise<ReturnPreview>,
  buildReturn: (period: string, fuelType: string) =>
    body(
      client.POST('/api/protected/returns/build', { body: { period, fuel_type: fuelType as FuelType } }),
    ) as Promise<ReturnBuild>,
  checks: (period: string) => body(client.GET('/api/protected/records/checks', { params: { query: { period } } })),
  /** A quarter's miles, gallons and MPG per vehicle and jurisdiction, with each vehicle's totals. */
  byVehicle: (period: string, unit: string) =>
    body(client.GET('/api/protected/records/by-vehicle', { params: { query: { period, ...(unit ? { unit } : {}) } } })),
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
  /** The auditor's checks of a quarter: findings with their records, and the score they leave. */
  health: (period: string) => body(client.GET('/api/protected/records/health', { params: { query: { period } } })),
  acknowledge: (request: { check: HealthCheck; key: string; note: string }) =>
    body(client.POST('/api/protected/records/health/acknowledgements', { body: request })),
  saveHealthSettings: (settings: RecordsHealthSettings) =>
    body(client.PUT('/api/protected/records/health/settings', { body: settings })),
};
