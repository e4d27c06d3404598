import { describe, expect, it } from '@jest/globals';
import {
  classifyProduct,
  datePart,
  IMPORT_PRESETS,
  jurisdictionText,
  metresToKilometres,
  periodStart,
  presetMapping,
  recognisePreset,
} from './import-presets.js';
import { readRecordFile } from './read-record-file.js';

const preset = (id: string) => IMPORT_PRESETS.find((p) => p.id === id)!;

describe('recognising a vendor layout by its header row', () => {
  it('takes each preset for its own documented header row', () => {
    for (const p of IMPORT_PRESETS) expect(recognisePreset(p.kind, p.columns)?.id).toBe(p.id);
  });

  it("ignores spaces and punctuation inside a header: EFS's State/ Prov spelled State/Prov or StateProv", () => {
    const columns = preset('efs-transaction-report').columns;
    for (const spelling of ['State/Prov', 'State / Prov', 'STATE/PROV', 'StateProv']) {
      const headers = columns.map((c) => (c === 'State/ Prov' ? spelling : c));
      expect(recognisePreset('fuel', headers)?.id).toBe('efs-transaction-report');
      expect(presetMapping(preset('efs-transaction-report'), headers).jurisdiction).toBe(spelling);
    }
  });

  it('recognises the TCH PascalCase export and the EROAD Fuel Trip Record, both unconfirmed', () => {
    const tch = ['Invoice', 'TransactionPOSDate', 'Unit', 'ProductCode', 'LocationState', 'Quantity', 'TotalInvoice'];
    expect(recognisePreset('fuel', tch)?.id).toBe('efs-tch-transactions');
    expect(preset('efs-tch-transactions').confirmed).toBe(false);
    const ftr = ['Day of trip', 'Jurisdiction', 'State', 'Total Miles', 'IFTA Taxable Miles', 'IFTA Exempt Miles'];
    expect(recognisePreset('trips', ftr)?.id).toBe('eroad-fuel-trip-record');
    // Total Miles counts the exempt miles: the taxable column is the one mapped.
    expect(presetMapping(preset('eroad-fuel-trip-record'), ftr).miles).toBe('IFTA Taxable Miles');
  });

  it('says which presets a real export confirms', () => {
    expect(IMPORT_PRESETS.filter((p) => p.confirmed).map((p) => p.id)).toEqual([
      'wex-transactions',
      'efs-transaction-report',
      'comdata-transactions',
    ]);
  });

  it('ignores case, spacing, separators and order, and allows extra columns', () => {
    const headers = ['Fuel Unit', 'FUEL', 'Driver', 'Purchased At', ' Jurisdiction ', 'Fuel-Type', 'Vehicle.Number'];
    expect(recognisePreset('fuel', headers)?.id).toBe('motive-fuel-purchases');
    expect(presetMapping(preset('motive-fuel-purchases'), headers)).toEqual({
      date: 'Purchased At',
      unit: 'Vehicle.Number',
      jurisdiction: ' Jurisdiction ',
      gallons: 'FUEL',
      fuel_type: 'Fuel-Type',
    });
  });

  it('takes a fuel card export for its vendor by the columns its layout requires', () => {
    expect(
      recognisePreset('fuel', [
        'Transaction Date',
        'Custom Vehicle/Asset ID',
        'Units',
        'Unit of Measure',
        'Product Description',
        'Merchant State / Province',
      ])?.id,
    ).toBe('wex-transactions');
    expect(recognisePreset('fuel', ['Card #', 'Tran Date', 'Invoice', 'Unit', 'State/ Prov', 'Item', 'Qty'])?.id).toBe(
      'efs-transaction-report',
    );
    expect(
      recognisePreset('fuel', [
        'Transaction Date',
        'Comchek Card Number',
        'Unit Number',
        'Truck Stop State',
        'Number of Tractor Gallons',
      ])?.id,
    ).toBe('comdata-transactions');
    // Without its product column a WEX file is no WEX layout: the preset could not tell fuel from a car wash.
    expect(
      recognisePreset('fuel', ['Transaction Date', 'Units', 'Unit of Measure', 'Merchant State / Province']),
    ).toBeUndefined();
  });

  it('recognises nothing when a required column is missing, or for the other kind of records', () => {
    expect(recognisePreset('trips', ['date', 'jurisdiction', 'vehicle.number'])).toBeUndefined();
    expect(recognisePreset('fuel', preset('motive-ifta-trips').columns)).toBeUndefined();
    expect(recognisePreset('trips', ['Date', 'Unit', 'State', 'Miles'])).toBeUndefined();
  });
});

