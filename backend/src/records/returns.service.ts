import { BadRequestException, Injectable } from '@nestjs/common';
import {
  Decimal,
  decimalToNumber,
  DEFAULT_FUEL_TYPE,
  findNonIftaJurisdiction,
  roundDecimal,
  unitFuelMismatches,
  unitFuelTypes,
  type UnitFuelGallons,
} from '../ifta/index.js';
import { FinalReturns } from '../reports/final-returns.js';
import { ReportsService } from '../reports/reports.service.js';
import { parseQuarter } from '../tax-rates/quarter.js';
import { UsersService } from '../users/users.service.js';
import { VehiclesService } from '../vehicles/vehicles.service.js';
import type { BuildReturnDto } from './dto/record.dto.js';
import { RECEIPT_FIELDS } from './health/records-health-checks.js';
import { RecordsRepository } from './records.repository.js';

/** An MPG outside this range is flagged: a unit that short of fuel or miles usually means a missing record. */
const MPG_RANGE = { min: 3, max: 12 } as const;

interface ReturnLine {
  name: string;
  fuel_type: string;
  /** A later rate period of a jurisdiction whose rate changes inside the quarter: its first day. */
  rate_from?: string;
  total_miles: number;
  taxable_miles: number;
  gallons_purchased: number;
  non_tax_paid_gallons: number;
}

type LineFigures = Omit<ReturnLine, 'name' | 'fuel_type' | 'rate_from'>;

/** A line's identity in a return: its jurisdiction and, for a later rate period, that period's first day. */
const lineKey = (name: string, rateFrom?: string | null) => (rateFrom ? `${name} from ${rateFrom}` : name);

/** The day before `iso` ('YYYY-MM-DD'). */
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const FIGURES: Array<keyof LineFigures> = ['total_miles', 'taxable_miles', 'gallons_purchased', 'non_tax_paid_gallons'];

const quarterOf = (period: string) => {
  const quarter = parseQuarter(period);
  if (!quarter) throw new BadRequestException({ error: 'period must be a quarter such as Q2-2026' });
  return quarter;
};

/** From a quarter's records to its return: what they sum to, the build, and the checks before filing. */
@Injectable()
export class ReturnsService {
  constructor(
    private readonly repository: RecordsRepository,
    private readonly reports: ReportsService,
    private readonly users: UsersService,
    private readonly finalReturns: FinalReturns,
    private readonly vehicles: VehiclesService,
  ) {}

