import { BadRequestException, Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { cellValues } from '../../common/documents/cell-text.js';
import { eachBreathing } from '../../common/event-loop.js';
import { toDecimal } from '../../ifta/index.js';
import { parseQuarter } from '../../tax-rates/quarter.js';
import { VehiclesService } from '../../vehicles/vehicles.service.js';
import type { ByVehicleReportDto, ExportFormat, TripSheetDto, TripSheetPageDto } from './dto/vehicle-reports.dto.js';
import { type ByVehicleInput, byVehicleReport } from './by-vehicle-report.js';
import { type SegmentRow, VehicleReportsRepository } from './vehicle-reports.repository.js';
import { loadExcelJs } from '../../common/documents/lazy-libraries.js';

type Decimal = ReturnType<typeof toDecimal>;

const quarterOf = (period: string) => {
  const quarter = parseQuarter(period);
  if (!quarter) {
    const message = 'period must be a quarter such as Q3-2026';
    throw new BadRequestException({ error: message, message, fields: { period: message } });
  }
  return quarter;
};

/** Rows converted per turn of the event loop (about 10 ms of decimal arithmetic on a loaded 2-core machine). */
const ROWS_PER_TURN = 1000;

const EXPORT_HEADERS = ['Unit', 'Fuel type', 'Jurisdiction', 'Miles', 'Taxable miles', 'Gallons', 'MPG'];
/** The jurisdiction cell of a unit's totals line in an export. */
export const TOTAL_LABEL = 'Total';

/** Audit-ready records: a quarter's miles, gallons and MPG per vehicle and jurisdiction, and its trip sheets. */
@Injectable()
export class VehicleReportsService {
  constructor(
    private readonly repository: VehicleReportsRepository,
    private readonly vehicles: VehiclesService,
  ) {}

  async byVehicle(userId: string, period: string, unit?: string): Promise<ByVehicleReportDto> {
    // Exact decimal sums are slow next to floats: a 500-unit fleet's quarter is thousands of rows, summed and then
    // converted in slices so the event loop answers other requests between them.
    return byVehicleReport(await this.byVehicleInput(userId, period, unit), (rows, work) =>
      eachBreathing(rows, ROWS_PER_TURN, work),
    );
  }

  /** What the per-vehicle report of a quarter is computed from (byVehicleReport), read in one go. */
  async byVehicleInput(userId: string, period: string, unit?: string): Promise<ByVehicleInput> {
    const quarter = quarterOf(period);
    const [sums, bought, vehicleFuel] = await Promise.all([
      this.repository.unitJurisdictionSums(userId, quarter.start, quarter.end, unit || undefined),
      this.repository.unitFuelGallons(userId, quarter.start, quarter.end),
      this.vehicles.fuelTypes(userId),
    ]);
    return { period: quarter.label, sums, bought, vehicleFuel };
  }

  /** The same report as a file: its rows, then each unit's totals line (jurisdiction "Total"). */
  async byVehicleExport(
    userId: string,
    period: string,
    unit: string | undefined,
    format: ExportFormat,
  ): Promise<Buffer> {
    const report = await this.byVehicle(userId, period, unit);
    const lines: Array<Array<string | number | null>> = [];
    for (const total of report.totals) {
      for (const row of report.rows.filter((r) => r.unit === total.unit)) {
        // A unit's name is the account's text: one starting like a formula is written as text (cellValues).
        lines.push(
          cellValues([row.unit, row.fuel_type, row.jurisdiction, row.miles, row.taxable_miles, row.gallons, row.mpg]),
        );
      }
      lines.push(
        cellValues([
          total.unit,
          total.fuel_type,
          TOTAL_LABEL,
          total.miles,
          total.taxable_miles,
          total.gallons,
          total.mpg,
        ]),
      );
    }
    if (format === 'csv') {
      return Buffer.from(stringify([EXPORT_HEADERS, ...lines.map((l) => l.map((c) => (c === null ? '' : c)))]));
    }
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(`By vehicle ${report.period}`);
    sheet.addRow(EXPORT_HEADERS).font = { bold: true };
    for (const line of lines) {
      const added = sheet.addRow(line);
      if (line[2] === TOTAL_LABEL) added.font = { bold: true };
    }
    sheet.columns.forEach((column, i) => {
      column.width = i < 3 ? 14 : 13;
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  /**
   * A quarter's trips as trip sheets: segments sharing a trip number are one trip (its dates the first and last of
   * theirs, its origin and destination the first ones its segments give), and a segment without one is a trip of
   * its own, so records kept as bare segments still list.
   */
  async tripSheets(
    userId: string,
    period: string,
    unit: string | undefined,
    page: number,
    limit: number,
  ): Promise<TripSheetPageDto> {
    const quarter = quarterOf(period);
    const [segments, vins] = await Promise.all([
      this.repository.segments(userId, quarter.start, quarter.end, unit || undefined),
      this.vehicles.vins(userId),
    ]);
    const groups = new Map<string, SegmentRow[]>();
    for (const segment of segments) {
      const key = segment.trip_number === null ? `segment:${segment.id}` : `trip:${segment.trip_number}`;
      const group = groups.get(key);
      if (group) group.push(segment);
      else groups.set(key, [segment]);
    }
    const trips = [...groups.values()].map((group) => toTripSheet(group, vins));
    trips.sort(
      (a, b) =>
        a.start_date.localeCompare(b.start_date) ||
        (a.trip_number ?? '\uffff').localeCompare(b.trip_number ?? '\uffff') ||
        a.segment_ids[0].localeCompare(b.segment_ids[0]),
    );
    const total = trips.length;
    return {
      data: trips.slice((page - 1) * limit, page * limit),
      pagination: { total, totalPages: Math.ceil(total / limit), page, limit },
    };
  }
}

function toTripSheet(segments: SegmentRow[], vins: Map<string, string>): TripSheetDto {
  const first = <K extends keyof SegmentRow>(field: K) =>
    segments.find((s) => s[field] !== null && s[field] !== '')?.[field] ?? null;
  const dates = segments.map((s) => s.date).sort();
  const starts = segments.flatMap((s) => (s.odometer_start === null ? [] : [toDecimal(s.odometer_start)]));
  const ends = segments.flatMap((s) => (s.odometer_end === null ? [] : [toDecimal(s.odometer_end)]));
  const byJurisdiction = new Map<string, { miles: Decimal; taxable: Decimal }>();
  let totalMiles = toDecimal(0);
  for (const s of segments) {
    const sums = byJurisdiction.get(s.jurisdiction) ?? { miles: toDecimal(0), taxable: toDecimal(0) };
    byJurisdiction.set(s.jurisdiction, {
      miles: sums.miles.plus(s.miles),
      taxable: s.taxable ? sums.taxable.plus(s.miles) : sums.taxable,
    });
    totalMiles = totalMiles.plus(s.miles);
  }
  const unit = segments[0].unit;
  return {
    trip_number: segments[0].trip_number,
    start_date: dates[0],
    end_date: dates[dates.length - 1],
    unit,
    vin: vins.get(unit.toLowerCase()) ?? null,
    driver: first('driver') as string | null,
    origin_city: first('origin_city') as string | null,
    origin_jurisdiction: first('origin_jurisdiction') as string | null,
    destination_city: first('destination_city') as string | null,
    destination_jurisdiction: first('destination_jurisdiction') as string | null,
    odometer_start: starts.length > 0 ? starts.reduce((a, b) => (b.lessThan(a) ? b : a)).toNumber() : null,
    odometer_end: ends.length > 0 ? ends.reduce((a, b) => (b.greaterThan(a) ? b : a)).toNumber() : null,
    total_miles: totalMiles.toNumber(),
    jurisdictions: [...byJurisdiction].map(([jurisdiction, sums]) => ({
      jurisdiction,
      miles: sums.miles.toNumber(),
      taxable_miles: sums.taxable.toNumber(),
    })),
    segment_ids: segments.map((s) => s.id),
  };
}
