/** English messages of the per-vehicle report of a quarter's records. */
export const byVehicleEn = {
  intro:
    'Miles, gallons and MPG of each vehicle by jurisdiction for a quarter, from the trips and fuel purchases kept: what an audit compares vehicle by vehicle.',
  period: 'Quarter',
  unit: 'Unit',
  columns: {
    unit: 'Unit',
    fuel_type: 'Fuel',
    jurisdiction: 'Jurisdiction',
    miles: 'Miles',
    taxable_miles: 'Taxable miles',
    gallons: 'Gallons',
    mpg: 'MPG',
  },
  total: 'Total',
  table_label: 'Miles, gallons and MPG by vehicle for %{period}',
  empty: 'No trips or fuel purchases in %{period}.',
  empty_unit: 'No trips or fuel purchases of this unit in %{period}.',
  failed: 'The report could not be loaded.',
  export_xlsx: 'Export .xlsx',
  export_csv: 'Export CSV',
  export_failed: 'The export could not be downloaded.',
};
