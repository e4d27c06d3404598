import { BadRequestException, ConflictException, Injectable, NotFoundException, StreamableFile } from '@nestjs/common';
import { attachmentDisposition } from '../common/http/attachment.js';
import { FileStorage } from '../common/storage/file-storage.js';
import { isUuid } from '../common/validators/uuid.js';
import { AuditLog } from '../audit/audit-log.js';
import { positiveInt } from '../config/app-config.js';
import { fileJob } from '../common/workers/file-job.js';
import { WorkerPoolService } from '../common/workers/worker-pool.service.js';
import {
  type ConversionFactors,
  conversionFactorsFor,
  createJurisdictionDirectory,
  DEFAULT_FUEL_TYPE,
  FUEL_TYPES,
  roundQuantity,
  toDecimal,
  toFiledUnit,
  unitFuelTypes,
} from '../ifta/index.js';
import { FinalReturns } from '../reports/final-returns.js';
import { parseQuarter } from '../tax-rates/quarter.js';
import { UsersService } from '../users/users.service.js';
import { VehiclesService } from '../vehicles/vehicles.service.js';
import type { FuelPurchaseDto, ListRecordsDto, TripDto } from './dto/record.dto.js';
import type { ImportResolutions, ReadRecordFile, ReadRecordTask } from './read-record-file.js';
import {
  type AnyRecord,
  type FuelRecord,
  type RecordKind,
  TRIP_SHEET_FIELDS,
  type TripRecord,
  type TripSheetField,
} from './record-fields.js';
import { RecordsRepository } from './records.repository.js';
import type { EntityManager } from 'typeorm';

/** Reading a CSV of up to 200,000 rows is CPU work: it runs on the worker pool, never on the event loop. */
const READ_RECORD_FILE = fileJob<ReadRecordTask, ReadRecordFile>(
  new URL('./read-record-file.js', import.meta.url),
  'readRecordFileJob',
  'upload',
);

const PREVIEW_ROWS = 20;
/** Duplicates listed in a preview, as many as its problems; `duplicate_total` counts them all. */
const LISTED_DUPLICATES = 100;
const LOCKED = 'This record went into a final report; amend the return by building a new draft instead';

export interface Duplicate {
  row: number;
  reason: 'same_record' | 'same_receipt';
  existing_id: string | null;
}

const bad = (field: string, message: string) =>
  new BadRequestException({ error: message, message, fields: { [field]: message } });
const notFound = () => new NotFoundException({ error: 'Record not found' });
const count = (n: number) => n.toLocaleString('en-US');

/** The problems part of an answer: the first ones, how many of each field, and how many in all. */
const problemSummary = (read: ReadRecordFile) => ({
  problems: read.problems,
  problem_counts: read.problemCounts,
  problem_total: read.problemTotal,
});

/** Rows left out on purpose (a fuel card's DEF, reefer fuel, cash advance…): the first ones, counts by reason. */
const warningSummary = (read: ReadRecordFile) => ({
  warnings: read.warnings,
  warning_counts: read.warningCounts,
  warning_total: read.warningTotal,
});

/** What an import is told beyond its file: the person's choices in the preview, and a date or unit for every row. */
export interface ImportChoices {
  mapping?: string;
  resolutions?: string;
  default_date?: string;
  default_unit?: string;
}

/** Where the mapping in use came from: sent with the request, remembered for the layout, the preset's, or guessed. */
type MappingSource = 'sent' | 'remembered' | 'preset' | 'guessed';

const QUARTER_TEXT = /^Q([1-4])-(\d{4})$/;

/**
 * A fuel purchase's attachment columns as the answer's `attachment` (null when none); a trip row, which has none of
 * them, as it is.
 */
function withAttachment<T extends Record<string, unknown>>(row: T) {
  if (!('attachment_content_type' in row)) return row;
  const { attachment_content_type: type, attachment_size: size, attachment_uploaded_at: at, ...rest } = row;
  return {
    ...rest,
    attachment: type
      ? { content_type: type, size: Number(size), uploaded_at: new Date(at as string).toISOString() }
      : null,
  };
}

/** Trips and fuel purchases: list, one by one, and imports of whole files. */
@Injectable()
export class RecordsService {
  /** Trips and fuel purchases one account may keep, together (RECORDS_MAX_PER_ACCOUNT). */
  private readonly maxRecords = positiveInt('RECORDS_MAX_PER_ACCOUNT', 200_000);

