import { type FuelType, toDecimal } from '../ifta/index.js';
import type { NonTaxableReason, RecordKind } from './record-fields.js';

/**
 * Import presets: the layouts of files fleets already have (an ELD's jurisdiction-mileage report, a fuel card's
 * transactions), each with the header row it recognises, the mapping from its columns to the record fields, and the
 * conversions its values need. Column names are the vendors' published ones (docs/imports.md names each source); a
 * nested field of an API answer is written with a dot (`vehicle.number`), as a flattened export writes it.
 */
export interface ImportPreset {
  id: string;
  vendor: string;
  /** The report, as the vendor names it. */
  report: string;
  kind: RecordKind;
  /** Every column of the documented layout; a file may hold more, in any order. */
  columns: readonly string[];
  /** The columns a file must hold to be taken for this layout. */
  required: readonly string[];
  /** Record field -> documented column. */
  mapping: Readonly<Record<string, string>>;
  conversions: PresetConversions;
}

export interface PresetConversions {
  /**
   * How the date column reads: `datetime` is an ISO 8601 timestamp whose calendar date is taken as written; `month`
   * is a month name (or a quarter, Q1…Q4) whose year is in `yearColumn`, read as the first day of that period.
   */
  date?: { format: 'datetime' } | { format: 'month'; yearColumn: string };
  /** The quantity column is in metres: scaled to kilometres before kilometres convert to miles. */
  quantityInMetres?: boolean;
  /**
   * A column naming each row's unit for the quantity: a value in `converted` reads the quantity as the converted unit
   * (kilometres, litres), one in `primary` as miles or gallons; any other value is a problem of the row.
   */
  unitColumn?: { column: string; primary: readonly string[]; converted: readonly string[] };
  /**
   * Trips: a column with the total distance of which the mapped distance is the taxable part; the rest becomes a
   * second, non-taxable trip with this reason.
   */
  nonTaxableRemainder?: { totalColumn: string; reason: NonTaxableReason };
}

export const IMPORT_PRESETS: readonly ImportPreset[] = [
  {
    id: 'motive-ifta-trips',
    vendor: 'Motive',
    report: 'IFTA trips',
    kind: 'trips',
    columns: [
      'id',
      'date',
      'jurisdiction',
      'vehicle.id',
      'vehicle.number',
      'vehicle.year',
      'vehicle.make',
      'vehicle.model',
      'vehicle.vin',
      'vehicle.metric_units',
      'distance',
    ],
    required: ['date', 'jurisdiction', 'vehicle.number', 'distance'],
    mapping: { date: 'date', unit: 'vehicle.number', jurisdiction: 'jurisdiction', miles: 'distance' },
    // Motive gives a vehicle's distances in its own units: kilometres when the vehicle is set to metric units.
    conversions: { unitColumn: { column: 'vehicle.metric_units', primary: ['false', ''], converted: ['true'] } },
  },
  {
    id: 'samsara-ifta-vehicle',
    vendor: 'Samsara',
    report: 'IFTA vehicle report',
    kind: 'trips',
    columns: [
      'year',
      'month',
      'vehicle.id',
      'vehicle.name',
      'jurisdiction',
      'taxableMeters',
      'totalMeters',
      'taxPaidLiters',
    ],
    required: ['year', 'month', 'vehicle.name', 'jurisdiction', 'taxableMeters'],
    mapping: { date: 'month', unit: 'vehicle.name', jurisdiction: 'jurisdiction', kilometres: 'taxableMeters' },
    conversions: {
      date: { format: 'month', yearColumn: 'year' },
      quantityInMetres: true,
      // Samsara's total counts the distance off public roads too, which IFTA does not tax.
      nonTaxableRemainder: { totalColumn: 'totalMeters', reason: 'off_highway' },
    },
  },
  {
    // The same report asked for a quarter (`quarter=Q1`…) instead of a month.
    id: 'samsara-ifta-vehicle-quarterly',
    vendor: 'Samsara',
    report: 'IFTA vehicle report (quarterly)',
    kind: 'trips',
    columns: [
      'year',
      'quarter',
      'vehicle.id',
      'vehicle.name',
      'jurisdiction',
      'taxableMeters',
      'totalMeters',
      'taxPaidLiters',
    ],
    required: ['year', 'quarter', 'vehicle.name', 'jurisdiction', 'taxableMeters'],
    mapping: { date: 'quarter', unit: 'vehicle.name', jurisdiction: 'jurisdiction', kilometres: 'taxableMeters' },
    conversions: {
      date: { format: 'month', yearColumn: 'year' },
      quantityInMetres: true,
      nonTaxableRemainder: { totalColumn: 'totalMeters', reason: 'off_highway' },
    },
  },
  {
    id: 'motive-fuel-purchases',
    vendor: 'Motive',
    report: 'fuel purchases',
    kind: 'fuel',
    columns: [
      'id',
      'offline_id',
      'purchased_at',
      'jurisdiction',
      'fuel_type',
      'ref_no',
      'vendor',
      'total_cost',
      'currency',
      'fuel',
      'fuel_unit',
      'odometer',
      'odometer_unit',
      'vehicle.number',
    ],
    required: ['purchased_at', 'jurisdiction', 'fuel_type', 'fuel', 'fuel_unit'],
    mapping: {
      date: 'purchased_at',
      unit: 'vehicle.number',
      jurisdiction: 'jurisdiction',
      gallons: 'fuel',
      fuel_type: 'fuel_type',
      vendor: 'vendor',
      receipt_number: 'ref_no',
    },
    conversions: {
      date: { format: 'datetime' },
      unitColumn: {
        column: 'fuel_unit',
        primary: ['gal', 'gallon', 'gallons', 'us gal'],
        converted: ['l', 'liter', 'liters', 'litre', 'litres'],
      },
    },
  },
];

