import { isNonIftaLine, isNoTaxDue, type ReportRowInput } from './calculate.js';
import { Decimal, decimalToNumber, roundDecimal } from './decimal.js';
import { findIftaJurisdiction } from './jurisdictions.js';
import { INPUT_SCALE } from './rounding.js';

/**
 * `worksheet` is the product spec's formula (typed MPG, unrounded gallons); `official` is the quarterly return a base
 * jurisdiction accepts (docs/ifta-domain.md "The computation"). An API client that names neither gets `worksheet`.
 */
export const CALCULATION_MODES = ['worksheet', 'official'] as const;
export type CalculationMode = (typeof CALCULATION_MODES)[number];

/**
 * Where an official schedule's MPG came from. A schedule is always computed on the fleet's totals; 'typed' is kept
 * only because reports saved before official mode refused a typed MPG say so.
 */
export type MpgSource = 'fleet' | 'typed';

/**
 * Whether a table rate is the quarter's own as published ('official'), the quarter's own as the account changed it
 * ('override'), or, the quarter having none for that jurisdiction yet, the newest rate known for it, to be replaced
 * when the quarter's matrix arrives ('provisional').
 */
export type TableRateSource = 'official' | 'override' | 'provisional';

/** What the official computation needs per jurisdiction for one fuel type: the base rate and the surcharge rate. */
export interface JurisdictionFuelRates {
  rate: number | string;
  surchargeRate: number | string;
  /** 'official' when left out. */
  source?: TableRateSource;
  /** Provisional rates only: the quarter whose rates they are ('Q2-2026'). */
  from?: string;
  /**
   * A rate that changes inside the quarter (California 4Q2017: $0.37, then $0.57 from 11/01): each rate period from
   * its first day, in date order, the first being `rate`/`surchargeRate`. Absent with one period.
   */
  periods?: RatePeriod[];
}

/** The base and surcharge rate in force from `from` ('YYYY-MM-DD') until the next period of the same jurisdiction. */
export interface RatePeriod {
  from: string;
  rate: number | string;
  surchargeRate: number | string;
}

/** The period of `rates` a line dated `rateFrom` belongs to (the last one starting on or before it; else the first). */
export function ratePeriodOn(rates: JurisdictionFuelRates, rateFrom: string | null | undefined): RatePeriod | null {
  if (!rates.periods || rates.periods.length === 0) return null;
  if (!rateFrom) return rates.periods[0];
  return rates.periods.reduce((chosen, period) => (period.from <= rateFrom ? period : chosen), rates.periods[0]);
}

/**
 * The rates to apply for one quarter and fuel type, as the tax-rate feature lists them (one row per code and kind),
 * folded into rate and surcharge per code. Kept structural so this module needs nothing from that feature.
 */
export function foldRatesInForce(
  rows: ReadonlyArray<{
    code: string;
    kind: 'base' | 'surcharge';
    rate: string;
    rate_source?: TableRateSource;
    effective_from?: string;
  }>,
): Map<string, JurisdictionFuelRates> {
  const byCode = new Map<string, JurisdictionFuelRates>();
  const dated = new Map<string, Map<string, { base?: number | string; surcharge?: number | string }>>();
  // Earliest first, so the quarter's first rate is the jurisdiction's rate and later ones open rate periods.
  const ordered = [...rows].sort((a, b) => (a.effective_from ?? '').localeCompare(b.effective_from ?? ''));
  for (const row of ordered) {
    const code = row.code.trim().toUpperCase();
    const entry = byCode.get(code) ?? { rate: 0, surchargeRate: 0 };
    const days = dated.get(code) ?? new Map<string, { base?: number | string; surcharge?: number | string }>();
    const day = days.get(row.effective_from ?? '') ?? {};
    if (row.kind === 'surcharge') day.surcharge = row.rate;
    else day.base = row.rate;
    days.set(row.effective_from ?? '', day);
    dated.set(code, days);
    // A provisional rate is the newest one known (the latest day wins); a quarter's own starts at its first day.
    const first = [...days.keys()][0];
    if (row.rate_source === 'provisional' || (row.effective_from ?? '') === first) {
      if (row.kind === 'surcharge') entry.surchargeRate = row.rate;
      else entry.rate = row.rate;
    }
    if (row.rate_source === 'provisional') {
      entry.source = 'provisional';
      if (row.effective_from) entry.from = quarterOfDate(row.effective_from);
    } else if (row.rate_source === 'override' && entry.source !== 'provisional') {
      entry.source = 'override';
    }
    byCode.set(code, entry);
  }
  for (const [code, days] of dated) {
    if (days.size < 2 || byCode.get(code)!.source === 'provisional') continue;
    // A kind a later day does not restate carries over from the period before it.
    let base: number | string = 0;
    let surcharge: number | string = 0;
    byCode.get(code)!.periods = [...days].map(([from, day]) => {
      base = day.base ?? base;
      surcharge = day.surcharge ?? surcharge;
      return { from, rate: base, surchargeRate: surcharge };
    });
  }
  return byCode;
}

