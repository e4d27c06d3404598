import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IMPORT_PRESETS } from '../src/records/import-presets.js';
import { workbookBuffer } from './helpers/xlsx.js';
import { createTestApp, registerAccount, type TestAccount, type TestApp } from './helpers/test-app.js';

/**
 * Files fleets already have, generated here from each vendor's documented columns (the preset's own list, which
 * docs/imports.md sources): the import recognises the header row, proposes the vendor's mapping, converts units and
 * jurisdictions, and leaves a fuel card's non-fuel lines out with a counted reason.
 */
const columnsOf = (id: string) => [...IMPORT_PRESETS.find((preset) => preset.id === id)!.columns];

/** A CSV of the documented columns; each row gives only the columns it names (the rest empty). */
function csvOf(columns: string[], rows: Array<Record<string, string | number>>): Buffer {
  const line = (cells: Array<string | number>) =>
    cells.map((cell) => (/[",]/.test(String(cell)) ? `"${String(cell).replaceAll('"', '""')}"` : cell)).join(',');
  return Buffer.from([line(columns), ...rows.map((row) => line(columns.map((c) => row[c] ?? '')))].join('\n'));
}

/** A vendor's export names no trip-sheet field: every one reads as absent. */
const NO_SHEET = {
  trip_number: null,
  driver: null,
  origin_city: null,
  origin_jurisdiction: null,
  destination_city: null,
  destination_jurisdiction: null,
};

describe('import presets for ELD and fuel-card files', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await registerAccount(t.http);
  });
  afterAll(() => t.close());

  const send = (path: string, file: Buffer, name: string, fields: Record<string, string> = {}) => {
    const req = t.http.post(path).set(a.auth);
    for (const [field, value] of Object.entries(fields)) req.field(field, value);
    return req.attach('file', file, name);
  };
  const list = async (path: string) =>
    (await t.http.get(path).query({ period: 'Q2-2026', limit: 100 }).set(a.auth).expect(200)).body.data as Array<
      Record<string, unknown>
    >;

  it('Motive IFTA trips (CSV): recognised, metric vehicles converted from kilometres, imported', async () => {
    const file = csvOf(columnsOf('motive-ifta-trips'), [
      {
        id: 1,
        date: '2026-04-03',
        jurisdiction: 'TX',
        'vehicle.number': 'M-100',
        'vehicle.metric_units': 'false',
        distance: 412.5,
      },
      {
        id: 2,
        date: '2026-04-03',
        jurisdiction: 'OK',
        'vehicle.number': 'M-100',
        'vehicle.metric_units': 'false',
        distance: 87.25,
      },
      {
        id: 3,
        date: '2026-04-04',
        jurisdiction: 'ON',
        'vehicle.number': 'M-200',
        'vehicle.metric_units': 'true',
        distance: 250,
      },
    ]);
    const preview = await send('/api/protected/trips/import/preview', file, 'ifta_trips.csv').expect(200);
    expect(preview.body.preset).toEqual({
      id: 'motive-ifta-trips',
      vendor: 'Motive',
      report: 'IFTA trips',
      label: 'Motive IFTA trips',
      // Built from Motive's API reference: no real export confirms it (docs/imports.md).
      confirmed: false,
    });
    expect(preview.body.mapping).toEqual({
      date: 'date',
      unit: 'vehicle.number',
      jurisdiction: 'jurisdiction',
      miles: 'distance',
    });
    expect(preview.body).toMatchObject({ problem_total: 0, warning_total: 0, total_rows: 3 });
    const trip = { taxable: true, non_taxable_reason: null, odometer_start: null, odometer_end: null, ...NO_SHEET };
    expect(preview.body.rows).toEqual([
      { ...trip, date: '2026-04-03', unit: 'M-100', jurisdiction: 'TX', miles: '412.5' },
      { ...trip, date: '2026-04-03', unit: 'M-100', jurisdiction: 'OK', miles: '87.25' },
      // 250 km × 0.621371 mi/km
      { ...trip, date: '2026-04-04', unit: 'M-200', jurisdiction: 'ON', miles: '155.343' },
    ]);
    const applied = await send('/api/protected/trips/import', file, 'ifta_trips.csv').expect(200);
    expect(applied.body).toMatchObject({ imported: 3, skipped_duplicates: 0, skipped_rows: 0 });
    expect(applied.body.skipped).toHaveLength(0);
    const stored = (await list('/api/protected/trips')).filter((r) => String(r.unit).startsWith('M-'));
    expect(stored.map((r) => [r.date, r.unit, r.jurisdiction, Number(r.miles)]).sort()).toEqual([
      ['2026-04-03', 'M-100', 'OK', 87.25],
      ['2026-04-03', 'M-100', 'TX', 412.5],
      ['2026-04-04', 'M-200', 'ON', 155.343],
    ]);
  });

  it('Samsara IFTA vehicle report (.xlsx): metres to miles, month to date, the off-road rest non-taxable', async () => {
    const columns = columnsOf('samsara-ifta-vehicle');
    const workbook = await workbookBuffer((book) => {
      const sheet = book.addWorksheet('IFTA');
      sheet.addRow(columns);
      const row = (values: Record<string, string | number>) => sheet.addRow(columns.map((c) => values[c] ?? null));
      row({
        year: 2026,
        month: 'April',
        'vehicle.id': 1,
        'vehicle.name': 'S-1',
        jurisdiction: 'GA',
        taxableMeters: 160934.4,
        totalMeters: 160934.4,
        taxPaidLiters: 25.5,
      });
      row({
        year: 2026,
        month: 'May',
        'vehicle.id': 1,
        'vehicle.name': 'S-1',
        jurisdiction: 'TN',
        taxableMeters: 100000,
        totalMeters: 120000,
      });
      row({
        year: 2026,
        month: 'June',
        'vehicle.id': 2,
        'vehicle.name': 'S-2',
        jurisdiction: 'ON',
        taxableMeters: 50000,
        totalMeters: 50000,
      });
    });
    const preview = await send('/api/protected/trips/import/preview', workbook, 'samsara-ifta.xlsx').expect(200);
    expect(preview.body.preset).toMatchObject({ id: 'samsara-ifta-vehicle', label: 'Samsara IFTA vehicle report' });
    expect(preview.body.mapping).toEqual({
      date: 'month',
      unit: 'vehicle.name',
      jurisdiction: 'jurisdiction',
      kilometres: 'taxableMeters',
    });
    expect(preview.body).toMatchObject({ problem_total: 0, total_rows: 3 });
    const trip = { taxable: true, non_taxable_reason: null, odometer_start: null, odometer_end: null, ...NO_SHEET };
    expect(preview.body.rows).toEqual([
      // 160.934 km (160,934.4 m to the metre's thousandth of a kilometre) × 0.621371
      { ...trip, date: '2026-04-01', unit: 'S-1', jurisdiction: 'GA', miles: '100' },
      { ...trip, date: '2026-05-01', unit: 'S-1', jurisdiction: 'TN', miles: '62.137' },
      // 20 km of the 120 were off public roads: a trip of its own, not taxable.
      {
        ...trip,
        date: '2026-05-01',
        unit: 'S-1',
        jurisdiction: 'TN',
        miles: '12.427',
        taxable: false,
        non_taxable_reason: 'off_highway',
      },
      { ...trip, date: '2026-06-01', unit: 'S-2', jurisdiction: 'ON', miles: '31.069' },
    ]);
    const applied = await send('/api/protected/trips/import', workbook, 'samsara-ifta.xlsx').expect(200);
    expect(applied.body).toMatchObject({ imported: 4, skipped_duplicates: 0, skipped_rows: 0 });
    expect(applied.body.skipped).toHaveLength(0);
    const stored = (await list('/api/protected/trips')).filter((r) => String(r.unit).startsWith('S-'));
    expect(stored.map((r) => [r.date, r.unit, r.jurisdiction, Number(r.miles), r.taxable]).sort()).toEqual([
      ['2026-04-01', 'S-1', 'GA', 100, true],
      ['2026-05-01', 'S-1', 'TN', 12.427, false],
      ['2026-05-01', 'S-1', 'TN', 62.137, true],
      ['2026-06-01', 'S-2', 'ON', 31.069, true],
    ]);
  });

  it('Motive fuel purchases (CSV): litres, timestamps and state names converted, DEF and reefer left out', async () => {
    const file = csvOf(columnsOf('motive-fuel-purchases'), [
      {
        id: 1,
        purchased_at: '2026-04-03T14:05:00Z',
        jurisdiction: 'TX',
        fuel_type: 'diesel',
        ref_no: 'MF-1',
        vendor: "Love's #512",
        total_cost: 450,
        currency: 'USD',
        fuel: 120.5,
        fuel_unit: 'gal',
        'vehicle.number': 'M-100',
      },
      {
        id: 2,
        purchased_at: '2026-04-03T14:09:00Z',
        jurisdiction: 'TX',
        fuel_type: 'def',
        ref_no: 'MF-2',
        vendor: "Love's #512",
        total_cost: 40,
        currency: 'USD',
        fuel: 10,
        fuel_unit: 'gal',
        'vehicle.number': 'M-100',
      },
      {
        id: 3,
        purchased_at: '2026-04-05T08:00:00-04:00',
        jurisdiction: 'ON',
        fuel_type: 'diesel',
        ref_no: 'MF-3',
        vendor: 'Petro-Canada',
        total_cost: 300,
        currency: 'CAD',
        fuel: 200,
        fuel_unit: 'l',
        'vehicle.number': 'M-200',
      },
      {
        id: 4,
        purchased_at: '2026-04-06T09:30:00Z',
        jurisdiction: 'Oklahoma',
        fuel_type: 'gasoline',
        ref_no: 'MF-4',
        vendor: 'QuikTrip',
        total_cost: 35,
        currency: 'USD',
        fuel: 10.25,
        fuel_unit: 'gal',
        'vehicle.number': 'M-300',
      },
      {
        id: 5,
        purchased_at: '2026-04-07T10:00:00Z',
        jurisdiction: 'US-AR',
        fuel_type: 'reefer',
        ref_no: 'MF-5',
        vendor: 'Pilot',
        total_cost: 90,
        currency: 'USD',
        fuel: 25,
        fuel_unit: 'gal',
        'vehicle.number': 'M-100',
      },
    ]);
    const preview = await send('/api/protected/fuel-purchases/import/preview', file, 'fuel_purchases.csv').expect(200);
    expect(preview.body.preset).toMatchObject({ id: 'motive-fuel-purchases', label: 'Motive fuel purchases' });
    expect(preview.body).toMatchObject({
      problem_total: 0,
      total_rows: 5,
      warning_total: 2,
      warning_counts: { def: 1, reefer_fuel: 1 },
      warnings: [
        {
          row: 3,
          field: 'fuel_type',
          reason: 'def',
          value: 'def',
          message: 'row 3: skipped: "def" is DEF, not a motor fuel',
        },
        {
          row: 6,
          field: 'fuel_type',
          reason: 'reefer_fuel',
          value: 'reefer',
          message: 'row 6: skipped: "reefer" is reefer fuel, not a motor fuel',
        },
      ],
    });
    const purchase = { tax_paid: true };
    expect(preview.body.rows).toHaveLength(3);
    expect(preview.body.rows[0]).toMatchObject({
      ...purchase,
      date: '2026-04-03',
      unit: 'M-100',
      jurisdiction: 'TX',
      quantity: '120.5',
      quantity_unit: 'gal',
      gallons: '120.5',
      fuel_type: 'diesel',
      vendor: "Love's #512",
      receipt_number: 'MF-1',
    });
    // 200 L × 0.264172 gal/L; the timestamp's own calendar date, not the UTC one.
    expect(preview.body.rows[1]).toMatchObject({
      ...purchase,
      date: '2026-04-05',
      unit: 'M-200',
      jurisdiction: 'ON',
      quantity: '200',
      quantity_unit: 'l',
      gallons: '52.834',
      fuel_type: 'diesel',
      receipt_number: 'MF-3',
    });
    expect(preview.body.rows[2]).toMatchObject({
      date: '2026-04-06',
      unit: 'M-300',
      jurisdiction: 'OK',
      gallons: '10.25',
      fuel_type: 'gasoline',
    });
    const applied = await send('/api/protected/fuel-purchases/import', file, 'fuel_purchases.csv').expect(200);
    expect(applied.body).toMatchObject({ imported: 3, skipped_duplicates: 0, skipped_rows: 2 });
    expect(applied.body.skipped).toHaveLength(2);
    const stored = await list('/api/protected/fuel-purchases');
    expect(stored.map((r) => [r.receipt_number, r.jurisdiction, Number(r.gallons), r.quantity_unit]).sort()).toEqual([
      ['MF-1', 'TX', 120.5, 'gal'],
      ['MF-3', 'ON', 52.834, 'l'],
      ['MF-4', 'OK', 10.25, 'gal'],
    ]);
  });

  it('WEX transactions (CSV): gallons by merchant state, product descriptions read, the DEF line left out', async () => {
    const file = csvOf(columnsOf('wex-transactions'), [
      {
        'Transaction Date': '04/14/2026',
        'Transaction Time': '14:15:00',
        'Post Date': '04/16/2026',
        'Card Number': '****21915',
        'Trans ID': 'WX-1',
        'Custom Vehicle/Asset ID': 'W-10',
        Units: 24.387,
        'Unit of Measure': 'GA',
        'Unit Cost': 3.519,
        'Total Fuel Cost': 85.82,
        'Net Cost': 85.82,
        Product: 'UNL',
        'Product Description': 'Unleaded Regular',
        'Merchant Name': 'Chevron 0090562',
        'Merchant City': 'Fishkill',
        'Merchant State / Province': 'NY',
      },
      {
        'Transaction Date': '04/15/2026',
        'Trans ID': 'WX-2',
        'Custom Vehicle/Asset ID': 'W-20',
        Units: 110.5,
        'Unit of Measure': 'GA',
        'Total Fuel Cost': '$430.95',
        'Product Description': 'Diesel #2',
        'Merchant Name': 'Pilot 305',
        'Merchant State / Province': 'Pennsylvania',
      },
      {
        'Transaction Date': '04/15/2026',
        'Trans ID': 'WX-3',
        'Custom Vehicle/Asset ID': 'W-20',
        Units: 5,
        'Unit of Measure': 'GA',
        'Product Description': 'Diesel Exhaust Fluid',
        'Merchant State / Province': 'PA',
      },
    ]);
    const preview = await send('/api/protected/fuel-purchases/import/preview', file, 'Transactions.csv').expect(200);
    expect(preview.body.preset).toEqual({
      id: 'wex-transactions',
      vendor: 'WEX',
      report: 'transactions (WEXOnline)',
      label: 'WEX transactions (WEXOnline)',
      confirmed: true,
    });
    expect(preview.body.mapping).toEqual({
      date: 'Transaction Date',
      unit: 'Custom Vehicle/Asset ID',
      jurisdiction: 'Merchant State / Province',
      gallons: 'Units',
      fuel_type: 'Product Description',
      vendor: 'Merchant Name',
      receipt_number: 'Trans ID',
      total_price: 'Total Fuel Cost',
    });
    expect(preview.body).toMatchObject({
      problem_total: 0,
      total_rows: 3,
      warning_total: 1,
      warning_counts: { def: 1 },
      warnings: [{ row: 4, field: 'fuel_type', reason: 'def', value: 'Diesel Exhaust Fluid' }],
    });
    expect(preview.body.rows).toEqual([
      expect.objectContaining({
        date: '2026-04-14',
        unit: 'W-10',
        jurisdiction: 'NY',
        quantity: '24.387',
        quantity_unit: 'gal',
        gallons: '24.387',
        fuel_type: 'gasoline',
        vendor: 'Chevron 0090562',
        receipt_number: 'WX-1',
        total_price: '85.82',
      }),
      expect.objectContaining({
        date: '2026-04-15',
        unit: 'W-20',
        jurisdiction: 'PA',
        gallons: '110.5',
        fuel_type: 'diesel',
        receipt_number: 'WX-2',
        total_price: '430.95',
      }),
    ]);
    const applied = await send('/api/protected/fuel-purchases/import', file, 'Transactions.csv').expect(200);
    expect(applied.body).toMatchObject({ imported: 2, skipped_duplicates: 0, skipped_rows: 1 });
    expect(applied.body.skipped).toHaveLength(1);
    const stored = (await list('/api/protected/fuel-purchases')).filter((r) => String(r.unit).startsWith('W-'));
    expect(
      stored.map((r) => [r.date, r.unit, r.jurisdiction, Number(r.gallons), r.fuel_type, r.receipt_number]).sort(),
    ).toEqual([
      ['2026-04-14', 'W-10', 'NY', 24.387, 'gasoline', 'WX-1'],
      ['2026-04-15', 'W-20', 'PA', 110.5, 'diesel', 'WX-2'],
    ]);
  });

  it('EFS Transaction Report (.xlsx): a line item per row, DEF and reefer lines left out, timestamps dated', async () => {
    const columns = columnsOf('efs-transaction-report');
    const stop = {
      'Card #': '*0541',
      'Driver Name': 'J SINGH',
      Odometer: 0,
      Fees: 0,
      DB: 'N',
      Currency: 'USD/Gallons',
    };
    const eloy = { ...stop, 'Tran Date': '2026-05-09', Invoice: 'EF-13504', Unit: 'E-1', 'Location Name': 'TA ELOY' };
    const lines: Array<Record<string, string | number>> = [
      { ...eloy, City: 'ELOY', 'State/ Prov': 'AZ', Item: 'ULSD', 'Unit Price': 3.499, Qty: 97.9, Amt: 342.54 },
      { ...eloy, City: 'ELOY', 'State/ Prov': 'AZ', Item: 'DEFD', 'Unit Price': 4.459, Qty: 2.95, Amt: 13.17 },
      {
        ...stop,
        'Tran Date': '2026-05-10 07:37:00',
        Invoice: 'EF-89430',
        Unit: 'E-1',
        'Location Name': 'LOVES #542',
        City: 'FT STOCKTON',
        'State/ Prov': 'TX',
        Item: 'ULSD',
        'Unit Price': 3.689,
        Qty: 101.85,
        Amt: 375.71,
      },
      {
        ...stop,
        'Tran Date': '2026-05-11',
        Invoice: 'EF-90001',
        Unit: 'E-2',
        'Location Name': 'PILOT 390',
        City: 'AMARILLO',
        'State/ Prov': 'TX',
        Item: 'ULSR',
        'Unit Price': 3.9,
        Qty: 40,
        Amt: 156,
      },
    ];
    const workbook = await workbookBuffer((book) => {
      const sheet = book.addWorksheet('Transaction Report');
      sheet.addRow(columns);
      for (const values of lines) sheet.addRow(columns.map((c) => values[c] ?? null));
    });
    const preview = await send('/api/protected/fuel-purchases/import/preview', workbook, 'efs.xlsx').expect(200);
    expect(preview.body.preset).toMatchObject({ id: 'efs-transaction-report', label: 'EFS Transaction Report' });
    expect(preview.body.mapping).toEqual({
      date: 'Tran Date',
      unit: 'Unit',
      jurisdiction: 'State/ Prov',
      gallons: 'Qty',
      fuel_type: 'Item',
      vendor: 'Location Name',
      receipt_number: 'Invoice',
      total_price: 'Amt',
    });
    expect(preview.body).toMatchObject({
      problem_total: 0,
      total_rows: 4,
      warning_total: 2,
      warning_counts: { def: 1, reefer_fuel: 1 },
    });
    expect(preview.body.rows).toEqual([
      expect.objectContaining({
        date: '2026-05-09',
        unit: 'E-1',
        jurisdiction: 'AZ',
        gallons: '97.9',
        fuel_type: 'diesel',
        vendor: 'TA ELOY',
        receipt_number: 'EF-13504',
      }),
      expect.objectContaining({
        date: '2026-05-10',
        unit: 'E-1',
        jurisdiction: 'TX',
        gallons: '101.85',
        fuel_type: 'diesel',
        receipt_number: 'EF-89430',
        total_price: '375.71',
      }),
    ]);
    const applied = await send('/api/protected/fuel-purchases/import', workbook, 'efs.xlsx').expect(200);
    expect(applied.body).toMatchObject({ imported: 2, skipped_duplicates: 0, skipped_rows: 2 });
    expect(applied.body.skipped).toHaveLength(2);
    const stored = (await list('/api/protected/fuel-purchases')).filter((r) => String(r.unit).startsWith('E-'));
    expect(stored.map((r) => [r.date, r.jurisdiction, Number(r.gallons), r.receipt_number]).sort()).toEqual([
      ['2026-05-09', 'AZ', 97.9, 'EF-13504'],
      ['2026-05-10', 'TX', 101.85, 'EF-89430'],
    ]);
  });

  it("Comdata transactions (CSV): the tractor's gallons imported as diesel, the reefer and cash columns not", async () => {
    const file = csvOf(columnsOf('comdata-transactions'), [
      {
        'Account Code': 'JJ068',
        'Transaction Date': '06/01/2026',
        'Transaction Time': '02:24',
        'Comchek Card Number': '560017XXXXXX5373',
        "Driver's Name": 'GARADO',
        'Unit Number': 'C-1104',
        'Truck Stop Name': 'LOVES #892',
        'Truck Stop City': 'ETNA',
        'Truck Stop State': 'OH',
        'Truck Stop Invoice Number': 'CD-19842',
        'Total Amount Due': '$494.56',
        'Number of Tractor Gallons': 140.14,
        'Tractor Fuel Price Per Gallon': '$3.529',
        'Cost of Tractor Fuel': '$494.56',
      },
      {
        'Account Code': 'JJ068',
        'Transaction Date': '06/02/2026',
        'Comchek Card Number': '560017XXXXXX5373',
        'Unit Number': 'C-1150',
        'Truck Stop Name': 'LOVES #255',
        'Truck Stop State': 'OK',
        'Truck Stop Invoice Number': 'CD-45766',
        'Number of Tractor Gallons': 214.53,
        'Cost of Tractor Fuel': '$741.91',
        'Number of Reefer Gallons': 8.24,
        'Cost of Reefer Fuel': '$34.53',
        'Cash Advance Amount': '$50.00',
      },
    ]);
    const preview = await send('/api/protected/fuel-purchases/import/preview', file, 'comdata.csv').expect(200);
    expect(preview.body.preset).toMatchObject({ id: 'comdata-transactions', label: 'Comdata transactions' });
    expect(preview.body.mapping).toEqual({
      date: 'Transaction Date',
      unit: 'Unit Number',
      jurisdiction: 'Truck Stop State',
      gallons: 'Number of Tractor Gallons',
      vendor: 'Truck Stop Name',
      receipt_number: 'Truck Stop Invoice Number',
      total_price: 'Cost of Tractor Fuel',
    });
    // The reefer's 8.24 gallons of the second transaction are listed as left out (not the tractor's fuel).
    expect(preview.body).toMatchObject({
      problem_total: 0,
      warning_total: 1,
      warnings: [{ row: 3, field: 'Number of Reefer Gallons', reason: 'reefer_fuel', value: '8.24' }],
      total_rows: 2,
    });
    expect(preview.body.rows).toEqual([
      expect.objectContaining({
        date: '2026-06-01',
        unit: 'C-1104',
        jurisdiction: 'OH',
        gallons: '140.14',
        fuel_type: 'diesel',
        vendor: 'LOVES #892',
        receipt_number: 'CD-19842',
        total_price: '494.56',
      }),
      expect.objectContaining({
        date: '2026-06-02',
        unit: 'C-1150',
        jurisdiction: 'OK',
        gallons: '214.53',
        fuel_type: 'diesel',
        total_price: '741.91',
      }),
    ]);
    const applied = await send('/api/protected/fuel-purchases/import', file, 'comdata.csv').expect(200);
    expect(applied.body).toMatchObject({ imported: 2, skipped_duplicates: 0, skipped_rows: 1 });
    expect(applied.body.skipped).toHaveLength(1);
    const stored = (await list('/api/protected/fuel-purchases')).filter((r) => String(r.unit).startsWith('C-'));
    expect(stored.map((r) => [r.date, r.unit, r.jurisdiction, Number(r.gallons), r.fuel_type]).sort()).toEqual([
      ['2026-06-01', 'C-1104', 'OH', 140.14, 'diesel'],
      ['2026-06-02', 'C-1150', 'OK', 214.53, 'diesel'],
    ]);
  });

  it('a fuel-card unit the layout does not know is a problem of its row, and refuses the file', async () => {
    const file = csvOf(columnsOf('motive-fuel-purchases'), [
      {
        purchased_at: '2026-04-08',
        jurisdiction: 'TX',
        fuel_type: 'diesel',
        fuel: 5,
        fuel_unit: 'barrels',
        'vehicle.number': 'M-9',
        ref_no: 'MF-9',
      },
    ]);
    const res = await send('/api/protected/fuel-purchases/import', file, 'fuel_purchases.csv').expect(400);
    expect(res.body.fields).toEqual({
      'rows.2.gallons':
        'row 2: unit "barrels" is not one of gal, gallon, gallons, us gal, l, liter, liters, litre, litres',
    });
  });

  it('the remembered mapping of a layout wins over the preset, whose conversions still apply', async () => {
    const columns = [...columnsOf('motive-ifta-trips'), 'Truck'];
    const file = csvOf(columns, [
      {
        date: '2026-05-02',
        jurisdiction: 'TX',
        'vehicle.number': 'M-1',
        'vehicle.metric_units': 'true',
        distance: 100,
        Truck: 'R-7',
      },
    ]);
    const mapping = { date: 'date', unit: 'Truck', jurisdiction: 'jurisdiction', miles: 'distance' };
    await send('/api/protected/trips/import', file, 'trips.csv', { mapping: JSON.stringify(mapping) }).expect(200);
    const again = await send('/api/protected/trips/import/preview', file, 'trips.csv', { mapping: '{}' }).expect(200);
    expect(again.body.preset).toMatchObject({ id: 'motive-ifta-trips' });
    expect(again.body.mapping).toEqual(mapping);
    expect(again.body.rows).toMatchObject([{ unit: 'R-7', miles: '62.137' }]);
  });

  it('a header row of another layout is not recognised: no preset, the columns guessed as before', async () => {
    const file = Buffer.from('Date,Unit,State,Miles,Distance,vehicle.number\n2026-04-09,T1,TX,10,20,X');
    const preview = await send('/api/protected/trips/import/preview', file, 'trips.csv').expect(200);
    expect(preview.body.preset).toBeNull();
    expect(preview.body.mapping).toEqual({ date: 'Date', unit: 'Unit', jurisdiction: 'State', miles: 'Miles' });
    expect(preview.body.rows).toMatchObject([{ miles: '10' }]);
  });
});