  constructor(
    private readonly repository: RecordsRepository,
    private readonly workers: WorkerPoolService,
    private readonly finalReturns: FinalReturns,
    private readonly vehicles: VehiclesService,
    private readonly users: UsersService,
    private readonly audit: AuditLog,
    private readonly storage: FileStorage,
  ) {}

  async list(kind: RecordKind, userId: string, query: ListRecordsDto) {
    const page = query.page ?? 1;
    const limit = query.limit ?? 25;
    const quarter = query.period ? parseQuarter(query.period) : undefined;
    const { data, total } = await this.repository.list(kind, userId, {
      page,
      limit,
      from: quarter?.start,
      to: quarter?.end,
      unit: query.unit,
      ids: query.ids,
    });
    return {
      data: await this.withLocks(userId, data),
      pagination: { total, totalPages: Math.ceil(total / limit), page, limit },
    };
  }

  async get(kind: RecordKind, userId: string, id: string) {
    const row = isUuid(id) ? await this.repository.findOne(kind, userId, id) : undefined;
    if (!row) throw notFound();
    const [locked] = await this.withLocks(userId, [row]);
    return locked;
  }

  /** `locked`: whether the report a record went into is final (the reports feature says which are). */
  private async withLocks<T extends Record<string, unknown>>(userId: string, rows: T[]) {
    const reportIds = [...new Set(rows.map((row) => row.report_id).filter((id) => typeof id === 'string'))];
    const final = await this.finalReturns.finalAmong(userId, reportIds);
    return rows.map((row) => ({
      ...withAttachment(row),
      locked: typeof row.report_id === 'string' && final.has(row.report_id),
    }));
  }

  async create(kind: RecordKind, userId: string, body: TripDto | FuelPurchaseDto) {
    const record = this.normalise(kind, body, await this.conversionFactors(userId));
    const [id] = await this.repository.transaction(async (manager) => {
      await this.makeRoom(manager, userId, 1);
      const ids = await this.repository.insertMany(manager, kind, userId, [record]);
      await this.nameVehicles(manager, userId, [record.unit]);
      return ids;
    });
    return this.get(kind, userId, id);
  }

  async update(kind: RecordKind, userId: string, id: string, body: TripDto | FuelPurchaseDto) {
    const current = await this.get(kind, userId, id);
    if (current.locked) throw new ConflictException({ error: LOCKED });
    const record = this.normalise(kind, body, await this.conversionFactors(userId));
    await this.repository.transaction(async (manager) => {
      await this.repository.update(manager, kind, userId, id, record);
      await this.nameVehicles(manager, userId, [record.unit]);
    });
    return this.get(kind, userId, id);
  }

  async remove(kind: RecordKind, userId: string, id: string) {
    const current = await this.get(kind, userId, id);
    if (current.locked) throw new ConflictException({ error: LOCKED });
    const attached = kind === 'fuel' ? await this.repository.attachment(userId, id) : undefined;
    await this.repository.remove(kind, userId, id);
    // The receipt goes with its purchase: nothing can address it once the row is gone.
    if (attached) await this.storage.delete(attached.key);
    return { id, deleted: true };
  }

  /** Reads the file with the mapping given, else the one remembered for its layout; writes nothing. */
  async preview(kind: RecordKind, userId: string, file: Buffer | undefined, choices: ImportChoices = {}) {
    const { read, source } = await this.read(kind, userId, file, choices);
    const duplicates = await this.duplicates(kind, userId, read);
    return {
      layout: read.layout,
      headers: read.headers,
      // The vendor layout the header row was recognised as (its mapping is the one proposed), or null.
      preset: read.preset ?? null,
      mapping: read.mapping,
      mapping_source: source,
      // The recognised layout's own mapping: the screen shows it when the mapping in use (remembered) differs.
      preset_mapping: read.presetMapping ?? null,
      unresolved: read.unresolved,
      rows: read.records.slice(0, PREVIEW_ROWS),
      ...problemSummary(read),
      ...warningSummary(read),
      // A file imported twice repeats every row: listed in full, 200,000 of them made a 16 MB answer.
      duplicates: duplicates.slice(0, LISTED_DUPLICATES),
      duplicate_total: duplicates.length,
      total_rows: read.totalRows,
    };
  }

