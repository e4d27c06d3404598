import { GALLONS_PER_LITRE, MILES_PER_KM } from '../ifta/index.js';

/** The two kinds of records a return is built from. */
export type RecordKind = 'trips' | 'fuel';

/** `ifta_exempt`: miles an ELD judged exempt under a jurisdiction's rules (EROAD's "IFTA Exempt Miles"). */
export const NON_TAXABLE_REASONS = ['trip_permit', 'toll_road', 'off_highway', 'ifta_exempt'] as const;
export type NonTaxableReason = (typeof NON_TAXABLE_REASONS)[number];
export const QUANTITY_UNITS = ['gal', 'l'] as const;

export interface TripRecord {
  date: string;
  unit: string;
  jurisdiction: string;
  miles: string;
  taxable: boolean;
  non_taxable_reason: NonTaxableReason | null;
  /** The odometer at the segment's start and end, when the trip sheet gives them (an audit compares them). */
  odometer_start: string | null;
  odometer_end: string | null;
  /**
   * What an IVMR holds beyond a segment (docs/ifta-domain.md "Records an audit asks for"), each optional: the trip a
   * segment belongs to (segments sharing a trip number are one trip), the driver, and the trip's origin and
   * destination. A segment without a trip number is a trip of its own.
   */
  trip_number: string | null;
  driver: string | null;
  origin_city: string | null;
  origin_jurisdiction: string | null;
  destination_city: string | null;
  destination_jurisdiction: string | null;
}

/** The trip-sheet fields of a segment, each optional text. */
export const TRIP_SHEET_FIELDS = [
  'trip_number',
  'driver',
  'origin_city',
  'origin_jurisdiction',
  'destination_city',
  'destination_jurisdiction',
] as const;
export type TripSheetField = (typeof TRIP_SHEET_FIELDS)[number];
/** The longest text each trip-sheet field keeps (the columns' widths). */
export const TRIP_SHEET_MAX_LENGTH: Record<TripSheetField, number> = {
  trip_number: 50,
  driver: 100,
  origin_city: 100,
  origin_jurisdiction: 10,
  destination_city: 100,
  destination_jurisdiction: 10,
};

export interface FuelRecord {
  date: string;
  unit: string;
  jurisdiction: string;
  quantity: string;
  quantity_unit: 'gal' | 'l';
  gallons: string;
  fuel_type: string;
  tax_paid: boolean;
  vendor: string;
  receipt_number: string;
  /** The seller's address and the receipt's total: what an audit asks of a receipt beside the seller's name. */
  vendor_address: string;
  total_price: string | null;
}

export type AnyRecord = TripRecord | FuelRecord;

/** A field a file column can be mapped to, with the header words that suggest it. */
export interface RecordField {
  name: string;
  required: boolean;
  synonyms: string[];
}

