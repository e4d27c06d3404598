import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PaginationDto } from '../../common/dto/pagination.dto.js';
import { FUEL_TYPES } from '../../ifta/index.js';
import { ReportResponseDto } from '../../reports/dto/report-response.dto.js';
import { NON_FUEL_REASONS } from '../import-presets.js';
import { NON_TAXABLE_REASONS, QUANTITY_UNITS } from '../record-fields.js';

/**
 * What the records routes answer. A stored record's numbers are JSON numbers; a previewed row's are the decimal
 * text the import will write (the file is not stored yet), so the two are separate classes.
 */

const FUEL_TYPE_TEXT = `The fuel bought: one of ${FUEL_TYPES.join(', ')}`;

/** What a stored trip and a stored fuel purchase share. */
class StoredRecordDto {
  @ApiProperty({ format: 'uuid', example: '7f0c3c1e-3f52-4a0e-9a51-0b6f4f1d1a11', description: 'The record id' })
  id: string;

  @ApiProperty({ format: 'date', example: '2026-04-14', description: 'YYYY-MM-DD' })
  date: string;

  @ApiProperty({ example: 'T-101', description: 'The unit number, as entered or imported' })
  unit: string;

  @ApiProperty({ example: 'TX', description: "The jurisdiction's code (a name given is stored as its code)" })
  jurisdiction: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    example: null,
    description: 'The report a build linked the record to; null before any build of its quarter',
  })
  report_id: string | null;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-04-15T09:30:00.000Z', description: 'When stored' })
  created_at: string;

  @ApiProperty({
    example: false,
    description: 'Whether the report it went into is final: then it cannot be changed or deleted (409)',
  })
  locked: boolean;
}

export class TripRecordDto extends StoredRecordDto {
  @ApiProperty({ example: 412.5, description: 'Miles driven in the jurisdiction' })
  miles: number;

  @ApiProperty({ example: true, description: 'Whether the miles are taxable (false when a reason is given)' })
  taxable: boolean;

  @ApiProperty({
    enum: NON_TAXABLE_REASONS,
    nullable: true,
    example: null,
    description: 'Why the miles are not taxable; null for taxable miles',
  })
  non_taxable_reason: (typeof NON_TAXABLE_REASONS)[number] | null;

  @ApiProperty({ type: Number, nullable: true, example: 182_340.5, description: 'Odometer at the start, if given' })
  odometer_start: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 182_752.9, description: 'Odometer at the end, if given' })
  odometer_end: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'TR-2026-0412',
    description: 'The trip this segment belongs to: segments sharing a trip number are one trip; null when not given',
  })
  trip_number: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'J. Smith',
    description: 'The driver, when known; null when not given',
  })
  driver: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Dallas',
    description: 'Where the trip started: the city; null when not given',
  })
  origin_city: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'TX',
    description: 'Where the trip started: its jurisdiction code; null when not given',
  })
  origin_jurisdiction: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Tulsa',
    description: 'Where the trip ended: the city; null when not given',
  })
  destination_city: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'OK',
    description: 'Where the trip ended: its jurisdiction code; null when not given',
  })
  destination_jurisdiction: string | null;
}

export const RECEIPT_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** The receipt image or PDF attached to a fuel purchase. */
export class ReceiptAttachmentDto {
  @ApiProperty({ enum: RECEIPT_FILE_TYPES, example: 'image/jpeg', description: 'The type, read from its bytes' })
  content_type: (typeof RECEIPT_FILE_TYPES)[number];

  @ApiProperty({ example: 184320, description: 'Its size in bytes' })
  size: number;

  @ApiProperty({ format: 'date-time', description: 'When it was attached' })
  uploaded_at: string;
}

export class FuelPurchaseRecordDto extends StoredRecordDto {
  @ApiProperty({ example: 120.4, description: 'The quantity the receipt shows, in quantity_unit' })
  quantity: number;