  /**
   * Every problem of the file as CSV (row, field, value, message), read as the preview reads it: the screen sends
   * the file it previewed again, so nothing about a preview is kept between requests or replicas.
   */
  async problemsCsv(kind: RecordKind, userId: string, file: Buffer | undefined, choices: ImportChoices = {}) {
    const { read } = await this.read(kind, userId, file, choices, true);
    const bytes = Buffer.from(read.problemsCsv!.buffer, read.problemsCsv!.byteOffset, read.problemsCsv!.byteLength);
    return new StreamableFile(bytes, {
      type: 'text/csv; charset=utf-8',
      disposition: attachmentDisposition(`${kind === 'trips' ? 'trips' : 'fuel-purchases'}-import-problems.csv`),
      length: bytes.length,
    });
  }

  /** All or nothing: any problem refuses the file naming its rows; duplicates are skipped unless asked to add. */
  async apply(kind: RecordKind, userId: string, file: Buffer | undefined, choices: ImportChoices = {}, mode = 'skip') {
    const { read } = await this.read(kind, userId, file, choices);
    if (read.problemTotal > 0) {
      const shown = read.problems.slice(0, 10);
      const more = read.problemTotal - shown.length;
      const message = shown.map((p) => p.message).join('; ') + (more > 0 ? `; and ${count(more)} more` : '');
      throw new BadRequestException({
        error: message,
        message,
        fields: Object.fromEntries(read.problems.map((p) => [`rows.${p.row}.${p.field}`, p.message])),
        ...problemSummary(read),
        unresolved: read.unresolved,
      });
    }
    const duplicates = await this.duplicates(kind, userId, read);
    const skip = new Set(mode === 'add' ? [] : duplicates.map((d) => d.row));
    const records = read.records.filter((_, index) => !skip.has(read.rowNumbers[index]));
    await this.repository.transaction(async (manager) => {
      await this.makeRoom(manager, userId, records.length);
      await this.repository.insertMany(manager, kind, userId, records);
      await this.repository.rememberMapping(manager, userId, kind, read.layout, read.mapping);
      await this.nameVehicles(
        manager,
        userId,
        records.map((record) => record.unit),
      );
      const what = kind === 'trips' ? 'trips' : 'fuel purchases';
      const skipped = read.records.length - records.length;
      await this.audit.record(manager, {
        companyId: userId,
        action: 'import',
        entity: 'records',
        entityId: kind,
        summary:
          `Imported ${records.length} ${what} (${skipped} duplicates skipped` +
          (read.warningTotal > 0 ? `, ${read.warningTotal} rows or parts left out)` : ')'),
        changes: {
          imported: { before: null, after: records.length },
          skipped_duplicates: { before: null, after: skipped },
          // What the file held that was left out, and why: the import's own report of it.
          ...(read.warningTotal > 0
            ? {
                skipped_rows: { before: null, after: read.warningTotal },
                skipped_by_reason: { before: null, after: read.warningCounts },
                skipped_listed: {
                  before: null,
                  after: read.warnings.map(({ row, field, reason, value }) => ({ row, field, reason, value })),
                },
              }
            : {}),
        },
      });
    });
    return {
      imported: records.length,
      skipped_duplicates: read.records.length - records.length,
      // Rows left out on purpose (a fuel card's DEF, cash advance…), as the preview counted them.
      skipped_rows: read.warningTotal,
      skipped_counts: read.warningCounts,
      skipped: read.warnings,
    };
  }

  /**
   * In the transaction that writes the records: every unit they name that has no vehicle becomes one, its fuel type
   * the one the unit has bought most gallons of, counting what this write adds (diesel when it bought none). A
   * vehicle whose fuel type was read from purchases or chosen by the user is not changed (VehiclesService).
   */
  private async nameVehicles(manager: EntityManager, userId: string, units: readonly string[]): Promise<void> {
    const named = new Map<string, string>();
    for (const unit of units) if (!named.has(unit.toLowerCase())) named.set(unit.toLowerCase(), unit);
    if (named.size === 0) return;
    const bought = await this.repository.unitFuelGallonsEver(manager, userId, [...named.keys()]);
    const own = unitFuelTypes(bought.map((row) => ({ unit: row.key, fuelType: row.fuel_type, gallons: row.gallons })));
    await this.vehicles.ensureUnits(
      manager,
      userId,
      [...named].map(([key, unit]) => ({
        unit,
        fuelType: own.get(key) ?? DEFAULT_FUEL_TYPE,
        source: own.has(key) ? 'purchases' : 'default',
      })),
    );
  }