describe('conversions of vendor values', () => {
  it.each([
    ['January', '2026', '2026-01-01'],
    ['sep', '2026', '2026-09-01'],
    ['12', '2025', '2025-12-01'],
    ['Q2', '2026', '2026-04-01'],
    ['q4', '2026', '2026-10-01'],
  ])('reads month %s of %s as %s', (period, year, date) => {
    expect(periodStart(period, year)).toBe(date);
  });

  it.each([
    ['Janvier', '2026'],
    ['13', '2026'],
    ['Q5', '2026'],
    ['ma', '2026'],
    ['May', '26'],
  ])('refuses month %s of %s', (period, year) => {
    expect(periodStart(period, year)).toBeUndefined();
  });

  it('takes the calendar date of a timestamp as written, and leaves other text alone', () => {
    expect(datePart('2026-05-03T23:30:00-05:00')).toBe('2026-05-03');
    expect(datePart('2026-05-03T04:30:00Z')).toBe('2026-05-03');
    expect(datePart('2026-05-03 10:00')).toBe('2026-05-03');
    expect(datePart('05/03/2026')).toBe('05/03/2026');
  });

  it('reads ISO 3166-2 jurisdiction codes as their two letters', () => {
    expect(jurisdictionText('US-TX')).toBe('TX');
    expect(jurisdictionText('CA-ON')).toBe('ON');
    expect(jurisdictionText('Texas')).toBe('Texas');
  });

  it('turns metres into kilometres exactly', () => {
    expect(metresToKilometres(160934.4)).toBe(160.9344);
  });

  it.each([
    ['Diesel', { fuelType: 'diesel' }],
    ['ULSD', { fuelType: 'diesel' }],
    ['#2 Diesel', { fuelType: 'diesel' }],
    ['Unleaded Regular', { fuelType: 'gasoline' }],
    ['B20', { fuelType: 'biodiesel' }],
    ['Natural Gas', { fuelType: 'cng' }],
    ['DEF', { skip: 'def' }],
    ['Diesel Exhaust Fluid', { skip: 'def' }],
    ['Reefer Diesel', { skip: 'reefer_fuel' }],
    ['Motor Oil', { skip: 'oil' }],
    ['Cash Advance', { skip: 'cash_advance' }],
    ['Scale fee', { skip: 'fee' }],
    // EFS item codes: DEF, reefer ultra-low-sulphur diesel, a scale ticket.
    ['DEFD', { skip: 'def' }],
    ['ULSR', { skip: 'reefer_fuel' }],
    ['SCLE', { skip: 'fee' }],
    // A real card export's non-fuel lines (WEX product descriptions) and its midgrade petrol.
    ['Salty Snacks', { skip: 'merchandise' }],
    ['General Merchandise', { skip: 'merchandise' }],
    ['Tax 1', { skip: 'tax' }],
    ['STAX', { skip: 'tax' }],
    ['Discount 1', { skip: 'discount' }],
    ['WWFL', { skip: 'merchandise' }],
    ['Mid/Plus 2', { fuelType: 'gasoline' }],
    ['Regular Diesel #2', { fuelType: 'diesel' }],
    ['Future Defined', undefined],
    ['Kerosene', undefined],
  ])('classifies the product %s', (text, expected) => {
    expect(classifyProduct(text)).toEqual(expected);
  });
});

