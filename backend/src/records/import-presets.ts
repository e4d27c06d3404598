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
  /**
   * Whether a real export (or its verbatim published header with real rows) confirms the layout; a preset built from
   * a vendor's API field names or help page alone says so on the import screen (docs/imports.md names each source).
   */
  confirmed: boolean;
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
  /** Trips: a column with distance that is not taxable, imported as a second trip of its own with this reason. */
  nonTaxableColumn?: { column: string; reason: NonTaxableReason };
  /**
   * Fuel: columns holding the part of the mapped quantity that is not the vehicle's fuel (Comdata's tractor gallons
   * include "other fuel"): that part is left out with its reason, and its cost taken off the mapped total price.
   */
  notFuelParts?: ReadonlyArray<{ column: string; cost?: string; reason: NonFuelReason }>;
  /**
   * Fuel: the per-product columns the mapped quantity is the sum of, with the not-fuel parts above (#2 and #1
   * diesel): when the file holds them, a row whose parts do not add up to the quantity is a problem of the row.
   */
  fuelParts?: readonly string[];
  /** Fuel: columns beside the quantity whose amount is another product (reefer fuel), listed as left out. */
  besideParts?: ReadonlyArray<{ column: string; reason: NonFuelReason }>;
}

export const IMPORT_PRESETS: readonly ImportPreset[] = [
  {
    id: 'motive-ifta-trips',
    confirmed: false,
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
    confirmed: false,
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
    confirmed: false,
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
    confirmed: false,
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
  {
    // The transactions CSV downloaded from WEXOnline. WEX publishes no column list: these are the headers that
    // open-source parsers of real WEXOnline exports read (docs/imports.md names them). One row is one product line.
    id: 'wex-transactions',
    confirmed: true,
    vendor: 'WEX',
    report: 'transactions (WEXOnline)',
    kind: 'fuel',
    columns: [
      'Transaction Date',
      'Transaction Time',
      'Post Date',
      'Account Number',
      'Account Name',
      'Card Number',
      'Trans ID',
      'Emboss Line 2',
      'Custom Vehicle/Asset ID',
      'Units',
      'Unit of Measure',
      'Unit Cost',
      'Total Fuel Cost',
      'Service Cost',
      'Other Cost',
      'Total Non-Fuel Cost',
      'Gross Cost',
      'Exempt Tax',
      'Discount',
      'Net Cost',
      'Reported Tax',
      'Transaction Fee Type 1',
      'Transaction Fee Amount 1',
      'Transaction Fee Type 2',
      'Transaction Fee Amount 2',
      'Transaction Fee Type 3',
      'Transaction Fee Amount 3',
      'Transaction Fee Type 4',
      'Transaction Fee Amount 4',
      'Transaction Fee Type 5',
      'Transaction Fee Amount 5',
      'Product',
      'Product Description',
      'Transaction Description',
      'Merchant (Brand)',
      'Merchant Name',
      'Merchant Address',
      'Merchant City',
      'Merchant State / Province',
      'Merchant Postal Code',
      'Merchant Site ID',
      'Current Odometer',
      'Adjusted Odometer',
      'Previous Odometer',
      'Distance Driven',
      'Fuel Economy',
      'Cost Per Distance',
      'Vehicle Description',
      'VIN',
      'Tank Capacity',
      'In Service Date',
      'Start Odometer',
      'Driver Last Name',
      'Driver First Name',
      'Driver Middle Name',
      'Driver Department',
      'Employee ID',
      'Transaction Ticket Number',
      'Currency Exchange Rate',
      'Rebate Code',
      'Driver Prompt ID',
      'Vehicle Prompt ID',
      'Department',
    ],
    required: ['Transaction Date', 'Units', 'Unit of Measure', 'Product Description', 'Merchant State / Province'],
    mapping: {
      date: 'Transaction Date',
      unit: 'Custom Vehicle/Asset ID',
      jurisdiction: 'Merchant State / Province',
      gallons: 'Units',
      fuel_type: 'Product Description',
      vendor: 'Merchant Name',
      receipt_number: 'Trans ID',
      total_price: 'Total Fuel Cost',
    },
    conversions: {
      // The exports seen write gallons as "GA"; the litre words are read as litres, anything else is refused.
      unitColumn: {
        column: 'Unit of Measure',
        primary: ['ga', 'gal', 'gallon', 'gallons'],
        converted: ['l', 'liter', 'liters', 'litre', 'litres'],
      },
    },
  },
  {
    // The Transaction Report of EFS Manager (WEX Fleet One cards are EFS accounts too), one row per line item of an
    // invoice: the diesel, the DEF and the reefer fuel of one stop are rows of their own. Its 16 columns as
    // open-source parsers of real exports read them (docs/imports.md).
    id: 'efs-transaction-report',
    confirmed: true,
    vendor: 'EFS',
    report: 'Transaction Report',
    kind: 'fuel',
    columns: [
      'Card #',
      'Tran Date',
      'Invoice',
      'Unit',
      'Driver Name',
      'Odometer',
      'Location Name',
      'City',
      'State/ Prov',
      'Fees',
      'Item',
      'Unit Price',
      'Qty',
      'Amt',
      'DB',
      'Currency',
    ],
    required: ['Tran Date', 'Invoice', 'State/ Prov', 'Item', 'Qty'],
    mapping: {
      date: 'Tran Date',
      unit: 'Unit',
      jurisdiction: 'State/ Prov',
      gallons: 'Qty',
      fuel_type: 'Item',
      vendor: 'Location Name',
      receipt_number: 'Invoice',
      total_price: 'Amt',
    },
    conversions: {
      // Some exports write the date with its time of day ("2026-06-29 07:37:00").
      date: { format: 'datetime' },
      // The currency column also names the volume unit ("USD/Gallons"): its unit part decides, so a Canadian
      // purchase written "CAD/Liters" reads as litres; any other unit is for the person to resolve in the preview.
      unitColumn: {
        column: 'Currency',
        primary: ['USD/Gallons', 'CAD/Gallons'],
        converted: ['CAD/Liters', 'CAD/Litres', 'USD/Liters', 'USD/Litres'],
      },
    },
  },
  {
    // Comdata's transaction file as a CSV, one row per transaction with the tractor fuel, the reefer fuel, oil and
    // a cash advance in columns of their own. Its columns as an open-source IFTA tool and a fleet's importer read
    // them (docs/imports.md), up to "Total Amount Due Comdata": the net-cost, cost-plus and OPIS rack columns that
    // follow in the file are not listed here (a file may hold more columns).
    id: 'comdata-transactions',
    confirmed: true,
    vendor: 'Comdata',
    report: 'transactions',
    kind: 'fuel',
    columns: [
      'Account Code',
      'Customer ID',
      'Transaction Date',
      'Date of Original',
      'Transaction Time',
      'Transaction Number Indicator',
      'Transaction Number',
      'Transaction Day',
      'Comchek Card Number',
      "Driver's Name",
      'Employee Number',
      "Driver's License State",
      "Driver's License Number",
      'Unit Number',
      'Hubometer Reading',
      'Previous Hub Reading',
      'Trip Number',
      'Year To Date MPG',
      'MPG for this Fill Up',
      'Purchase Order Number',
      'Trailer Number',
      'Trailer Hub Reading',
      'Truck Stop Code',
      'Service Center Chain Code',
      'Truck Stop Name',
      'Service Center Address',
      'Truck Stop City',
      'Truck Stop State',
      'Service Center Zip Code',
      'Truck Stop Invoice Number',
      'Total Amount Due',
      'Fees for Fuel & Oil & Products',
      'Service Used',
      'Number of Tractor Gallons',
      'Tractor Fuel Price Per Gallon',
      'Cost of Tractor Fuel',
      'Tractor Fuel Billing Flag',
      'Number of Reefer Gallons',
      'Reefer Price Per Gallon',
      'Cost of Reefer Fuel',
      'Reefer Fuel Billing Flag',
      'Number of Quarts of Oil',
      'Total Cost of Oil',
      'Oil Billing Flag',
      'Cash Advance Amount',
      'Charges for Cash Advance',
      'Cash Billing Flag',
      'Non-Funded Item',
      'Product Code 1',
      'Product Amount 1',
      'Product 1 Billing Flag',
      'Product Code 2',
      'Product Amount 2',
      'Product 2 Billing Flag',
      'Product Code 3',
      'Product Amount 3',
      'Product 3 Billing Flag',
      'Rebate Amount',
      'Cancel flag',
      'Rebate Indicator',
      'Automated Transaction',
      'Bulk Fuel Flag',
      'Number 1 Fuel Gallons',
      'Number 1 Fuel PPG',
      'Other Fuel PPG',
      'Canadian Tax Amount US Dollars',
      'Number 1 Fuel Cost',
      'Other Fuel Gallons',
      'Other Fuel Cost',
      'Canadian Tax Amount Canadian Dollars',
      'Canadian Tax Paid Flag',
      'Adjusted Transaction Number',
      'Total Amount Due Comdata',
      '#2 Diesel Gallons',
      '#2 Diesel Cost',
      'Billable Currency',
    ],
    required: [
      'Transaction Date',
      'Comchek Card Number',
      'Unit Number',
      'Truck Stop State',
      'Number of Tractor Gallons',
    ],
    // The tractor's fuel is the purchase the return counts; the reefer gallons, oil and cash advance of the same row
    // are not motor fuel and are not imported. The tractor's gallons are #2 diesel, #1 diesel and "other fuel"
    // together (Comdata's record layout says so, and the real rows add up that way): the other fuel, priced like DEF
    // in a real row, is taken out and listed, and the rest reads as diesel unless the user maps a product column.
    mapping: {
      date: 'Transaction Date',
      unit: 'Unit Number',
      jurisdiction: 'Truck Stop State',
      gallons: 'Number of Tractor Gallons',
      vendor: 'Truck Stop Name',
      receipt_number: 'Truck Stop Invoice Number',
      total_price: 'Cost of Tractor Fuel',
    },
    conversions: {
      notFuelParts: [{ column: 'Other Fuel Gallons', cost: 'Other Fuel Cost', reason: 'other_fuel' }],
      fuelParts: ['#2 Diesel Gallons', 'Number 1 Fuel Gallons'],
      besideParts: [{ column: 'Number of Reefer Gallons', reason: 'reefer_fuel' }],
    },
  },
  {
    // The PascalCase transaction export of TCH (now EFS) cards, as a fleet's importer reads it (docs/imports.md):
    // one source and no real file, so the screen says the layout is not confirmed.
    id: 'efs-tch-transactions',
    vendor: 'EFS',
    report: 'TCH transactions',
    kind: 'fuel',
    confirmed: false,
    columns: [
      'Invoice date',
      'Invoice',
      'TransactionPOSDate',
      'TransactionPOSTime',
      'Unit',
      'DriverName',
      'DriverLastName',
      'CardNumber',
      'ProductCode',
      'LocationCity',
      'LocationState',
      'Quantity',
      'PricePerUnit',
      'TotalInvoice',
      'TransactionFee',
      'TransactionDiscount',
      'TransactionGross',
    ],
    required: ['TransactionPOSDate', 'LocationState', 'Quantity', 'ProductCode'],
    mapping: {
      date: 'TransactionPOSDate',
      unit: 'Unit',
      jurisdiction: 'LocationState',
      gallons: 'Quantity',
      fuel_type: 'ProductCode',
      receipt_number: 'Invoice',
      total_price: 'TotalInvoice',
    },
    conversions: { date: { format: 'datetime' } },
  },
  {
    // EROAD's Fuel Trip Record: one trip per row of one vehicle's month, split at state lines and at midnight, with
    // the miles EROAD judged exempt from IFTA in a column of their own. The columns are those EROAD's help page
    // lists; no real export was at hand, so the screen says the layout is not confirmed. The record is one
    // vehicle's: the unit is the one the person gives.
    id: 'eroad-fuel-trip-record',
    vendor: 'EROAD',
    report: 'Fuel Trip Record',
    kind: 'trips',
    confirmed: false,
    columns: [
      'Day of trip',
      'Jurisdiction',
      'State',
      'Fuel Type',
      'Entry Point Distance (mi)',
      'Exit Point Distance (mi)',
      'Highways Travelled',
      'Total Miles',
      'IFTA Taxable Miles',
      'IFTA Exempt Miles',
      'Fuel Fill (gal)',
    ],
    required: ['Day of trip', 'Jurisdiction', 'IFTA Taxable Miles', 'IFTA Exempt Miles'],
    mapping: {
      date: 'Day of trip',
      jurisdiction: 'Jurisdiction',
      miles: 'IFTA Taxable Miles',
      odometer_start: 'Entry Point Distance (mi)',
      odometer_end: 'Exit Point Distance (mi)',
    },
    // Total Miles counts the exempt miles too: taxing it would tax them.
    conversions: { nonTaxableColumn: { column: 'IFTA Exempt Miles', reason: 'ifta_exempt' } },
  },
];

/** A cell's text as unit words compare it: case, spacing and the separators around words do not count. */
export const headerKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/**
 * Header text as recognition compares it: letters, digits and `#` only, lower case. Exports spell one column
 * `State/ Prov`, `State/Prov` or `StatePROV`, and `ProductDescription` for `Product Description`.
 */
export const columnKey = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#]+/gu, '');

/** What the import answers about a recognised layout. */
export interface RecognisedPreset {
  id: string;
  vendor: string;
  report: string;
  /** "Motive IFTA trips": what the mapping screen shows. */
  label: string;
  /** Whether a real export confirms the layout (the screen says when none does). */
  confirmed: boolean;
}

export const describePreset = (preset: ImportPreset): RecognisedPreset => ({
  id: preset.id,
  vendor: preset.vendor,
  report: preset.report,
  label: `${preset.vendor} ${preset.report}`,
  confirmed: preset.confirmed,
});

/**
 * The preset whose layout a header row is: every required column present (case- and space-insensitive, in any order,
 * other columns allowed), the one naming most of the file's columns winning, and among equals the one requiring most.
 */
export function recognisePreset(kind: RecordKind, headers: readonly string[]): ImportPreset | undefined {
  const present = new Set(headers.map(columnKey));
  let best: { preset: ImportPreset; score: number } | undefined;
  for (const preset of IMPORT_PRESETS) {
    if (preset.kind !== kind || !preset.required.every((column) => present.has(columnKey(column)))) continue;
    const score =
      preset.columns.filter((column) => present.has(columnKey(column))).length * 100 + preset.required.length;
    if (!best || score > best.score) best = { preset, score };
  }
  return best?.preset;
}

export const presetById = (id: string) => IMPORT_PRESETS.find((preset) => preset.id === id);

/** The file's own header for a documented column (its spelling may differ in case and spacing). */
export function fileHeader(headers: readonly string[], column: string): string | undefined {
  const wanted = columnKey(column);
  return headers.find((header) => columnKey(header) === wanted);
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
  'tax',
  'discount',
  'other_fuel',
  'no_fuel',
  'skipped_by_choice',
] as const;
export type NonFuelReason = (typeof NON_FUEL_REASONS)[number];

/** Product words of fuel-card lines, by what they are: a motor fuel the return tracks, or why the row is skipped. */
const PRODUCT_WORDS: ReadonlyArray<readonly [RegExp, FuelType | NonFuelReason]> = [
  [/\b(def|defd|diesel exhaust fluid|adblue|urea)\b/, 'def'],
  [/\b(reefer|rfr|ulsr|reefer fuel|refrigerat\w*)\b/, 'reefer_fuel'],
  [/\b(cash|cash advance|cadv|advance|express code|atm)\b/, 'cash_advance'],
  [/\b(oil|motor oil|lubricant|lube|grease)\b/, 'oil'],
  [/\b(additive|add|anti ?gel|fuel treatment)\b/, 'additive'],
  [/\b(fee|fees|scale|scales|scle|parking|toll|tolls|wash|shower)\b/, 'fee'],
  // Sales-tax and discount lines of a card statement (WEX writes "Tax 1", "Discount 1"; EFS "STAX").
  [/\b(tax|taxes|stax|sales tax|gst|hst|pst)\b/, 'tax'],
  [/\b(discount|disc|rebate)\b/, 'discount'],
  [
    /\b(merchandise|merch|food|grocery|snack|snacks|tire|tires|repair|service|parts|wwfl|washer fluid|windshield)\b/,
    'merchandise',
  ],
  [/\b(biodiesel|bio diesel|b\d{1,2})\b/, 'biodiesel'],
  [/\b(diesel|ulsd|dsl|diesel #?[12]|#2 diesel|special diesel|tractor fuel)\b/, 'diesel'],
  [/\b(e85)\b/, 'e85'],
  [/\b(m85)\b/, 'm85'],
  [/\b(a55)\b/, 'a55'],
  [/\b(gasohol)\b/, 'gasohol'],
  [/\b(propane|lpg)\b/, 'propane'],
  [/\b(lng|liquefied natural gas)\b/, 'lng'],
  [/\b(cng|natural gas)\b/, 'cng'],
  // Retail grades of petrol: "Mid/Plus 2" is midgrade, as WEX's product code UN+ beside it says.
  [/\b(gasoline|gas|unleaded|unl|regular|midgrade|mid grade|mid plus|premium|super)\b/, 'gasoline'],
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
  tax: 'a tax line',
  discount: 'a discount',
  other_fuel: 'other fuel',
  no_fuel: 'no fuel',
  skipped_by_choice: 'left out as you chose',
};
