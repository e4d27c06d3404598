import { Decimal, toDecimal } from '../../ifta/index.js';

/**
 * The checks an IFTA auditor makes of a quarter's records, per vehicle (docs/ifta-domain.md "Records an audit asks
 * for"): pure, so every rule is unit-tested without a database. The service reads the records and feeds them here.
 */

export const HEALTH_CHECKS = [
  'odometer_gap',
  'odometer_overlap',
  'mpg_out_of_band',
  'fuel_without_miles',
  'no_fuel_distance',
  'receipt_missing_fields',
  'fuel_type_mismatch',
] as const;
export type HealthCheck = (typeof HEALTH_CHECKS)[number];

export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * How much an open finding of each severity takes off the quarter's score of 100 (never below 0). High: what an
 * auditor assesses on (miles no odometer accounts for, an MPG that invites the 4.00 assumed MPG); medium: what makes
 * them ask (fuel where the truck was not, a long stretch with no fuel, another fuel); low: a receipt short of a field.
 */
export const SEVERITY_WEIGHT: Readonly<Record<Severity, number>> = { high: 10, medium: 5, low: 2 };

export const CHECK_SEVERITY: Readonly<Record<HealthCheck, Severity>> = {
  odometer_gap: 'high',
  odometer_overlap: 'medium',
  mpg_out_of_band: 'high',
  fuel_without_miles: 'medium',
  no_fuel_distance: 'medium',
  receipt_missing_fields: 'low',
  fuel_type_mismatch: 'medium',
};

/** The account's tolerances; the defaults are what a diesel power unit does (docs/records-health.md). */
export interface HealthSettings {
  mpgMin: string;
  mpgMax: string;
  noFuelMiles: string;
}
export const DEFAULT_HEALTH_SETTINGS: Readonly<HealthSettings> = { mpgMin: '4', mpgMax: '8.5', noFuelMiles: '1500' };

/** The fuel the MPG band is for: other fuels' vehicles (gasoline pickups, propane) run on other figures. */
export const MPG_BAND_FUEL = 'diesel';

/** Odometer readings that differ by no more than this are one reading written twice with rounding. */
export const ODOMETER_TOLERANCE_MILES = 1;

/** A trip segment as the checks read it: numbers as exact decimal text, the date 'YYYY-MM-DD'. */
export interface HealthTrip {
  id: string;
  date: string;
  unit: string;
  jurisdiction: string;
  miles: string;
  odometer_start: string | null;
  odometer_end: string | null;
}

export interface HealthFuel {
  id: string;
  date: string;
  unit: string;
  jurisdiction: string;
  gallons: string;
  fuel_type: string;
  tax_paid: boolean;
  vendor: string;
  vendor_address: string;
  total_price: string | null;
}

/**
 * The receipt fields an audit requires of a tax-paid purchase that a record may lack (docs/ifta-domain.md "Records
 * an audit asks for": the seller's name and address, the price). Date, gallons, fuel type and unit every record
 * has; the purchaser is the account.
 */
export const RECEIPT_FIELDS = ['vendor', 'vendor_address', 'total_price'] as const;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];

export interface HealthInput {
  /** The quarter's first and last day; trips may run a day either side, for the ±1 day rule of fuel purchases. */
  from: string;
  to: string;
  trips: readonly HealthTrip[];
  fuel: readonly HealthFuel[];
  /** The fuel type of the unit's vehicle, undefined for a unit without one. */
  fuelTypeOf: (unit: string) => string | undefined;
  settings: HealthSettings;
}

/** The figures behind a finding; each check fills the ones it speaks of. */
export interface FindingDetails {
  miles?: number;
  gallons?: number;
  mpg?: number | null;
  mpg_min?: number;
  mpg_max?: number;
  limit_miles?: number;
  from?: string;
  to?: string;
  jurisdiction?: string;
  odometer_end?: number;
  odometer_start?: number;
  fuel_type?: string;
  other_fuel_types?: string[];
  missing?: ReceiptField[];
}