  /**
   * Refuses, naming the cap, an insert that would take the account past RECORDS_MAX_PER_ACCOUNT. Counted under the
   * account's records lock, held until the insert commits, so imports at once are counted one after the other.
   */
  private async makeRoom(manager: EntityManager, userId: string, adding: number): Promise<void> {
    if (adding === 0) return;
    await this.repository.lockAccount(manager, userId);
    const kept = await this.repository.countAll(manager, userId);
    if (kept + adding > this.maxRecords) {
      const message =
        `An account keeps at most ${count(this.maxRecords)} trips and fuel purchases together: ` +
        `it holds ${count(kept)}, and ${count(adding)} more would pass that. Delete old records first.`;
      throw new BadRequestException({ error: message, message, limit: this.maxRecords });
    }
  }

  private async read(
    kind: RecordKind,
    userId: string,
    file: Buffer | undefined,
    choices: ImportChoices,
    problemsCsv = false,
  ): Promise<{ read: ReadRecordFile; source: MappingSource }> {
    if (!file || file.length === 0) throw bad('file', 'Send a CSV file in the "file" field');
    let mapping: Record<string, string> | undefined;
    if (choices.mapping) {
      try {
        mapping = JSON.parse(choices.mapping) as Record<string, string>;
      } catch {
        throw bad('mapping', 'mapping must be a JSON object of field to column header');
      }
      if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
        throw bad('mapping', 'mapping must be a JSON object of field to column header');
      }
      // An empty mapping is none chosen: the one remembered for the layout, else a recognised vendor layout's, applies.
      if (Object.keys(mapping).length === 0) mapping = undefined;
    }
    const resolutions = readResolutions(kind, choices.resolutions);
    const defaultDate = readDefaultDate(choices.default_date);
    const defaultUnit = choices.default_unit?.trim() || undefined;
    if (defaultUnit && defaultUnit.length > 50) throw bad('default_unit', 'default_unit must be at most 50 characters');
    // A column whose header names no unit is read in the account's unit (Settings, Units).
    const settings = await this.users.getSettings(userId);
    const metric = settings.distance_unit === 'km_litres';
    // Kilometres and litres convert with the base jurisdiction's factors, as the calculator's imports do.
    const factors = conversionFactorsFor(settings.base_jurisdiction);
    const run = async (given?: Record<string, string>) => {
      const task: ReadRecordTask = {
        kind,
        bytes: file,
        mapping: given,
        maxUnpackedBytes: this.workers.maxUnpackedBytes,
        problemsCsv,
        metric,
        defaultDate,
        defaultUnit,
        resolutions,
        factors,
      };
      const read = await this.workers.run(READ_RECORD_FILE, task, userId);
      if (read.tooLarge) throw bad('file', read.tooLarge);
      return read;
    };
    const first = await run(mapping);
    if (mapping) return { read: first, source: 'sent' };
    const remembered = await this.repository.mapping(userId, kind, first.layout);
    if (remembered) return { read: await run(remembered), source: 'remembered' };
    return { read: first, source: first.preset ? 'preset' : 'guessed' };
  }

  /** Rows that repeat a record (same unit, date, jurisdiction and quantity) or a receipt, in the file or stored. */
  private async duplicates(kind: RecordKind, userId: string, read: ReadRecordFile): Promise<Duplicate[]> {
    if (read.records.length === 0) return [];
    const dates = read.records.map((r) => r.date).sort();
    const stored = await this.repository.existingKeys(kind, userId, dates[0], dates[dates.length - 1]);
    const seenKeys = new Map<string, string | null>(stored.keys);
    const seenReceipts = new Map<string, string | null>(stored.receipts);
    const found: Duplicate[] = [];
    read.records.forEach((record, index) => {
      const row = read.rowNumbers[index];
      const key = keyOf(kind, record);
      const receipt = kind === 'fuel' ? (record as FuelRecord).receipt_number : '';
      if (receipt && seenReceipts.has(receipt)) {
        found.push({ row, reason: 'same_receipt', existing_id: seenReceipts.get(receipt) ?? null });
      } else if (seenKeys.has(key)) {
        found.push({ row, reason: 'same_record', existing_id: seenKeys.get(key) ?? null });
      }
      if (!seenKeys.has(key)) seenKeys.set(key, null);
      if (receipt && !seenReceipts.has(receipt)) seenReceipts.set(receipt, null);
    });
    return found;
  }

  /** A segment's trip-sheet fields: empty text is no value, and a place's jurisdiction is stored as its code. */
  private tripSheet(trip: TripDto): Record<TripSheetField, string | null> {
    const sheet = {} as Record<TripSheetField, string | null>;
    for (const field of TRIP_SHEET_FIELDS) {
      const text = trip[field]?.trim() ?? '';
      sheet[field] = text === '' ? null : text;
      if (text !== '' && field.endsWith('_jurisdiction')) {
        const place = createJurisdictionDirectory([]).resolve(text);
        if (!place) throw bad(field, `${field} "${text}" is not a jurisdiction`);
        sheet[field] = place.abbreviation;
      }
    }
    return sheet;
  }

  /** The factors the account's base jurisdiction converts litres with (conversionFactorsFor). */
  private async conversionFactors(userId: string): Promise<ConversionFactors> {
    return conversionFactorsFor((await this.users.getSettings(userId)).base_jurisdiction);
  }

  private normalise(kind: RecordKind, body: TripDto | FuelPurchaseDto, factors: ConversionFactors): AnyRecord {
    const place = createJurisdictionDirectory([]).resolve(body.jurisdiction);
    if (!place) throw bad('jurisdiction', `jurisdiction "${body.jurisdiction}" is not a jurisdiction`);
    const base = { date: body.date, unit: body.unit, jurisdiction: place.abbreviation };
    if (kind === 'trips') {
      const trip = body as TripDto;
      const reason = trip.non_taxable_reason ?? null;
      const odometer = (value: number | null | undefined) =>
        value === null || value === undefined ? null : toDecimal(value).toDecimalPlaces(1).toFixed();
      const [start, end] = [odometer(trip.odometer_start), odometer(trip.odometer_end)];
      if (start !== null && end !== null && toDecimal(end).lessThan(start)) {
        throw bad('odometer_end', `odometer_end must not be less than odometer_start (${start})`);
      }
      return {
        ...base,
        miles: String(roundQuantity(trip.miles)),
        taxable: reason ? false : (trip.taxable ?? true),
        non_taxable_reason: reason,
        odometer_start: start,
        odometer_end: end,
        ...this.tripSheet(trip),
      } satisfies TripRecord;
    }
    const fuel = body as FuelPurchaseDto;
    const quantity = roundQuantity(fuel.quantity);
    const unit = fuel.quantity_unit ?? 'gal';
    return {
      ...base,
      quantity: String(quantity),
      quantity_unit: unit,
      gallons: String(unit === 'l' ? toFiledUnit(quantity, 'litres', factors) : quantity),
      fuel_type: fuel.fuel_type ?? DEFAULT_FUEL_TYPE,
      tax_paid: fuel.tax_paid ?? true,
      vendor: fuel.vendor ?? '',
      receipt_number: fuel.receipt_number ?? '',
      vendor_address: fuel.vendor_address ?? '',
      total_price: fuel.total_price === null || fuel.total_price === undefined ? null : String(fuel.total_price),
    } satisfies FuelRecord;
  }
}