  /** The lines the records sum to, and what changes against the draft built last for this quarter and fuel. */
  async preview(userId: string, body: BuildReturnDto) {
    const fuelType = body.fuel_type ?? DEFAULT_FUEL_TYPE;
    const quarter = quarterOf(body.period);
    // A unit's miles go to the schedule of the fuel it runs on only, its vehicle's; its purchases of another fuel
    // still count as purchases of that fuel, without its miles (docs/ifta-domain.md "The computation").
    const ownFuel = await this.unitFuelTypes(userId, quarter.start, quarter.end);
    const units = [...ownFuel].filter(([, fuel]) => fuel === fuelType).map(([unit]) => unit);
    const sums = await this.repository.quarterSums(userId, quarter.start, quarter.end, fuelType, units);
    // As the official return holds them: whole miles and gallons, and no taxable miles outside IFTA.
    const whole = (text: string) => decimalToNumber(roundDecimal(text, 0));
    const lineOf = (sum: (typeof sums)[number], rateFrom?: string): ReturnLine => ({
      name: sum.jurisdiction,
      fuel_type: fuelType,
      ...(rateFrom ? { rate_from: rateFrom } : {}),
      total_miles: whole(sum.total_miles),
      taxable_miles: findNonIftaJurisdiction(sum.jurisdiction) ? 0 : whole(sum.taxable_miles),
      gallons_purchased: whole(sum.tax_paid_gallons),
      non_tax_paid_gallons: whole(sum.non_tax_paid_gallons),
    });
    // A jurisdiction whose rate changes inside the quarter is one line per rate period, its records split by date.
    const rates = (await this.reports.tableRatesNow(userId, body.period, [fuelType])).get(fuelType);
    const lines: ReturnLine[] = [];
    for (const sum of sums) {
      const periods = rates?.get(sum.jurisdiction.toUpperCase())?.periods;
      if (!periods) {
        lines.push(lineOf(sum));
        continue;
      }
      const parts: Array<{ part: (typeof sums)[number]; from: string; first: boolean }> = [];
      for (const [i, period] of periods.entries()) {
        const from = i === 0 ? quarter.start : period.from;
        const to = i + 1 < periods.length ? dayBefore(periods[i + 1].from) : quarter.end;
        const part = (await this.repository.quarterSums(userId, from, to, fuelType, units)).find(
          (candidate) => candidate.jurisdiction === sum.jurisdiction,
        );
        if (part) parts.push({ part, from, first: i === 0 });
      }
      // A lone line names its period even when it is the first: one line without one is refused as mixing periods.
      for (const { part, from, first } of parts) lines.push(lineOf(part, first && parts.length > 1 ? undefined : from));
    }
    const builtId = await this.repository.builtReturn(userId, body.period, fuelType);
    const built = builtId ? await this.reports.get(userId, builtId) : undefined;
    const before = new Map(
      (built?.jurisdictions ?? []).map((line) => [
        lineKey(line.code, line.rate_from),
        Object.fromEntries(FIGURES.map((f) => [f, Number(line[f] ?? 0)])) as LineFigures,
      ]),
    );
    const changes: Array<{
      jurisdiction: string;
      change: 'added' | 'removed' | 'changed' | 'rates';
      before?: LineFigures;
      after?: LineFigures;
    }> = [];
    const ratesMoved = built ? await this.ratesMoved(userId, body.period, fuelType, built.jurisdictions) : new Set();
    for (const line of lines) {
      const after = Object.fromEntries(FIGURES.map((f) => [f, line[f]])) as LineFigures;
      const key = lineKey(line.name, line.rate_from);
      const old = before.get(key);
      if (!old) changes.push({ jurisdiction: key, change: 'added', after });
      else if (FIGURES.some((f) => old[f] !== after[f]))
        changes.push({ jurisdiction: key, change: 'changed', before: old, after });
      else if (ratesMoved.has(line.name)) changes.push({ jurisdiction: key, change: 'rates', before: old, after });
      before.delete(key);
    }
    for (const [jurisdiction, old] of before) changes.push({ jurisdiction, change: 'removed', before: old });
    return {
      period: body.period,
      fuel_type: fuelType,
      lines,
      built_report: built ? { id: built.id, status: built.status } : null,
      changes: built ? changes : [],
      receipts_left_out: await this.receiptsLeftOut(userId, quarter.start, quarter.end, fuelType),
    };
  }

  /**
   * The tax-paid purchases the lines do not credit as tax-paid (quarterSums counts them as not tax-paid): an audit
   * disallows the credit for a receipt without the seller's name, address or total, so the return says which
   * receipts to complete and what each lacks.
   */
  private async receiptsLeftOut(userId: string, from: string, to: string, fuelType: string) {
    const rows = await this.repository.incompleteTaxPaid(userId, from, to, fuelType);
    return rows.map((row) => ({
      id: row.id,
      date: row.date,
      unit: row.unit,
      jurisdiction: row.jurisdiction,
      gallons: Number(row.gallons),
      receipt_number: row.receipt_number,
      missing: RECEIPT_FIELDS.filter((field) => (row[field] ?? '').trim() === ''),
    }));
  }

  /**
   * The codes of a built return's lines whose table rates are no longer the ones it was computed with: a matrix
   * imported since (provisional rates becoming official), a rate edited or switched off. Part of what the build
   * compares, so the return never keeps figures from rates that have changed as if nothing had.
   */
  private async ratesMoved(
    userId: string,
    period: string,
    fuelType: string,
    lines: ReadonlyArray<{ code: string; tax_rate: number; surcharge_rate: number; rate_source: string | null }>,
  ): Promise<Set<string>> {
    const now = (await this.reports.tableRatesNow(userId, period, [fuelType])).get(fuelType);
    const moved = new Set<string>();
    for (const line of lines) {
      // Typed rates are the user's; Oregon's rate is 0 whatever the table says (weight-mile tax).
      if (line.rate_source === 'typed' || line.rate_source === null || line.code.toUpperCase() === 'OR') continue;
      const rate = now?.get(line.code.toUpperCase());
      const same =
        rate !== undefined &&
        (rate.source ?? 'official') === line.rate_source &&
        new Decimal(rate.rate).equals(line.tax_rate) &&
        new Decimal(rate.surchargeRate).equals(line.surcharge_rate);
      if (!same) moved.add(line.code);
    }
    return moved;
  }

