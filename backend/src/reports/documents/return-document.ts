import { isNoTaxDue, linePeriods, newestQuarter } from '../../ifta/index.js';
import type { ReportJurisdiction } from '../entities/report-jurisdiction.entity.js';
import type { Report } from '../entities/report.entity.js';
import type { FuelSchedule } from '../fuel-schedule.js';
import { filingLines } from '../report-filing-lines.js';
import { type DocumentLanguage, fill, fuelName, RETURN_LABELS } from './return-labels.js';
import { writtenDate } from './workbook-labels.js';

/** A cell of a schedule line: text, or a number with the precision the column prints it at. */
export type ReturnCell = { text: string } | { value: number; kind: 'whole' | 'gallons' | 'rate' | 'money' };

export interface ReturnSection {
  title: string;
  mpg: string;
  lines: ReturnCell[][];
  totals: ReturnCell[];
  due: { label: string; amount: number };
}

/** The official return as any document prints it (the PDF, the Excel sheet): already in the chosen language. */
export interface ReturnDocument {
  language: DocumentLanguage;
  title: string;
  header: Array<{ label: string; text: string }>;
  /** "Provisional rates (from 2Q2026)" when any line is provisionally priced: every page and sheet says so. */
  provisional: string | null;
  columns: readonly string[];
  sections: ReturnSection[];
  summary: { label: string; amount: number };
  filing: { title: string; lines: Array<{ label: string; text: string } | { label: string; amount: number }> };
}

const whole = (value: number): ReturnCell => ({ value, kind: 'whole' });
/** A worksheet's gallons keep their decimals (the spec's formula does not round them to whole gallons). */
const gallons =
  (official: boolean) =>
  (value: number): ReturnCell => ({ value, kind: official ? 'whole' : 'gallons' });
const money = (value: number): ReturnCell => ({ value, kind: 'money' });

/**
 * The official schedule per fuel type (IFTA-100's columns): jurisdiction, total miles, taxable miles, taxable gallons,
 * tax-paid gallons, net taxable gallons, rate, tax, surcharge; each fuel's MPG and totals; the return's total; the
 * carrier and license; the filing lines every document shares (report-filing-lines.ts). A worksheet report has no
 * schedules: it prints as one section of its lines, its typed MPG, as the spec's formula computed them.
 */
export function returnDocument(
  report: Report,
  rows: ReportJurisdiction[],
  language: DocumentLanguage,
  /** How the account writes a day (Settings' date_format); the filing lines' days are written so. */
  dateFormat = 'YYYY-MM-DD',
): ReturnDocument {
  const labels = RETURN_LABELS[language];
  const official = report.calculationMode === 'official';
  const schedules: FuelSchedule[] =
    official && report.schedules.length > 0 ? report.schedules : [worksheetSchedule(report)];
  const gal = gallons(official);
  const names = lineNames(report, rows, language, dateFormat);
  const sections = schedules.map((schedule) => {
    const fuel = fuelName(labels, schedule.fuel_type);
    const lines = rows
      .map((row, index) => ({ row, name: names[index] }))
      .filter(({ row }) => !official || row.fuelType === schedule.fuel_type)
      .map(({ row, name }) => [
        { text: name + (official ? sourceNote(row.rateSource, labels) : '') },
        whole(row.totalMiles),
        whole(row.taxableMiles),
        gal(row.gallonsConsumed),
        gal(row.gallonsPurchased),
        gal(row.netGallons),
        { value: row.taxRate, kind: 'rate' as const },
        money(row.taxDue),
        money(row.surchargeDue),
      ]);
    const mpg =
      schedule.mpg_source === 'typed'
        ? fill(labels.mpgTyped, { mpg: schedule.mpg.toFixed(2), fleet: schedule.fleet_mpg.toFixed(2) })
        : fill(labels.mpgFleet, {
            mpg: schedule.mpg.toFixed(2),
            miles: String(schedule.total_miles),
            gallons: String(schedule.total_gallons),
          });
    return {
      title: fill(labels.schedule, { fuel }),
      mpg,
      lines,
      totals: [
        { text: labels.totals },
        whole(schedule.total_miles),
        whole(schedule.taxable_miles),
        gal(schedule.taxable_gallons),
        gal(schedule.tax_paid_gallons),
        gal(schedule.net_taxable_gallons),
        { text: '' },
        money(schedule.tax_due),
        money(schedule.surcharge_due),
      ],
      due: { label: fill(labels.scheduleDue, { fuel }), amount: schedule.total_due },
    };
  });
  const total = report.taxDue;
  const provisional = provisionalRatesText(report, language);
  return {
    language,
    title: official ? labels.title : labels.worksheetTitle,
    header: [
      { label: labels.company, text: report.companyName },
      { label: labels.license, text: report.licenseNumber },
      { label: labels.period, text: report.taxPeriod },
      { label: labels.status, text: statusText(report, labels) },
      { label: labels.mode, text: official ? labels.official : labels.worksheet },
      ...(provisional ? [{ label: labels.rates, text: provisional }] : []),
    ],
    provisional,
    columns: labels.columns,
    sections,
    summary: {
      label: isNoTaxDue(total) ? labels.noTaxDue : total < 0 ? labels.credit : labels.returnDue,
      amount: isNoTaxDue(total) ? 0 : total,
    },
    filing: {
      title: labels.filing,
      lines: filingLines(report).map((line) => ({
        ...line,
        label: labels.filingLabels[line.label] ?? line.label,
        ...('text' in line ? { text: writtenDate(labels.filingTexts[line.text] ?? line.text, dateFormat) } : {}),
      })),
    },
  };
}