/** Header text as recognition compares it: case, spacing and the separators around words do not count. */
export const headerKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** What the import answers about a recognised layout. */
export interface RecognisedPreset {
  id: string;
  vendor: string;
  report: string;
  /** "Motive IFTA trips": what the mapping screen shows. */
  label: string;
}

export const describePreset = (preset: ImportPreset): RecognisedPreset => ({
  id: preset.id,
  vendor: preset.vendor,
  report: preset.report,
  label: `${preset.vendor} ${preset.report}`,
});

/**
 * The preset whose layout a header row is: every required column present (case- and space-insensitive, in any order,
 * other columns allowed), the one naming most of the file's columns winning, and among equals the one requiring most.
 */
export function recognisePreset(kind: RecordKind, headers: readonly string[]): ImportPreset | undefined {
  const present = new Set(headers.map(headerKey));
  let best: { preset: ImportPreset; score: number } | undefined;
  for (const preset of IMPORT_PRESETS) {
    if (preset.kind !== kind || !preset.required.every((column) => present.has(headerKey(column)))) continue;
    const score =
      preset.columns.filter((column) => present.has(headerKey(column))).length * 100 + preset.required.length;
    if (!best || score > best.score) best = { preset, score };
  }
  return best?.preset;
}

export const presetById = (id: string) => IMPORT_PRESETS.find((preset) => preset.id === id);

/** The file's own header for a documented column (its spelling may differ in case and spacing). */
export function fileHeader(headers: readonly string[], column: string): string | undefined {
  const wanted = headerKey(column);
  return headers.find((header) => headerKey(header) === wanted);
}

/** A preset's mapping in the file's own header spelling; a column the file lacks is left out. */
export function presetMapping(preset: ImportPreset, headers: readonly string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const [field, column] of Object.entries(preset.mapping)) {
    const header = fileHeader(headers, column);
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * The calendar date of a month (a name, its first three letters, or 1–12) or a quarter (Q1–Q4) of a year, as
 * YYYY-MM-01, or undefined when either is not one.
 */
export function periodStart(period: string, year: string): string | undefined {
  const y = year.trim();
  if (!/^20\d\d$/.test(y)) return undefined;
  const text = period.trim().toLowerCase();
  const quarter = /^q([1-4])$/.exec(text);
  let month: number | undefined;
  if (quarter) month = (Number(quarter[1]) - 1) * 3 + 1;
  else if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 12) month = Number(text);
  else {
    const index = MONTHS.findIndex((name) => text.length >= 3 && name.startsWith(text));
    if (index >= 0) month = index + 1;
  }
  return month === undefined ? undefined : `${y}-${String(month).padStart(2, '0')}-01`;
}

