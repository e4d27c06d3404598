/**
 * A late official return whose penalty and interest depend on its surcharges: Q3-2025 (due 2025-10-31) filed
 * 2025-12-15, two months late at 9% a year, with Kentucky's and Virginia's surcharges. On each jurisdiction's tax
 * plus surcharge due the penalty is $111.37 and the interest $42.85 (on tax alone they would be $50.00 and $22.63).
 */
export const LATE_RETURN_WITH_SURCHARGES = {
  company_name: 'Acme Freight LLC',
  license_number: 'KY-998877',
  tax_period: 'Q3-2025',
  calculation_mode: 'official',
  status: 'final',
  filed_at: '2025-12-15',
  jurisdictions: [
    {
      name: 'KY',
      total_miles: 120000,
      taxable_miles: 120000,
      gallons_purchased: 2000,
      tax_rate: 0.22,
      surcharge_rate: 0.105,
    },
    {
      name: 'VA',
      total_miles: 60000,
      taxable_miles: 60000,
      gallons_purchased: 3000,
      tax_rate: 0.327,
      surcharge_rate: 0.143,
    },
    { name: 'TN', total_miles: 40000, taxable_miles: 40000, gallons_purchased: 9000, tax_rate: 0.27 },
  ],
};