export const RECORD_FIELDS: Record<RecordKind, RecordField[]> = {
  trips: [
    { name: 'date', required: true, synonyms: ['date', 'trip date', 'day', 'дата'] },
    { name: 'unit', required: true, synonyms: ['unit', 'truck', 'vehicle', 'unit number', 'truck number', 'тягач'] },
    { name: 'jurisdiction', required: true, synonyms: ['jurisdiction', 'state', 'province', 'state/province', 'штат'] },
    { name: 'miles', required: false, synonyms: ['miles', 'distance', 'total miles', 'mileage', 'мили'] },
    { name: 'kilometres', required: false, synonyms: ['kilometres', 'kilometers', 'km', 'distance (km)'] },
    { name: 'taxable', required: false, synonyms: ['taxable', 'налогооблагаемые'] },
    {
      name: 'non_taxable_reason',
      required: false,
      synonyms: ['non-taxable reason', 'reason', 'exempt reason', 'причина освобождения'],
    },
    {
      name: 'odometer_start',
      required: false,
      synonyms: ['odometer start', 'start odometer', 'odometer begin', 'odo start', 'одометр начало'],
    },
    {
      name: 'odometer_end',
      required: false,
      synonyms: ['odometer end', 'end odometer', 'odometer finish', 'odo end', 'одометр конец'],
    },
    {
      name: 'trip_number',
      required: false,
      synonyms: ['trip number', 'trip #', 'trip no', 'trip no.', 'trip id', 'trip', 'номер рейса', 'рейс'],
    },
    { name: 'driver', required: false, synonyms: ['driver', 'driver name', 'водитель'] },
    {
      name: 'origin_city',
      required: false,
      synonyms: ['origin city', 'origin', 'from city', 'from', 'start city', 'город отправления'],
    },
    {
      name: 'origin_jurisdiction',
      required: false,
      synonyms: ['origin state', 'origin jurisdiction', 'origin province', 'from state', 'штат отправления'],
    },
    {
      name: 'destination_city',
      required: false,
      synonyms: ['destination city', 'destination', 'to city', 'to', 'end city', 'город назначения'],
    },
    {
      name: 'destination_jurisdiction',
      required: false,
      synonyms: [
        'destination state',
        'destination jurisdiction',
        'destination province',
        'to state',
        'штат назначения',
      ],
    },
  ],
  fuel: [
    { name: 'date', required: true, synonyms: ['date', 'purchase date', 'transaction date', 'дата'] },
    {
      name: 'unit',
      required: true,
      synonyms: ['unit', 'truck', 'vehicle', 'unit number', 'unit #', 'unit no', 'truck #', 'card unit', 'тягач'],
    },
    {
      name: 'jurisdiction',
      required: true,
      // Card statements shorten it: "State/ Prov" (EFS), "ST" (Quarles), "Location State" (TCH).
      synonyms: ['jurisdiction', 'state', 'province', 'state/province', 'state/prov', 'st', 'location state', 'штат'],
    },
    { name: 'gallons', required: false, synonyms: ['gallons', 'gal', 'quantity', 'qty', 'volume', 'галлоны'] },
    { name: 'litres', required: false, synonyms: ['litres', 'liters', 'l', 'volume (l)'] },
    {
      name: 'fuel_type',
      required: false,
      // Tried in this order: a description names the product in words, a code ("UNL", "DSL") only by convention.
      synonyms: [
        'fuel type',
        'product description',
        'item description',
        'product name',
        'fuel',
        'product',
        'fuel product',
        'item',
        'product code',
        'тип топлива',
      ],
    },
    { name: 'tax_paid', required: false, synonyms: ['tax paid', 'tax-paid', 'taxpaid', 'налог уплачен'] },
    { name: 'vendor', required: false, synonyms: ['vendor', 'station', 'merchant', 'location', 'поставщик'] },
    {
      name: 'receipt_number',
      required: false,
      synonyms: ['receipt', 'receipt number', 'receipt #', 'invoice', 'ticket', 'номер чека'],
    },
    {
      name: 'vendor_address',
      required: false,
      synonyms: ['vendor address', 'address', 'station address', 'seller address', 'адрес'],
    },
    {
      name: 'total_price',
      required: false,
      synonyms: ['total', 'total price', 'amount', 'total amount', 'sale amount', 'сумма'],
    },
    {
      name: 'quantity_unit',
      required: false,
      synonyms: ['unit of measure', 'uom', 'fuel unit', 'volume unit', 'quantity unit', 'measure', 'единица'],
    },
    { name: 'currency', required: false, synonyms: ['currency', 'billable currency', 'currency code', 'валюта'] },
  ],
};

/** Fields whose header words are tried in their order (the best word first), not in the file's column order. */
export const WORD_ORDER_FIELDS: ReadonlySet<string> = new Set(['fuel_type']);

/** The one distance and the one volume a file may give, each in either unit. */
/**
 * Header words that name a distance or a volume but not its unit: read in the account's unit (Settings, Units), so
 * for an account in kilometres and litres they name the kilometres or litres column.
 */
export const UNITLESS_QUANTITY_WORDS: Record<RecordKind, readonly string[]> = {
  trips: ['distance'],
  fuel: ['quantity', 'qty', 'volume'],
};

export const QUANTITY_FIELDS: Record<RecordKind, [string, string]> = {
  trips: ['miles', 'kilometres'],
  fuel: ['gallons', 'litres'],
};

export const CONVERSION = { kilometres: MILES_PER_KM, litres: GALLONS_PER_LITRE } as const;