/** The calendar date an ISO 8601 timestamp is written with (its offset is not applied), else the text unchanged. */
export const datePart = (text: string) => {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    text.trim(),
  );
  return match ? match[1] : text;
};

/** Metres as kilometres, exactly (decimal arithmetic), for the kilometre conversion that follows. */
export const metresToKilometres = (metres: number) => toDecimal(metres).dividedBy(1000).toNumber();

/**
 * Jurisdiction cells in ISO 3166-2 form ("US-TX", "CA-ON") as the two-letter code; any other text unchanged (the
 * jurisdiction directory reads codes and names).
 */
export const jurisdictionText = (text: string) => {
  const match = /^\s*(?:US|USA|CA|CAN|MX|MEX)[-\s]([A-Za-z]{2,3})\s*$/.exec(text);
  return match ? match[1] : text;
};

/** Why a fuel-card row is not a fuel purchase the return counts. */
export const NON_FUEL_REASONS = [
  'def',
  'reefer_fuel',
  'oil',
  'additive',
  'cash_advance',
  'fee',
  'merchandise',
] as const;
export type NonFuelReason = (typeof NON_FUEL_REASONS)[number];

/** Product words of fuel-card lines, by what they are: a motor fuel the return tracks, or why the row is skipped. */
const PRODUCT_WORDS: ReadonlyArray<readonly [RegExp, FuelType | NonFuelReason]> = [
  [/\b(def|diesel exhaust fluid|adblue|urea)\b/, 'def'],
  [/\b(reefer|rfr|reefer fuel|refrigerat\w*)\b/, 'reefer_fuel'],
  [/\b(cash|cash advance|cadv|advance|express code|atm)\b/, 'cash_advance'],
  [/\b(oil|motor oil|lubricant|lube|grease)\b/, 'oil'],
  [/\b(additive|add|anti ?gel|fuel treatment)\b/, 'additive'],
  [/\b(fee|fees|scale|scales|parking|toll|tolls|wash|shower)\b/, 'fee'],
  [/\b(merchandise|merch|food|grocery|tire|tires|repair|service|parts)\b/, 'merchandise'],
  [/\b(biodiesel|bio diesel|b\d{1,2})\b/, 'biodiesel'],
  [/\b(diesel|ulsd|dsl|diesel #?[12]|#2 diesel|special diesel|tractor fuel)\b/, 'diesel'],
  [/\b(e85)\b/, 'e85'],
  [/\b(m85)\b/, 'm85'],
  [/\b(a55)\b/, 'a55'],
  [/\b(gasohol)\b/, 'gasohol'],
  [/\b(propane|lpg)\b/, 'propane'],
  [/\b(lng|liquefied natural gas)\b/, 'lng'],
  [/\b(cng|natural gas)\b/, 'cng'],
  [/\b(gasoline|gas|unleaded|unl|regular|midgrade|mid grade|premium|super)\b/, 'gasoline'],
  [/\b(ethanol)\b/, 'ethanol'],
  [/\b(methanol)\b/, 'methanol'],
];

export type ProductClass = { fuelType: FuelType } | { skip: NonFuelReason } | undefined;

/**
 * What a fuel-card product cell is: a motor fuel the return tracks (by its rate-matrix name), a line that is not one
 * (DEF, reefer fuel, oil, an additive, a cash advance, a fee, merchandise: skipped, with that reason), or undefined
 * for a product this list does not know (a problem of the row, as any unknown fuel type is). Non-fuel words are tried
 * first: "DEF" and "reefer diesel" name diesel-like lines that IFTA does not count.
 */
export function classifyProduct(text: string): ProductClass {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim();
  if (words === '') return undefined;
  const found = PRODUCT_WORDS.find(([pattern]) => pattern.test(words))?.[1];
  if (found === undefined) return undefined;
  return (NON_FUEL_REASONS as readonly string[]).includes(found)
    ? { skip: found as NonFuelReason }
    : { fuelType: found as FuelType };
}

/** How a skipped row's reason reads in a warning. */
export const NON_FUEL_LABELS: Record<NonFuelReason, string> = {
  def: 'DEF',
  reefer_fuel: 'reefer fuel',
  oil: 'oil',
  additive: 'additive',
  cash_advance: 'cash advance',
  fee: 'fee',
  merchandise: 'merchandise',
};