export interface HealthFinding {
  check: HealthCheck;
  /**
   * Stable while the records it names stay: what an acknowledgement is kept under. A finding about one record or pair
   * of records is keyed by their ids; one about a unit's quarter (MPG, fuel type) by the unit and the quarter's first
   * day, so acknowledging it once does not hide next quarter's.
   */
  key: string;
  unit: string;
  severity: Severity;
  message: string;
  details: FindingDetails;
  trip_ids: string[];
  fuel_ids: string[];
}

const num = (value: Decimal) => (value.isZero() ? 0 : value.toNumber());
const byDateThenId = <T extends { date: string; id: string }>(a: T, b: T) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** 'YYYY-MM-DD' moved by `days`. */
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function groupByUnit<T extends { unit: string }>(rows: readonly T[]): Map<string, T[]> {
  const units = new Map<string, T[]>();
  for (const row of rows) {
    const list = units.get(row.unit);
    if (list) list.push(row);
    else units.set(row.unit, [row]);
  }
  return units;
}

/**
 * Consecutive segments of a unit with both readings, in date order (then by start reading): the next segment starts
 * where the last one ended. A later start is miles no record accounts for (a gap); an earlier one is miles counted
 * twice (an overlap). Segments without both readings are left out: the trip sheet gave the route instead.
 */
export function odometerFindings(trips: readonly HealthTrip[]): HealthFinding[] {
  const findings: HealthFinding[] = [];
  for (const [unit, list] of groupByUnit(trips.filter((t) => t.odometer_start !== null && t.odometer_end !== null))) {
    const ordered = [...list].sort((a, b) =>
      a.date !== b.date
        ? byDateThenId(a, b)
        : toDecimal(a.odometer_start).comparedTo(toDecimal(b.odometer_start)) || byDateThenId(a, b),
    );
    for (let i = 1; i < ordered.length; i += 1) {
      const [before, after] = [ordered[i - 1], ordered[i]];
      const end = toDecimal(before.odometer_end);
      const start = toDecimal(after.odometer_start);
      const difference = start.minus(end);
      if (difference.abs().lessThanOrEqualTo(ODOMETER_TOLERANCE_MILES)) continue;
      const gap = difference.greaterThan(0);
      const miles = num(difference.abs());
      findings.push({
        check: gap ? 'odometer_gap' : 'odometer_overlap',
        key: `${unit}|${before.id}|${after.id}`,
        unit,
        severity: CHECK_SEVERITY[gap ? 'odometer_gap' : 'odometer_overlap'],
        message: gap
          ? `Unit ${unit}: ${miles} miles between odometer ${num(end)} (${before.date}) and ${num(start)} (${after.date}) are in no trip`
          : `Unit ${unit}: the trip of ${after.date} starts at odometer ${num(start)}, ${miles} miles before the trip of ${before.date} ended (${num(end)})`,
        details: {
          miles,
          from: before.date,
          to: after.date,
          odometer_end: num(end),
          odometer_start: num(start),
        },
        trip_ids: [before.id, after.id],
        fuel_ids: [],
      });
    }
  }
  return findings;
}

/**
 * Each diesel unit's quarter MPG (its miles over the gallons of its own fuel) against the band. A unit with miles and
 * no fuel at all has no MPG: the no-fuel check names its stretch instead. Units with no vehicle count as diesel, as
 * their returns do.
 */