/** 'Q3-2026' for '2026-08-15'. */
export function quarterOfDate(isoDate: string): string {
  const month = Number(isoDate.slice(5, 7));
  return `Q${Math.floor((month - 1) / 3) + 1}-${isoDate.slice(0, 4)}`;
}

export interface OfficialRowInput extends ReportRowInput {
  /** Fuel bought without tax there (bulk storage, ...): counts in total gallons, never credited. */
  nonTaxPaidGallons?: number | string | null;
  surchargeRate?: number | string | null;
}

/** One line of the official schedule: miles and gallons whole, money in cents. */
export interface OfficialLine {
  totalMiles: number;
  taxableMiles: number;
  /** Tax-paid gallons bought there: the only gallons credited. */
  taxPaidGallons: number;
  nonTaxPaidGallons: number;
  taxableGallons: number;
  netTaxableGallons: number;
  taxRate: number;
  taxDue: number;
  surchargeRate: number;
  /** All taxable gallons x the surcharge rate: no credit for fuel bought there. */
  surchargeDue: number;
}

export interface OfficialTotals {
  totalMiles: number;
  /** Every gallon put in the tanks, tax-paid or not, non-IFTA lines included. */
  totalGallons: number;
  taxableMiles: number;
  taxableGallons: number;
  taxPaidGallons: number;
  nonTaxPaidGallons: number;
  netTaxableGallons: number;
  taxDue: number;
  surchargeDue: number;
  /** Tax plus surcharges: what the return pays (negative: a credit). */
  totalDue: number;
  isNoTaxDue: boolean;
}

export interface OfficialSchedule<T extends OfficialRowInput> {
  rows: Array<T & { official: OfficialLine }>;
  /** Total miles / total gallons, 2 decimals; 0 when no fuel was bought. */
  fleetMpg: number;
  /** The MPG the schedule used: always the fleet MPG (IFTA's MPG is total miles / total gallons of the fuel). */
  mpg: number;
  mpgSource: MpgSource;
  totals: OfficialTotals;
}

const whole = (value: unknown) => roundDecimal(value, 0);
const ZERO = new Decimal(0);

/**
 * One fuel type's official schedule (docs/ifta-domain.md "The computation" and its rounding note): miles and gallons as
 * whole numbers; MPG = the fleet MPG, total miles / total gallons to 2 decimals, never a typed figure; taxable
 * gallons = taxable miles / MPG, whole; only tax-paid gallons are credited; a surcharge on all taxable gallons;
 * Oregon's gallons at rate 0 (it taxes by weight-mile instead); non-IFTA lines count in total miles and gallons only.
 */