  @ApiProperty({ enum: QUANTITY_UNITS, example: 'gal', description: 'gal (US gallons) or l (litres)' })
  quantity_unit: (typeof QUANTITY_UNITS)[number];

  @ApiProperty({ example: 120.4, description: 'The quantity in US gallons (litres converted), what returns count' })
  gallons: number;

  @ApiProperty({ example: 'diesel', description: FUEL_TYPE_TEXT })
  fuel_type: string;

  @ApiProperty({ example: true, description: 'Whether fuel tax was paid at the pump' })
  tax_paid: boolean;

  @ApiProperty({ example: 'Love’s #512', description: 'The seller; empty when not given' })
  vendor: string;

  @ApiProperty({ example: 'R-88231', description: 'The receipt number; empty when not given' })
  receipt_number: string;

  @ApiProperty({ example: '1200 I-35 N, Dallas TX', description: "The seller's address; empty when not given" })
  vendor_address: string;

  @ApiProperty({ type: Number, nullable: true, example: 452.18, description: 'The receipt total, if given' })
  total_price: number | null;

  @ApiProperty({
    type: ReceiptAttachmentDto,
    nullable: true,
    description: 'The receipt image or PDF attached (GET …/attachment serves it), or null',
  })
  attachment: ReceiptAttachmentDto | null;
}

export class ReceiptLeftOutDto {
  @ApiProperty({ format: 'uuid', description: 'The fuel purchase' })
  id: string;

  @ApiProperty({ format: 'date', example: '2026-04-14', description: 'Its date' })
  date: string;

  @ApiProperty({ example: 'T-101', description: 'Its unit' })
  unit: string;

  @ApiProperty({ example: 'TX', description: 'Where it was bought' })
  jurisdiction: string;

  @ApiProperty({ example: 120.4, description: 'Its gallons, counted as not tax-paid' })
  gallons: number;

  @ApiProperty({ example: 'R-88231', description: 'Its receipt number; empty when not given' })
  receipt_number: string;

  @ApiProperty({
    enum: ['vendor', 'vendor_address', 'total_price'],
    isArray: true,
    example: ['vendor_address'],
    description: 'The receipt fields it lacks',
  })
  missing: Array<'vendor' | 'vendor_address' | 'total_price'>;
}

export class TripPageDto {
  @ApiProperty({ type: [TripRecordDto], description: 'One page of trips, newest first' })
  data: TripRecordDto[];

  @ApiProperty({ type: PaginationDto, description: 'Where the page sits among the trips matching the filters' })
  pagination: PaginationDto;
}

export class FuelPurchasePageDto {
  @ApiProperty({ type: [FuelPurchaseRecordDto], description: 'One page of fuel purchases, newest first' })
  data: FuelPurchaseRecordDto[];

  @ApiProperty({ type: PaginationDto, description: 'Where the page sits among the purchases matching the filters' })
  pagination: PaginationDto;
}

export class RecordDeletedDto {
  @ApiProperty({ format: 'uuid', example: '7f0c3c1e-3f52-4a0e-9a51-0b6f4f1d1a11', description: 'The deleted record' })
  id: string;

  @ApiProperty({ example: true, description: 'Always true' })
  deleted: boolean;
}

/** A previewed row: what the import would store, its numbers as decimal text. */
class PreviewRowDto {
  @ApiProperty({ format: 'date', example: '2026-04-10', description: 'YYYY-MM-DD' })
  date: string;

  @ApiProperty({ example: 'T1', description: 'The unit number' })
  unit: string;

  @ApiProperty({ example: 'TX', description: "The jurisdiction's code" })
  jurisdiction: string;
}

export class TripPreviewRowDto extends PreviewRowDto {
  @ApiProperty({ example: '250.5', description: 'Miles as decimal text (kilometres already converted)' })
  miles: string;

  @ApiProperty({ example: true, description: 'Whether the miles are taxable' })
  taxable: boolean;

  @ApiProperty({
    enum: NON_TAXABLE_REASONS,
    nullable: true,
    example: null,
    description: 'Why the miles are not taxable; null for taxable miles',
  })
  non_taxable_reason: (typeof NON_TAXABLE_REASONS)[number] | null;