describe('reading a file of a recognised layout', () => {
  it('Motive IFTA trips: kilometres of a metric vehicle become miles', () => {
    const read = readRecordFile(
      'trips',
      [
        'id,date,jurisdiction,vehicle.number,vehicle.metric_units,distance',
        '1,2026-04-02,TX,T1,false,120.5',
        '2,2026-04-02,ON,T2,true,100',
      ].join('\n'),
    );
    expect(read.preset).toEqual({
      id: 'motive-ifta-trips',
      vendor: 'Motive',
      report: 'IFTA trips',
      label: 'Motive IFTA trips',
      confirmed: false,
    });
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => ('miles' in r ? [r.jurisdiction, r.unit, r.miles] : []))).toEqual([
      ['TX', 'T1', '120.5'],
      ['ON', 'T2', '62.137'],
    ]);
  });

  it("Samsara's quarterly report: dated the quarter's first day, the distance off public roads not taxable", () => {
    const read = readRecordFile(
      'trips',
      ['year,quarter,vehicle.name,jurisdiction,taxableMeters,totalMeters', '2026,Q3,S-9,GA,1000,1500'].join('\n'),
    );
    expect(read.preset?.id).toBe('samsara-ifta-vehicle-quarterly');
    expect(read.problems).toEqual([]);
    expect(read.records).toMatchObject([
      { date: '2026-07-01', unit: 'S-9', jurisdiction: 'GA', miles: '0.621', taxable: true, non_taxable_reason: null },
      {
        date: '2026-07-01',
        unit: 'S-9',
        jurisdiction: 'GA',
        miles: '0.311',
        taxable: false,
        non_taxable_reason: 'off_highway',
      },
    ]);
  });

  it('names a unit value the layout does not know as a problem of its row', () => {
    const read = readRecordFile(
      'trips',
      ['date,jurisdiction,vehicle.number,vehicle.metric_units,distance', '2026-04-02,TX,T1,maybe,10'].join('\n'),
    );
    expect(read.problems).toEqual([
      {
        row: 2,
        field: 'miles',
        message: 'row 2: unit "maybe" is not one of false, true',
        value: '10',
        resolve: { kind: 'unit', value: 'maybe' },
      },
    ]);
  });

  it('any fuel file: product words read as fuel types, non-fuel rows left out, ISO 3166-2 codes read', () => {
    const read = readRecordFile(
      'fuel',
      ['Date,Unit,State,Gallons,Fuel type', '2026-04-02,T1,US-TX,50,ULSD', '2026-04-02,T1,Texas,5,DEF'].join('\n'),
    );
    expect(read.preset).toBeUndefined();
    expect(read.problems).toEqual([]);
    expect(read.records).toMatchObject([{ jurisdiction: 'TX', gallons: '50', fuel_type: 'diesel' }]);
    expect(read.warnings).toEqual([
      {
        row: 3,
        field: 'fuel_type',
        reason: 'def',
        value: 'DEF',
        message: 'row 3: skipped: "DEF" is DEF, not a motor fuel',
      },
    ]);
  });

  it('WEX transactions: the merchant state, the unit of measure, the product description', () => {
    const columns = preset('wex-transactions').columns;
    const row = (values: Record<string, string>) => columns.map((c) => values[c] ?? '').join(',');
    const read = readRecordFile(
      'fuel',
      [
        columns.join(','),
        row({
          'Transaction Date': '04/30/2026',
          'Trans ID': '29060194260',
          'Custom Vehicle/Asset ID': 'W-1',
          Units: '24.387',
          'Unit of Measure': 'GA',
          'Total Fuel Cost': '85.82',
          Product: 'UNL',
          'Product Description': 'Unleaded Regular',
          'Merchant Name': 'Chevron 0090562',
          'Merchant State / Province': 'CA',
        }),
        row({
          'Transaction Date': '2026-05-01',
          'Trans ID': '29060194261',
          'Custom Vehicle/Asset ID': 'W-1',
          Units: '40',
          'Unit of Measure': 'LI',
          'Product Description': 'Unleaded Regular',
          'Merchant State / Province': 'ON',
        }),
      ].join('\n'),
    );
    expect(read.preset).toEqual({
      id: 'wex-transactions',
      vendor: 'WEX',
      report: 'transactions (WEXOnline)',
      label: 'WEX transactions (WEXOnline)',
      confirmed: true,
    });
    expect(read.records).toEqual([
      {
        date: '2026-04-30',
        unit: 'W-1',
        jurisdiction: 'CA',
        quantity: '24.387',
        quantity_unit: 'gal',
        gallons: '24.387',
        fuel_type: 'gasoline',
        tax_paid: true,
        vendor: 'Chevron 0090562',
        receipt_number: '29060194260',
        vendor_address: '',
        total_price: '85.82',
      },
    ]);
    // A unit of measure no source documents is not guessed at: the person says what it is in the preview.
    expect(read.problems).toEqual([
      {
        row: 3,
        field: 'gallons',
        message: 'row 3: unit "LI" is not one of ga, gal, gallon, gallons, l, liter, liters, litre, litres',
        value: '40',
        resolve: { kind: 'unit', value: 'LI' },
      },
    ]);
  });

  it('EFS Transaction Report: one row per line item, the DEF line left out, the date of a timestamp', () => {
    const read = readRecordFile(
      'fuel',
      [
        preset('efs-transaction-report').columns.join(','),
        '*0541,2026-04-09,13504,E-7,JITENDER SINGH,0,TA ELOY,ELOY,AZ,0.00,ULSD,3.499,97.9,342.54,N,USD/Gallons',
        '*0541,2026-04-09,13504,E-7,JITENDER SINGH,0,TA ELOY,ELOY,AZ,0.00,DEFD,4.459,2.95,13.17,N,USD/Gallons',
        '*0541,2026-04-10 07:37:00,89430,E-7,JITENDER SINGH,0,LOVES #542,FT STOCKTON,TX,0.00,ULSD,3.689,101.85,375.71,N,USD/Gallons',
      ].join('\n'),
    );
    expect(read.preset?.id).toBe('efs-transaction-report');
    expect(read.problems).toEqual([]);
    expect(read.records).toMatchObject([
      {
        date: '2026-04-09',
        unit: 'E-7',
        jurisdiction: 'AZ',
        gallons: '97.9',
        fuel_type: 'diesel',
        receipt_number: '13504',
      },
      {
        date: '2026-04-10',
        unit: 'E-7',
        jurisdiction: 'TX',
        gallons: '101.85',
        vendor: 'LOVES #542',
        total_price: '375.71',
      },
    ]);
    expect(read.warnings).toMatchObject([{ row: 3, reason: 'def', value: 'DEFD' }]);
  });

  it('EFS: the currency column names the volume unit, "CAD/Litres" read as litres, an unknown one asked', () => {
    const read = readRecordFile(
      'fuel',
      [
        preset('efs-transaction-report').columns.join(','),
        '*0541,2026-04-09,13504,E-7,,0,PETRO,WINDSOR,ON,0.00,ULSD,1.799,300,539.70,N,CAD/Litres',
        '*0541,2026-04-09,13505,E-7,,0,PETRO,WINDSOR,ON,0.00,ULSD,1.799,30,53.97,N,CAD/Imperial',
      ].join('\n'),
    );
    // 300 L × 0.264172 gal/L
    expect(read.records).toMatchObject([{ quantity: '300', quantity_unit: 'l', gallons: '79.252' }]);
    expect(read.problems).toEqual([
      {
        row: 3,
        field: 'gallons',
        message:
          'row 3: unit "CAD/Imperial" is not one of USD/Gallons, CAD/Gallons, CAD/Liters, CAD/Litres, USD/Liters, USD/Litres',
        value: '30',
        resolve: { kind: 'unit', value: 'CAD/Imperial' },
      },
    ]);
  });

  it("Comdata transactions: the tractor's gallons at the truck stop's state, as diesel", () => {
    const columns = preset('comdata-transactions').columns;
    const row = (values: Record<string, string>) => columns.map((c) => values[c] ?? '').join(',');
    const read = readRecordFile(
      'fuel',
      [
        columns.join(','),
        row({
          'Transaction Date': '04/01/2026',
          'Comchek Card Number': '560017XXXXXX5373',
          'Unit Number': 'C-1104',
          'Truck Stop Name': 'LOVES #892',
          'Truck Stop State': 'OH',
          'Truck Stop Invoice Number': '19842',
          'Number of Tractor Gallons': '140.14',
          'Cost of Tractor Fuel': '$494.56',
          'Number of Reefer Gallons': '12.5',
          'Cash Advance Amount': '$50.00',
        }),
      ].join('\n'),
    );
    expect(read.preset?.id).toBe('comdata-transactions');
    expect(read.problems).toEqual([]);
    expect(read.records).toEqual([
      {
        date: '2026-04-01',
        unit: 'C-1104',
        jurisdiction: 'OH',
        quantity: '140.14',
        quantity_unit: 'gal',
        gallons: '140.14',
        fuel_type: 'diesel',
        tax_paid: true,
        vendor: 'LOVES #892',
        receipt_number: '19842',
        vendor_address: '',
        total_price: '494.56',
      },
    ]);
    // The reefer's gallons of the same transaction are listed as left out, not imported.
    expect(read.warnings).toEqual([
      {
        row: 2,
        field: 'Number of Reefer Gallons',
        reason: 'reefer_fuel',
        value: '12.5',
        message: 'row 2: 12.5 of "Number of Reefer Gallons" left out: reefer fuel, not the vehicle\'s fuel',
      },
    ]);
  });

  it("Comdata: the other fuel inside the tractor's gallons is left out and listed, its cost taken off", () => {
    const columns = preset('comdata-transactions').columns;
    const row = (values: Record<string, string>) => columns.map((c) => values[c] ?? '').join(',');
    const base = {
      'Transaction Date': '04/01/2025',
      'Comchek Card Number': '560017XXXXXX5373',
      'Unit Number': '1150',
      'Truck Stop State': 'OK',
      'Truck Stop Invoice Number': '45766',
      'Number of Tractor Gallons': '214.53',
      'Cost of Tractor Fuel': '$741.910',
      'Other Fuel Gallons': '8.24',
      'Other Fuel Cost': '$34.53',
      'Number 1 Fuel Gallons': '0.00',
    };
    const read = readRecordFile(
      'fuel',
      [
        columns.join(','),
        row({ ...base, '#2 Diesel Gallons': '206.29' }),
        // The per-product columns disagree with the tractor's gallons: the row is a problem, not a guess.
        row({ ...base, 'Truck Stop Invoice Number': '45767', '#2 Diesel Gallons': '214.53' }),
        // A cash advance alone: no fuel, left out.
        row({
          ...base,
          'Truck Stop Invoice Number': '45768',
          'Number of Tractor Gallons': '0',
          'Other Fuel Gallons': '0',
        }),
      ].join('\n'),
    );
    expect(read.records).toMatchObject([{ gallons: '206.29', fuel_type: 'diesel', total_price: '707.38' }]);
    expect(read.warnings.map((w) => [w.row, w.field, w.reason, w.value])).toEqual([
      [2, 'Other Fuel Gallons', 'other_fuel', '8.24'],
      [3, 'Other Fuel Gallons', 'other_fuel', '8.24'],
      [4, 'gallons', 'no_fuel', '0'],
    ]);
    expect(read.problems).toEqual([
      expect.objectContaining({
        row: 3,
        field: 'gallons',
        message:
          'row 3: "#2 Diesel Gallons" + "Number 1 Fuel Gallons" (214.53) is not gallons less other fuel (206.29)',
      }),
    ]);
  });

  it('EROAD: the exempt miles of a row become a trip of their own, not taxable', () => {
    const read = readRecordFile(
      'trips',
      [
        'Day of trip,Jurisdiction,Total Miles,IFTA Taxable Miles,IFTA Exempt Miles',
        '2026-04-06,OR,412.5,400.5,12',
      ].join('\n'),
      undefined,
      false,
      { defaultUnit: 'E-12' },
    );
    expect(read.records).toMatchObject([
      { unit: 'E-12', jurisdiction: 'OR', miles: '400.5', taxable: true, non_taxable_reason: null },
      { unit: 'E-12', jurisdiction: 'OR', miles: '12', taxable: false, non_taxable_reason: 'ifta_exempt' },
    ]);
  });

  it('a mapping given still gets the layout conversions', () => {
    const read = readRecordFile(
      'trips',
      ['date,jurisdiction,vehicle.number,vehicle.metric_units,distance,Truck', '2026-04-02,TX,T1,true,100,X9'].join(
        '\n',
      ),
      { date: 'date', unit: 'Truck', jurisdiction: 'jurisdiction', miles: 'distance' },
    );
    expect(read.records).toMatchObject([{ unit: 'X9', miles: '62.137' }]);
  });
});