export function mpgFindings(input: HealthInput): HealthFinding[] {
  const min = toDecimal(input.settings.mpgMin);
  const max = toDecimal(input.settings.mpgMax);
  const trips = groupByUnit(input.trips);
  const fuel = groupByUnit(input.fuel);
  const units = [...new Set([...trips.keys(), ...fuel.keys()])].sort();
  const findings: HealthFinding[] = [];
  for (const unit of units) {
    const fuelType = input.fuelTypeOf(unit) ?? MPG_BAND_FUEL;
    if (fuelType !== MPG_BAND_FUEL) continue;
    const unitTrips = trips.get(unit) ?? [];
    const ownFuel = (fuel.get(unit) ?? []).filter((f) => f.fuel_type === fuelType);
    const miles = unitTrips.reduce((sum, t) => sum.plus(toDecimal(t.miles)), new Decimal(0));
    const gallons = ownFuel.reduce((sum, f) => sum.plus(toDecimal(f.gallons)), new Decimal(0));
    if (gallons.isZero()) continue;
    const mpg = miles.dividedBy(gallons).toDecimalPlaces(2);
    if (mpg.greaterThanOrEqualTo(min) && mpg.lessThanOrEqualTo(max)) continue;
    findings.push({
      check: 'mpg_out_of_band',
      // The quarter is part of the key: a figure of the quarter, acknowledged for that quarter only.
      key: `${unit}|${input.from}`,
      unit,
      severity: CHECK_SEVERITY.mpg_out_of_band,
      message: `Unit ${unit}: ${num(miles)} miles on ${num(gallons)} gallons is ${mpg.toFixed(2)} MPG, outside ${num(min)}–${num(max)}`,
      details: { miles: num(miles), gallons: num(gallons), mpg: num(mpg), mpg_min: num(min), mpg_max: num(max) },
      trip_ids: unitTrips.map((t) => t.id),
      fuel_ids: ownFuel.map((f) => f.id),
    });
  }
  return findings;
}

/** A purchase in a jurisdiction where its unit drove no miles from the day before to the day after. */
export function fuelWithoutMilesFindings(input: HealthInput): HealthFinding[] {
  const findings: HealthFinding[] = [];
  const trips = groupByUnit(input.trips.filter((t) => !toDecimal(t.miles).isZero()));
  for (const purchase of [...input.fuel].sort(byDateThenId)) {
    const [from, to] = [addDays(purchase.date, -1), addDays(purchase.date, 1)];
    const there = (trips.get(purchase.unit) ?? []).some(
      (t) => t.jurisdiction === purchase.jurisdiction && t.date >= from && t.date <= to,
    );
    if (there) continue;
    findings.push({
      check: 'fuel_without_miles',
      key: purchase.id,
      unit: purchase.unit,
      severity: CHECK_SEVERITY.fuel_without_miles,
      message: `Unit ${purchase.unit} bought ${num(toDecimal(purchase.gallons))} gallons in ${purchase.jurisdiction} on ${purchase.date} with no miles there from ${from} to ${to}`,
      details: { gallons: num(toDecimal(purchase.gallons)), jurisdiction: purchase.jurisdiction, from, to },
      trip_ids: [],
      fuel_ids: [purchase.id],
    });
  }
  return findings;
}

/**
 * A unit's trips in date order, fuel purchases resetting the count: each stretch that runs more than the limit with
 * no purchase is one finding naming its trips. A purchase dated the same day as a trip counts before it (a driver
 * fills up and drives), and the quarter's first stretch starts at the quarter's first day.
 */
export function noFuelFindings(input: HealthInput): HealthFinding[] {
  const limit = toDecimal(input.settings.noFuelMiles);
  const findings: HealthFinding[] = [];
  const fuel = groupByUnit(input.fuel);
  for (const [unit, list] of groupByUnit(input.trips)) {
    const purchases = (fuel.get(unit) ?? []).map((f) => f.date).sort();
    const ordered = [...list].sort(byDateThenId);
    let stretch: HealthTrip[] = [];
    let miles = new Decimal(0);
    let next = 0;
    const close = () => {
      if (miles.greaterThan(limit)) {
        const from = stretch[0].date;
        const to = stretch[stretch.length - 1].date;
        findings.push({
          check: 'no_fuel_distance',
          key: `${unit}|${stretch[0].id}`,
          unit,
          severity: CHECK_SEVERITY.no_fuel_distance,
          message: `Unit ${unit} ran ${num(miles)} miles from ${from} to ${to} with no fuel purchase (limit ${num(limit)})`,
          details: { miles: num(miles), limit_miles: num(limit), from, to },
          trip_ids: stretch.map((t) => t.id),
          fuel_ids: [],
        });
      }
      stretch = [];
      miles = new Decimal(0);
    };
    for (const trip of ordered) {
      let refuelled = false;
      while (next < purchases.length && purchases[next] <= trip.date) {
        refuelled = true;
        next += 1;
      }
      if (refuelled) close();
      stretch.push(trip);
      miles = miles.plus(toDecimal(trip.miles));
    }
    close();
  }
  return findings;
}