  @ApiProperty({ type: String, nullable: true, example: '182340.5', description: 'Odometer at the start, as text' })
  odometer_start: string | null;

  @ApiProperty({ type: String, nullable: true, example: '182752.9', description: 'Odometer at the end, as text' })
  odometer_end: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'TR-2026-0412',
    description: 'The trip this segment belongs to: segments sharing a trip number are one trip; null when not given',
  })
  trip_number: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'J. Smith',
    description: 'The driver, when known; null when not given',
  })
  driver: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Dallas',
    description: 'Where the trip started: the city; null when not given',
  })
  origin_city: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'TX',
    description: 'Where the trip started: its jurisdiction code; null when not given',
  })
  origin_jurisdiction: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Tulsa',
    description: 'Where the trip ended: the city; null when not given',
  })
  destination_city: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'OK',
    description: 'Where the trip ended: its jurisdiction code; null when not given',
  })
  destination_jurisdiction: string | null;
}

export class FuelPurchasePreviewRowDto extends PreviewRowDto {
  @ApiProperty({ example: '378.541', description: 'The quantity as decimal text, in quantity_unit' })
  quantity: string;

  @ApiProperty({ enum: QUANTITY_UNITS, example: 'l', description: 'gal (US gallons) or l (litres)' })
  quantity_unit: (typeof QUANTITY_UNITS)[number];

  @ApiProperty({ example: '100', description: 'The quantity in US gallons, as decimal text' })
  gallons: string;

  @ApiProperty({ example: 'diesel', description: FUEL_TYPE_TEXT })
  fuel_type: string;

  @ApiProperty({ example: true, description: 'Whether fuel tax was paid at the pump' })
  tax_paid: boolean;

  @ApiProperty({ example: 'Pilot #301', description: 'The seller; empty when the file gives none' })
  vendor: string;

  @ApiProperty({ example: 'R-88231', description: 'The receipt number; empty when the file gives none' })
  receipt_number: string;

  @ApiProperty({ example: '1200 I-35 N, Dallas TX', description: "The seller's address; empty when none" })
  vendor_address: string;

  @ApiProperty({ type: String, nullable: true, example: '452.18', description: 'The receipt total as text, or null' })
  total_price: string | null;
}

export class ImportProblemDto {
  @ApiProperty({ example: 3, description: 'The 1-based row of the file, the header being row 1' })
  row: number;

  @ApiProperty({ example: 'date', description: 'The field the problem is in (`file` for the file as a whole)' })
  field: string;

  @ApiProperty({ example: 'row 3: date "2026-13-01" is not a date', description: 'What is wrong, naming the row' })
  message: string;

  @ApiPropertyOptional({ example: '2026-13-01', description: "The cell as the file holds it, for one row's field" })
  value?: string;
}

export class ImportWarningDto {
  @ApiProperty({ example: 7, description: 'The 1-based row of the file left out' })
  row: number;

  @ApiProperty({ example: 'fuel_type', description: 'The field that says why' })
  field: string;

  @ApiProperty({ enum: NON_FUEL_REASONS, example: 'def', description: 'Why the row is no motor fuel purchase' })
  reason: (typeof NON_FUEL_REASONS)[number];

  @ApiProperty({ example: 'row 7: skipped: "DEF" is DEF, not a motor fuel', description: 'What the screen shows' })
  message: string;

  @ApiProperty({ example: 'DEF', description: 'The cell as the file holds it' })
  value: string;
}

export class ImportDuplicateDto {
  @ApiProperty({ example: 2, description: 'The 1-based row of the file that repeats a record' })
  row: number;

  @ApiProperty({
    enum: ['same_record', 'same_receipt'],
    example: 'same_record',
    description: 'same_record: same unit, date, jurisdiction and quantity; same_receipt: a receipt number seen',
  })
  reason: 'same_record' | 'same_receipt';

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    example: '7f0c3c1e-3f52-4a0e-9a51-0b6f4f1d1a11',
    description: 'The stored record it repeats; null when it repeats an earlier row of the same file',
  })
  existing_id: string | null;
}