const keyOf = (kind: RecordKind, record: AnyRecord) =>
  `${record.unit}|${record.date}|${record.jurisdiction}|${Number(kind === 'trips' ? (record as TripRecord).miles : (record as FuelRecord).quantity)}`;

/** The person's choices for what the file does not say, validated: a 400 naming `resolutions` when malformed. */
function readResolutions(kind: RecordKind, text: string | undefined): ImportResolutions | undefined {
  if (!text) return undefined;
  const invalid = () =>
    bad('resolutions', 'resolutions must be a JSON object of "products", "units" and "prices", each {value: choice}');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid();
  const { products, units, prices, ...rest } = parsed as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw invalid();
  const units_ = kind === 'trips' ? ['mi', 'km', 'skip'] : ['gal', 'l', 'skip'];
  const entries = (value: unknown, allowed: readonly string[], what: string) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
    for (const [key, choice] of Object.entries(value)) {
      if (typeof choice !== 'string' || !allowed.includes(choice)) {
        throw bad('resolutions', `resolutions: ${what} "${key}" must be one of ${allowed.join(', ')}`);
      }
    }
    return value as Record<string, string>;
  };
  return {
    products: entries(products, [...FUEL_TYPES, 'skip'], 'product'),
    units: entries(units, units_, 'unit'),
    prices: entries(prices, ['none', 'skip'], 'total'),
  };
}

/** A date for every row of a file without one: a day (YYYY-MM-DD) or a quarter (Q1-2026, its first day). */
function readDefaultDate(text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  const quarter = QUARTER_TEXT.exec(value);
  if (quarter) return `${quarter[2]}-${String((Number(quarter[1]) - 1) * 3 + 1).padStart(2, '0')}-01`;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : undefined;
  if (!date || date.toISOString().slice(0, 10) !== value || date.getUTCFullYear() < 2000) {
    throw bad('default_date', 'default_date must be a date such as 2026-04-01 or a quarter such as Q2-2026');
  }
  return value;
}