/** A tax-paid purchase (the ones a credit rests on) whose receipt lacks a field the records hold. */
export function receiptFindings(fuel: readonly HealthFuel[]): HealthFinding[] {
  return [...fuel]
    .sort(byDateThenId)
    .filter((f) => f.tax_paid)
    .flatMap((purchase) => {
      const missing = RECEIPT_FIELDS.filter((field) => (purchase[field] ?? '').trim() === '');
      if (missing.length === 0) return [];
      return [
        {
          check: 'receipt_missing_fields' as const,
          key: purchase.id,
          unit: purchase.unit,
          severity: CHECK_SEVERITY.receipt_missing_fields,
          message: `Unit ${purchase.unit}: the receipt of ${purchase.date} in ${purchase.jurisdiction} has no ${missing.join(', ')}`,
          details: { gallons: num(toDecimal(purchase.gallons)), jurisdiction: purchase.jurisdiction, missing },
          trip_ids: [],
          fuel_ids: [purchase.id],
        },
      ];
    });
}

/** A unit with a vehicle that bought a fuel other than the vehicle's: one finding per unit naming those purchases. */
export function fuelTypeFindings(input: HealthInput): HealthFinding[] {
  const findings: HealthFinding[] = [];
  for (const [unit, list] of [...groupByUnit(input.fuel)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const fuelType = input.fuelTypeOf(unit);
    if (!fuelType) continue;
    const other = list.filter((f) => f.fuel_type !== fuelType).sort(byDateThenId);
    if (other.length === 0) continue;
    const gallons = other.reduce((sum, f) => sum.plus(toDecimal(f.gallons)), new Decimal(0));
    const others = [...new Set(other.map((f) => f.fuel_type))].sort();
    findings.push({
      check: 'fuel_type_mismatch',
      key: `${unit}|${input.from}|${others.join(',')}`,
      unit,
      severity: CHECK_SEVERITY.fuel_type_mismatch,
      message: `Unit ${unit} runs on ${fuelType} but bought ${num(gallons)} gallons of ${others.join(', ')}`,
      details: { gallons: num(gallons), fuel_type: fuelType, other_fuel_types: others },
      trip_ids: [],
      fuel_ids: other.map((f) => f.id),
    });
  }
  return findings;
}

/**
 * Every finding of the quarter, in the order of HEALTH_CHECKS. Trips dated outside the quarter (the day either side)
 * serve only the ±1 day rule of fuel purchases.
 */
export function recordsHealthFindings(input: HealthInput): HealthFinding[] {
  const inQuarter = <T extends { date: string }>(rows: readonly T[]) =>
    rows.filter((row) => row.date >= input.from && row.date <= input.to);
  const quarter: HealthInput = { ...input, trips: inQuarter(input.trips), fuel: inQuarter(input.fuel) };
  const all = [
    ...odometerFindings(quarter.trips),
    ...mpgFindings(quarter),
    ...fuelWithoutMilesFindings({ ...quarter, trips: input.trips }),
    ...noFuelFindings(quarter),
    ...receiptFindings(quarter.fuel),
    ...fuelTypeFindings(quarter),
  ];
  return HEALTH_CHECKS.flatMap((check) => all.filter((finding) => finding.check === check));
}

/** 100 less the weight of each finding not acknowledged, never below 0. */
export function healthScore(findings: ReadonlyArray<{ severity: Severity; acknowledged: boolean }>): number {
  const lost = findings.filter((f) => !f.acknowledged).reduce((sum, f) => sum + SEVERITY_WEIGHT[f.severity], 0);
  return Math.max(0, 100 - lost);
}