export class ImportPresetDto {
  @ApiProperty({ example: 'motive-ifta-trips', description: 'The preset id' })
  id: string;

  @ApiProperty({ example: 'Motive', description: 'Whose export the layout is' })
  vendor: string;

  @ApiProperty({ example: 'IFTA trips', description: 'Which report of that vendor' })
  report: string;

  @ApiProperty({ example: 'Motive IFTA trips', description: 'What the mapping screen shows' })
  label: string;

  @ApiProperty({
    example: true,
    description: 'Whether a real export confirms the layout; false: built from the vendor documentation alone',
  })
  confirmed: boolean;
}

export class ImportUnresolvedDto {
  @ApiProperty({
    enum: ['product', 'unit', 'price'],
    example: 'product',
    description: 'What the file writes that is unknown: a product, a unit, a receipt total that is no number',
  })
  kind: 'product' | 'unit' | 'price';

  @ApiProperty({ example: 'Future Defined', description: 'As the file writes it: the key to send a choice under' })
  value: string;

  @ApiProperty({ example: 2, description: 'How many rows write it' })
  rows: number;

  @ApiProperty({ example: 7, description: 'The first of them' })
  first_row: number;
}

/** The preview's fields that do not depend on the kind: everything but its rows. */
class ImportPreviewBaseDto {
  @ApiProperty({
    example: '3f1e9a0c5b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d1f',
    description: "A stable key of the file's header row (a SHA-256 of its headers), under which its mapping is kept",
  })
  layout: string;

  @ApiProperty({ type: [String], example: ['Date', 'Truck', 'State', 'Miles'], description: 'The header row' })
  headers: string[];

  @ApiProperty({
    type: ImportPresetDto,
    nullable: true,
    description: 'The vendor layout the header row was recognised as (its mapping is the one proposed), or null',
  })
  preset: ImportPresetDto | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { date: 'Date', unit: 'Truck', jurisdiction: 'State', miles: 'Miles' },
    description: 'The mapping used, field -> column header: the one sent, else the remembered one, else guessed',
  })
  mapping: Record<string, string>;

  @ApiProperty({
    enum: ['sent', 'remembered', 'preset', 'guessed'],
    example: 'preset',
    description: "Where the mapping came from: sent, remembered for this layout, the recognised layout's, or guessed",
  })
  mapping_source: 'sent' | 'remembered' | 'preset' | 'guessed';

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    nullable: true,
    example: { date: 'Transaction Date', unit: 'Unit Number' },
    description: "The recognised layout's own mapping (shown when the mapping in use differs), or null",
  })
  preset_mapping: Record<string, string> | null;

  @ApiProperty({
    type: [ImportUnresolvedDto],
    description: 'Products and units the file writes that the import does not know: resolve each (or skip it)',
  })
  unresolved: ImportUnresolvedDto[];

  @ApiProperty({ type: [ImportProblemDto], description: 'The first 100 problems, in file order' })
  problems: ImportProblemDto[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { date: 1 },
    description: 'Problems per field (`file` for the file as a whole), counting them all',
  })
  problem_counts: Record<string, number>;

  @ApiProperty({ example: 1, description: 'All the problems of the file' })
  problem_total: number;

  @ApiProperty({ type: [ImportWarningDto], description: 'The first 100 rows left out on purpose (DEF, cash…)' })
  warnings: ImportWarningDto[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { def: 2 },
    description: 'Rows left out per reason, counting them all',
  })
  warning_counts: Record<string, number>;

  @ApiProperty({ example: 2, description: 'All the rows left out on purpose' })
  warning_total: number;

  @ApiProperty({ type: [ImportDuplicateDto], description: 'The first 100 rows that repeat a record' })
  duplicates: ImportDuplicateDto[];

  @ApiProperty({ example: 0, description: 'All the rows that repeat a record' })
  duplicate_total: number;

  @ApiProperty({ example: 6, description: 'Data rows in the file (the header not counted)' })
  total_rows: number;
}