type Labels = (typeof RETURN_LABELS)[DocumentLanguage];

/**
 * Each line's name as documents print it: a jurisdiction whose rate changed inside the quarter is reported on one
 * line per rate period, and each of those lines says which days it covers ('CA (2017-11-01 to 2017-12-31)', in the
 * account's date format), so the two CA lines are told apart on paper as the base jurisdiction reads them.
 */
export function lineNames(
  report: Pick<Report, 'calculationMode' | 'period' | 'taxPeriod'>,
  rows: ReadonlyArray<Pick<ReportJurisdiction, 'name' | 'code' | 'fuelType' | 'rateFrom'>>,
  language: DocumentLanguage,
  dateFormat = 'YYYY-MM-DD',
): string[] {
  if (report.calculationMode !== 'official') return rows.map((row) => row.name);
  // A report saved before `period` was kept names its period in `tax_period` only.
  const periods = linePeriods(rows, report.period || report.taxPeriod);
  const labels = RETURN_LABELS[language];
  return rows.map((row, index) => {
    const days = periods[index];
    if (!days) return row.name;
    const span = fill(labels.ratePeriod, {
      from: writtenDate(days.from, dateFormat),
      to: writtenDate(days.to, dateFormat),
    });
    return `${row.name} (${span})`;
  });
}

/** "Provisional rates (from 2Q2026)" for an official report any of whose lines is provisionally priced, else null. */
export function provisionalRatesText(
  report: Pick<Report, 'calculationMode' | 'schedules'>,
  language: DocumentLanguage,
): string | null {
  if (report.calculationMode !== 'official') return null;
  const from = newestQuarter(report.schedules.map((schedule) => schedule.rates_provisional_from));
  return from ? fill(RETURN_LABELS[language].provisionalRates, { quarter: matrixName(from) }) : null;
}

/**
 * Draft, final, or which side of an amendment a final is: a superseded return is no longer the return as filed, nor
 * is a voided one, whose document says why.
 */
export function statusText(
  report: Pick<Report, 'status' | 'amended' | 'supersededById' | 'voidReason'>,
  labels: Pick<Labels, 'draft' | 'final' | 'amendedFinal' | 'supersededFinal' | 'voidedFinal'>,
): string {
  if (report.status !== 'final') return labels.draft;
  if (report.voidReason !== null) return fill(labels.voidedFinal, { reason: report.voidReason });
  if (report.supersededById !== null) return labels.supersededFinal;
  return report.amended ? labels.amendedFinal : labels.final;
}

/** A line whose rate is not the quarter's official one says so beside its name. */
const sourceNote = (source: ReportJurisdiction['rateSource'], labels: Labels) =>
  source === 'typed'
    ? ` (${labels.rateTyped})`
    : source === 'provisional'
      ? ` (${labels.rateProvisional})`
      : source === 'override'
        ? ` (${labels.rateOverride})`
        : '';

/** 'Q2-2026' as IFTA, Inc. names its matrix: '2Q2026'. */
const matrixName = (quarter: string) => `${quarter[1]}Q${quarter.slice(3)}`;

/** A worksheet report's one section, from its own totals (no fleet MPG: the typed one). */
function worksheetSchedule(report: Report): FuelSchedule {
  return {
    fuel_type: 'diesel',
    fleet_mpg: report.averageMpg,
    mpg: report.averageMpg,
    mpg_source: 'typed',
    total_miles: report.totalMiles,
    total_gallons: report.gallonsPurchased,
    taxable_miles: report.taxableMiles,
    taxable_gallons: report.gallonsConsumed,
    tax_paid_gallons: report.gallonsPurchased,
    non_tax_paid_gallons: report.nonTaxPaidGallons,
    net_taxable_gallons: report.netGallons,
    // A worksheet has no surcharges (spec formula), so its tax is its total.
    tax_due: report.taxDue,
    surcharge_due: 0,
    total_due: report.taxDue,
  };
}
