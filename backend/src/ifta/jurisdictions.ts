/** The 58 IFTA member jurisdictions: the 48 contiguous US states and 10 Canadian provinces (docs/ifta-domain.md). */
type IftaCountry = 'USA' | 'Canada' | 'Mexico';

export interface IftaJurisdiction {
  code: string;
  name: string;
  country: IftaCountry;
}

const US: Array<[string, string]> = [
  ['AL', 'Alabama'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const CANADA: Array<[string, string]> = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
];

export const IFTA_JURISDICTIONS: readonly IftaJurisdiction[] = Object.freeze([
  ...US.map(([code, name]) => ({ code, name, country: 'USA' as const })),
  ...CANADA.map(([code, name]) => ({ code, name, country: 'Canada' as const })),
]);

export const IFTA_CODES: readonly string[] = IFTA_JURISDICTIONS.map((j) => j.code);

const byKey = new Map<string, IftaJurisdiction>();
for (const j of IFTA_JURISDICTIONS) {
  byKey.set(j.code.toLowerCase(), j);
  byKey.set(j.name.toLowerCase(), j);
}

/** The member jurisdiction for a code or full name, case-insensitive ('tx', 'Texas'); undefined for non-members. */
export function findIftaJurisdiction(codeOrName: string | null | undefined): IftaJurisdiction | undefined {
  if (typeof codeOrName !== 'string') return undefined;
  return byKey.get(codeOrName.trim().replace(/\s+/g, ' ').toLowerCase());
}

/**
 * Places a fleet drives that are not IFTA members (docs/ifta-domain.md "Members"; Mexico too): their lines are accepted
 * so their miles and fuel count in the fleet's total miles and gallons (and so in the fleet MPG), but they owe and
 * earn no IFTA tax.
 */
export const NON_IFTA_JURISDICTIONS: readonly IftaJurisdiction[] = Object.freeze([
  { code: 'AK', name: 'Alaska', country: 'USA' as const },
  { code: 'HI', name: 'Hawaii', country: 'USA' as const },
  { code: 'DC', name: 'District of Columbia', country: 'USA' as const },
  { code: 'YT', name: 'Yukon', country: 'Canada' as const },
  { code: 'NT', name: 'Northwest Territories', country: 'Canada' as const },
  { code: 'NU', name: 'Nunavut', country: 'Canada' as const },
  { code: 'MX', name: 'Mexico', country: 'Mexico' as const },
]);

const nonIftaByKey = new Map<string, IftaJurisdiction>();
for (const j of NON_IFTA_JURISDICTIONS) {
  nonIftaByKey.set(j.code.toLowerCase(), j);
  nonIftaByKey.set(j.name.toLowerCase(), j);
}

/** The non-IFTA place for a code or name, case-insensitive ('ak', 'Alaska', 'mexico'); undefined otherwise. */
export function findNonIftaJurisdiction(codeOrName: string | null | undefined): IftaJurisdiction | undefined {
  if (typeof codeOrName !== 'string') return undefined;
  return nonIftaByKey.get(codeOrName.trim().replace(/\s+/g, ' ').toLowerCase());
}