export class TripImportPreviewDto extends ImportPreviewBaseDto {
  @ApiProperty({ type: [TripPreviewRowDto], description: 'The first 20 trips read, as they would be stored' })
  rows: TripPreviewRowDto[];
}

export class FuelPurchaseImportPreviewDto extends ImportPreviewBaseDto {
  @ApiProperty({
    type: [FuelPurchasePreviewRowDto],
    description: 'The first 20 purchases read, as they would be stored',
  })
  rows: FuelPurchasePreviewRowDto[];
}

export class ImportResultDto {
  @ApiProperty({ example: 6, description: 'Records stored' })
  imported: number;

  @ApiProperty({ example: 0, description: 'Rows not stored because they repeat a record (duplicates=skip)' })
  skipped_duplicates: number;

  @ApiProperty({
    example: 0,
    description: 'Rows (or parts of rows: other fuel, reefer gallons) left out on purpose, as the preview counted',
  })
  skipped_rows: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { def: 1 },
    description: 'Those left out, per reason',
  })
  skipped_counts: Record<string, number>;

  @ApiProperty({ type: [ImportWarningDto], description: 'The first 100 of them, each with its reason' })
  skipped: ImportWarningDto[];
}

/** A return line's four figures, whole miles and gallons. */
export class ReturnLineFiguresDto {
  @ApiProperty({ example: 751, description: 'All miles in the jurisdiction' })
  total_miles: number;

  @ApiProperty({ example: 751, description: 'Taxable miles (0 outside IFTA)' })
  taxable_miles: number;

  @ApiProperty({ example: 100, description: 'Tax-paid gallons bought there' })
  gallons_purchased: number;

  @ApiProperty({ example: 0, description: 'Gallons bought there without tax' })
  non_tax_paid_gallons: number;
}

export class ReturnLineDto extends ReturnLineFiguresDto {
  @ApiProperty({ example: 'TX', description: "The jurisdiction's code" })
  name: string;

  @ApiProperty({ example: 'diesel', description: 'The fuel type of the return' })
  fuel_type: string;

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-05-01',
    description: "Present on a later rate period's line of a jurisdiction whose rate changes inside the quarter",
  })
  rate_from?: string;
}

export class BuiltReportRefDto {
  @ApiProperty({ format: 'uuid', example: '0d3b0f8e-8c55-4a8e-b3c4-5a0a1c2e9f10', description: 'The report id' })
  id: string;

  @ApiProperty({ enum: ['draft', 'final'], example: 'draft', description: 'A final one is amended by a new draft' })
  status: 'draft' | 'final';
}

export class ReturnChangeDto {
  @ApiProperty({
    example: 'TX',
    description: 'The line: its code, and "CA from 2026-05-01" for a later rate period',
  })
  jurisdiction: string;

  @ApiProperty({
    enum: ['added', 'removed', 'changed', 'rates'],
    example: 'changed',
    description: 'added, removed, changed figures, or the same figures under rates that changed since the build',
  })
  change: 'added' | 'removed' | 'changed' | 'rates';

  @ApiPropertyOptional({ type: ReturnLineFiguresDto, description: 'The built figures; absent for an added line' })
  before?: ReturnLineFiguresDto;

  @ApiPropertyOptional({ type: ReturnLineFiguresDto, description: 'The figures now; absent for a removed line' })
  after?: ReturnLineFiguresDto;
}

export class ReturnPreviewDto {
  @ApiProperty({ example: 'Q2-2026', description: 'The quarter' })
  period: string;

  @ApiProperty({ example: 'diesel', description: 'The fuel type' })
  fuel_type: string;

  @ApiProperty({ type: [ReturnLineDto], description: "The lines the quarter's records sum to" })
  lines: ReturnLineDto[];