export function calculateOfficialSchedule<T extends OfficialRowInput>(rows: readonly T[]): OfficialSchedule<T> {
  const read = rows.map((row) => {
    const nonIfta = isNonIftaLine(row);
    const oregon = findIftaJurisdiction(row.name ?? '')?.code === 'OR';
    return {
      row,
      nonIfta,
      totalMiles: whole(row.totalMiles),
      taxableMiles: nonIfta ? ZERO : whole(row.taxableMiles),
      taxPaid: whole(row.gallonsPurchased),
      nonTaxPaid: whole(row.nonTaxPaidGallons),
      rate: nonIfta || oregon ? ZERO : roundDecimal(row.taxRate, INPUT_SCALE.rate),
      surchargeRate: nonIfta || oregon ? ZERO : roundDecimal(row.surchargeRate, INPUT_SCALE.rate),
    };
  });
  const totalMiles = read.reduce((sum, line) => sum.plus(line.totalMiles), ZERO);
  const totalGallons = read.reduce((sum, line) => sum.plus(line.taxPaid).plus(line.nonTaxPaid), ZERO);
  const fleetMpg = totalGallons.isZero() ? ZERO : totalMiles.dividedBy(totalGallons).toDecimalPlaces(2);
  const mpgSource: MpgSource = 'fleet';
  const mpg = fleetMpg;

  const sums = {
    taxable: ZERO,
    taxableGallons: ZERO,
    taxPaid: ZERO,
    nonTaxPaid: ZERO,
    net: ZERO,
    tax: ZERO,
    sur: ZERO,
  };
  const out = read.map((line) => {
    const taxableGallons = mpg.greaterThan(0) && !line.nonIfta ? whole(line.taxableMiles.dividedBy(mpg)) : ZERO;
    // A non-IFTA line's fuel is in the total gallons (fleet MPG) only: no jurisdiction credits it.
    const credited = line.nonIfta ? ZERO : line.taxPaid;
    const net = taxableGallons.minus(credited);
    const taxDue = net.times(line.rate).toDecimalPlaces(2);
    const surchargeDue = taxableGallons.times(line.surchargeRate).toDecimalPlaces(2);
    sums.taxable = sums.taxable.plus(line.taxableMiles);
    sums.taxableGallons = sums.taxableGallons.plus(taxableGallons);
    sums.taxPaid = sums.taxPaid.plus(line.taxPaid);
    sums.nonTaxPaid = sums.nonTaxPaid.plus(line.nonTaxPaid);
    sums.net = sums.net.plus(net);
    sums.tax = sums.tax.plus(taxDue);
    sums.sur = sums.sur.plus(surchargeDue);
    const official: OfficialLine = {
      totalMiles: decimalToNumber(line.totalMiles),
      taxableMiles: decimalToNumber(line.taxableMiles),
      taxPaidGallons: decimalToNumber(line.taxPaid),
      nonTaxPaidGallons: decimalToNumber(line.nonTaxPaid),
      taxableGallons: decimalToNumber(taxableGallons),
      netTaxableGallons: decimalToNumber(net),
      taxRate: decimalToNumber(line.rate),
      taxDue: decimalToNumber(taxDue),
      surchargeRate: decimalToNumber(line.surchargeRate),
      surchargeDue: decimalToNumber(surchargeDue),
    };
    return { ...line.row, official };
  });
  const totalDue = decimalToNumber(sums.tax.plus(sums.sur));
  return {
    rows: out,
    fleetMpg: decimalToNumber(fleetMpg),
    mpg: decimalToNumber(mpg),
    mpgSource,
    totals: {
      totalMiles: decimalToNumber(totalMiles),
      totalGallons: decimalToNumber(totalGallons),
      taxableMiles: decimalToNumber(sums.taxable),
      taxableGallons: decimalToNumber(sums.taxableGallons),
      taxPaidGallons: decimalToNumber(sums.taxPaid),
      nonTaxPaidGallons: decimalToNumber(sums.nonTaxPaid),
      netTaxableGallons: decimalToNumber(sums.net),
      taxDue: decimalToNumber(sums.tax),
      surchargeDue: decimalToNumber(sums.sur),
      totalDue,
      isNoTaxDue: isNoTaxDue(totalDue),
    },
  };
}
