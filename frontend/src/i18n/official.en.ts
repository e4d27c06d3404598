/** English messages of the official return (issue 12): calculation mode, fleet MPG, surcharges, the schedule. */
export const officialEn = {
  mode: {
    label: 'Calculation',
    official: 'Official return (fleet MPG, whole gallons, surcharges)',
    worksheet: 'Worksheet (typed MPG, unrounded gallons)',
    official_short: 'Official return',
    worksheet_short: 'Worksheet',
  },
  mpg: {
    fleet: 'Fleet MPG %{mpg} (total miles / total gallons)',
    typed: 'Typed MPG %{mpg} overrides the fleet MPG %{fleet}',
    none: 'Enter total miles and gallons to compute the fleet MPG, or type an MPG',
    optional_hint: 'Optional in the official return: leave empty to use the fleet MPG',
  },
  non_tax_paid_gallons: 'Non-Tax-Paid Gallons',
  schedule: {
    title: 'Official schedule (%{fuel})',
    jurisdiction: 'Jurisdiction',
    total_miles: 'Total Miles',
    taxable_miles: 'Taxable Miles',
    taxable_gallons: 'Taxable Gallons',
    tax_paid_gallons: 'Tax-Paid Gallons',
    net_taxable_gallons: 'Net Taxable Gallons',
    rate: 'Rate',
    tax: 'Tax',
    surcharge: 'Surcharge',
    totals: 'Totals',
    surcharges_total: 'Surcharges',
    non_ifta: 'non-IFTA',
    license: 'License %{license}',
  },
  units: {
    km: 'Kilometres converted to miles (1 km = 0.621371 mi)',
    litres: 'Litres converted to US gallons (1 L = 0.264172 gal)',
  },
  fuel: { diesel: 'Diesel' },
};