  @ApiProperty({
    type: BuiltReportRefDto,
    nullable: true,
    description: 'The report built last for this quarter and fuel type, or null',
  })
  built_report: BuiltReportRefDto | null;

  @ApiProperty({ type: [ReturnChangeDto], description: 'What changes against that report (empty when none built)' })
  changes: ReturnChangeDto[];

  @ApiProperty({
    type: [ReceiptLeftOutDto],
    description:
      'Tax-paid purchases not credited as tax-paid because their receipt lacks a required field (seller name, ' +
      'address or total): their gallons count as not tax-paid until the receipt is completed',
  })
  receipts_left_out: ReceiptLeftOutDto[];
}

export class ReturnBuildDto {
  @ApiProperty({ type: ReportResponseDto, description: 'The draft built or rebuilt' })
  report: ReportResponseDto;

  @ApiProperty({ type: [ReturnChangeDto], description: 'What changed against the report built before' })
  changes: ReturnChangeDto[];

  @ApiProperty({
    type: [ReceiptLeftOutDto],
    description: 'Tax-paid purchases the return did not credit as tax-paid, their receipt lacking a required field',
  })
  receipts_left_out: ReceiptLeftOutDto[];
}

export class UnitCheckDto {
  @ApiProperty({ example: 'T1', description: 'The unit' })
  unit: string;

  @ApiProperty({ example: 1050.5, description: "The unit's miles in the quarter" })
  miles: number;

  @ApiProperty({ example: 190.25, description: "The unit's gallons in the quarter" })
  gallons: number;

  @ApiProperty({ type: Number, nullable: true, example: 5.52, description: 'miles / gallons; null without fuel' })
  mpg: number | null;

  @ApiProperty({ example: false, description: 'MPG outside mpg_range, or miles and no fuel' })
  outlier: boolean;
}

export class FuelWithoutMilesDto {
  @ApiProperty({ example: 'IL', description: 'A jurisdiction where fuel was bought and no miles driven' })
  jurisdiction: string;

  @ApiProperty({ example: 5, description: 'The gallons bought there' })
  gallons: number;
}

export class OtherFuelDto {
  @ApiProperty({ example: 'gasoline', description: "A fuel other than the vehicle's" })
  fuel_type: string;

  @ApiProperty({ example: 12.5, description: 'The gallons of it bought in the quarter' })
  gallons: number;
}

export class FuelMismatchDto {
  @ApiProperty({ example: 'T2', description: 'The unit' })
  unit: string;

  @ApiProperty({ example: 'diesel', description: "The vehicle's fuel: its miles' schedule" })
  fuel_type: string;

  @ApiProperty({ type: [OtherFuelDto], description: 'The other fuels it bought' })
  other_fuels: OtherFuelDto[];
}

export class MpgRangeDto {
  @ApiProperty({ example: 3, description: 'An MPG below this is flagged' })
  min: number;

  @ApiProperty({ example: 12, description: 'An MPG above this is flagged' })
  max: number;
}

export class RecordChecksDto {
  @ApiProperty({ example: 'Q2-2026', description: 'The quarter' })
  period: string;

  @ApiProperty({ type: [UnitCheckDto], description: "Each unit's miles, gallons and MPG" })
  units: UnitCheckDto[];

  @ApiProperty({ type: [FuelWithoutMilesDto], description: 'Fuel bought where no miles were driven' })
  fuel_without_miles: FuelWithoutMilesDto[];

  @ApiProperty({ example: false, description: 'Miles in the quarter and no fuel at all' })
  quarter_without_fuel: boolean;

  @ApiProperty({
    type: [FuelMismatchDto],
    description: "Units that bought a fuel other than their vehicle's (their miles stay in their own fuel's schedule)",
  })
  fuel_mismatches: FuelMismatchDto[];

  @ApiProperty({ type: MpgRangeDto, description: 'The MPG range outside which a unit is flagged' })
  mpg_range: MpgRangeDto;
}
