import type { HealthCheck, HealthFinding } from '../api/types';

/** The checks in the order the page lists them, the server's order. */
export const HEALTH_CHECK_ORDER: HealthCheck[] = [
  'odometer_gap',
  'odometer_overlap',
  'mpg_out_of_band',
  'fuel_without_miles',
  'no_fuel_distance',
  'receipt_missing_fields',
  'fuel_type_mismatch',
];

type Translate = (key: string, options?: Record<string, unknown>) => string;

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * A finding as a sentence in the screen's language, built from its check and figures (the server's `message` is
 * English): numbers grouped, days in the account's format, fuel types and receipt fields by their names.
 */
export function findingText(finding: HealthFinding, translate: Translate, day: (iso: string) => string): string {
  const d = finding.details;
  const fuelName = (fuel: string) => translate(`rateHistory.fuel_types.${fuel}`, { _: fuel });
  return translate(`recordsHealth.finding.${finding.check}`, {
    unit: finding.unit,
    miles: d.miles === undefined ? '' : number.format(d.miles),
    gallons: d.gallons === undefined ? '' : number.format(d.gallons),
    mpg: d.mpg === undefined || d.mpg === null ? '' : d.mpg.toFixed(2),
    mpg_min: d.mpg_min === undefined ? '' : number.format(d.mpg_min),
    mpg_max: d.mpg_max === undefined ? '' : number.format(d.mpg_max),
    limit_miles: d.limit_miles === undefined ? '' : number.format(d.limit_miles),
    odometer_end: d.odometer_end === undefined ? '' : number.format(d.odometer_end),
    odometer_start: d.odometer_start === undefined ? '' : number.format(d.odometer_start),
    from: d.from ? day(d.from) : '',
    to: d.to ? day(d.to) : '',
    jurisdiction: d.jurisdiction ?? '',
    fuel_type: d.fuel_type ? fuelName(d.fuel_type) : '',
    other_fuel_types: (d.other_fuel_types ?? []).map(fuelName).join(', '),
    missing: (d.missing ?? []).map((field) => translate(`recordsHealth.receipt_fields.${field}`)).join(', '),
  });
}

/** Findings grouped by check, in the page's order; checks with none are left out. */
export function groupFindings(findings: readonly HealthFinding[]): Array<[HealthCheck, HealthFinding[]]> {
  return HEALTH_CHECK_ORDER.map((check): [HealthCheck, HealthFinding[]] => [
    check,
    findings.filter((finding) => finding.check === check),
  ]).filter(([, list]) => list.length > 0);
}

/** Most records one link names by id (the records list's limit); past it the link opens the unit's quarter. */
export const MAX_LINKED_IDS = 100;

/** Where a finding's trips or fuel purchases open: the Trips & Fuel tab, filtered to them. */
export function recordsLink(kind: 'trips' | 'fuel', ids: readonly string[], unit: string, period: string): string {
  const params = new URLSearchParams({ tab: kind, period });
  if (ids.length <= MAX_LINKED_IDS) params.set('ids', ids.join(','));
  else params.set('unit', unit);
  return `/records?${params}`;
}