  /**
   * Creates the official draft the records sum to, or replaces the lines of the draft built before; a final report
   * stays as filed and the build makes a new draft (an amendment). The records are linked to the report.
   */
  async build(userId: string, body: BuildReturnDto) {
    const preview = await this.preview(userId, body);
    if (preview.lines.length === 0) {
      throw new BadRequestException({
        error: `No trips or ${preview.fuel_type} purchases are dated in ${body.period}`,
      });
    }
    const quarter = quarterOf(body.period);
    const jurisdictions = preview.lines.map(({ name, fuel_type, ...figures }) => ({
      name,
      fuel_type: fuel_type as 'diesel',
      ...figures,
    }));
    let report;
    if (preview.built_report?.status === 'draft') {
      report = await this.reports.update(userId, preview.built_report.id, { jurisdictions });
    } else {
      const [user, settings] = await Promise.all([this.users.findById(userId), this.users.getSettings(userId)]);
      report = await this.reports.create(userId, {
        company_name: user.companyName,
        license_number: settings.ifta_license_number ?? '',
        tax_period: body.period,
        average_mpg: 0,
        calculation_mode: 'official',
        status: 'draft',
        jurisdictions,
      });
    }
    await this.repository.transaction(async (manager) => {
      const finalReportIds = await this.finalReturns.finalIds(userId, manager);
      await this.repository.linkRecords(
        manager,
        userId,
        quarter.start,
        quarter.end,
        preview.fuel_type,
        report.id,
        finalReportIds,
      );
      await this.repository.rememberBuilt(manager, userId, body.period, preview.fuel_type, report.id);
    });
    return { report, changes: preview.changes, receipts_left_out: preview.receipts_left_out };
  }

  private async unitFuels(userId: string, from: string, to: string): Promise<UnitFuelGallons[]> {
    const rows = await this.repository.unitFuelGallons(userId, from, to);
    return rows.map((row) => ({ unit: row.unit, fuelType: row.fuel_type, gallons: row.gallons }));
  }

  /**
   * The fuel each unit named in the quarter runs on: its vehicle's (read from its purchases when an import made it,
   * or the user's choice). A unit without a vehicle (its vehicle deleted) runs on the fuel it bought most of in the
   * quarter, else diesel.
   */
  private async unitFuelTypes(userId: string, from: string, to: string): Promise<Map<string, string>> {
    const [units, bought, vehicles] = await Promise.all([
      this.repository.unitTotals(userId, from, to),
      this.unitFuels(userId, from, to),
      this.vehicles.fuelTypes(userId),
    ]);
    const mostBought = unitFuelTypes(bought);
    return new Map(
      units.map(({ unit }) => [unit, vehicles.get(unit.toLowerCase()) ?? mostBought.get(unit) ?? DEFAULT_FUEL_TYPE]),
    );
  }

  /**
   * What a bookkeeper checks before filing: each unit's MPG, fuel bought where no miles were driven, no fuel, and
   * the units that bought a fuel other than their vehicle's (their miles stay in their own fuel's schedule).
   */
  async checks(userId: string, period: string) {
    const quarter = quarterOf(period);
    const [units, places, fuels, vehicles] = await Promise.all([
      this.repository.unitTotals(userId, quarter.start, quarter.end),
      this.repository.jurisdictionTotals(userId, quarter.start, quarter.end),
      this.unitFuels(userId, quarter.start, quarter.end),
      this.vehicles.fuelTypes(userId),
    ]);
    const unitChecks = units.map((u) => {
      const gallons = new Decimal(u.gallons);
      const mpg = gallons.isZero() ? null : new Decimal(u.miles).dividedBy(gallons).toDecimalPlaces(2).toNumber();
      return {
        unit: u.unit,
        miles: Number(u.miles),
        gallons: Number(u.gallons),
        mpg,
        outlier: mpg === null ? Number(u.miles) > 0 : mpg < MPG_RANGE.min || mpg > MPG_RANGE.max,
      };
    });
    const miles = places.reduce((sum, p) => sum.plus(p.miles), new Decimal(0));
    const gallons = places.reduce((sum, p) => sum.plus(p.gallons), new Decimal(0));
    return {
      period,
      units: unitChecks,
      fuel_without_miles: places
        .filter((p) => new Decimal(p.miles).isZero() && !new Decimal(p.gallons).isZero())
        .map((p) => ({ jurisdiction: p.jurisdiction, gallons: Number(p.gallons) })),
      quarter_without_fuel: miles.greaterThan(0) && gallons.isZero(),
      fuel_mismatches: unitFuelMismatches(fuels, (unit) => vehicles.get(unit.toLowerCase())).map((mismatch) => ({
        unit: mismatch.unit,
        fuel_type: mismatch.fuelType,
        other_fuels: mismatch.otherFuels.map((other) => ({
          fuel_type: other.fuelType,
          gallons: Number(other.gallons),
        })),
      })),
      mpg_range: MPG_RANGE,
    };
  }
}
