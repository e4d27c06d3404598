import { findIftaJurisdiction, formatIsoDate, totalToRemit } from '../../ifta/index.js';
import type { ReportJurisdiction } from '../entities/report-jurisdiction.entity.js';
import type { Report } from '../entities/report.entity.js';
import { fill, RETURN_LABELS, type DocumentLanguage } from './return-labels.js';
import { type ReturnCell, type ReturnDocument, returnDocument } from './return-document.js';

/** What the account's settings add to its return: the carrier block, where to pay, how dates are written. */
export interface CarrierAccount {
  address: string;
  /** The license on the account's settings, used when the report names none. */
  licenseNumber: string;
  fein: string;
  /** An IFTA member's code, or empty. */
  baseJurisdiction: string;
  dateFormat: string;
  /** The day the document is written, in the account's time zone (ISO). */
  preparedOn: string;
  /** The e-mail of the member who created the report and of the one who made it final (audit trail), if known. */
  preparedBy?: string | null;
  finalisedBy?: string | null;
}

/** The PDF's return: the shared document plus the carrier block, interest and total per line, and a summary page. */
export interface PdfReturnDocument extends ReturnDocument {
  carrier: Array<{ label: string; text: string }>;
  summaryPage: {
    title: string;
    columns: readonly string[];
    lines: ReturnCell[][];
    totals: ReturnCell[];
    remit: Array<{ label: string; amount: number } | { label: string; text: string }>;
    payTo: string;
  };
}

const money = (value: number): ReturnCell => ({ value, kind: 'money' });
const cents = (value: number) => Math.round(value * 100);
const dollars = (units: number) => units / 100;

/**
 * The official return as the PDF prints it (the IFTA-100 layout): the carrier block from the account's settings
 * (name, address, license, FEIN), per fuel type the schedule's columns plus interest and total per jurisdiction line,
 * and a summary page netting each jurisdiction over fuel types with the total to remit and where to pay it (the base
 * jurisdiction). `lineInterest` is each row's share of the late interest (reportLineInterest), so every table adds
 * up to the return's interest. Dates are written in the account's date format.
 */
export function pdfReturnDocument(
  report: Report,
  rows: ReportJurisdiction[],
  language: DocumentLanguage,
  account: CarrierAccount,
  lineInterest: readonly number[],
): PdfReturnDocument {
  const labels = RETURN_LABELS[language];
  const base = returnDocument(report, rows, language, account.dateFormat);
  const official = report.calculationMode === 'official';
  const interestOf = new Map(rows.map((row, index) => [row, lineInterest[index] ?? 0]));
  const date = (iso: string | null) =>
    iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatIsoDate(iso, account.dateFormat) : iso;

  // Each section's lines are the rows of its fuel type, in order (returnDocument's own filter).
  const sections = base.sections.map((section, index) => {
    const fuelType = official ? report.schedules[index]?.fuel_type : undefined;
    const sectionRows = rows.filter((row) => fuelType === undefined || row.fuelType === fuelType);
    const lines = section.lines.map((cells, line) => {
      const row = sectionRows[line];
      const interest = interestOf.get(row) ?? 0;
      return [...cells, money(interest), money(dollars(cents(row.taxDue) + cents(row.surchargeDue) + cents(interest)))];
    });
    const interestTotal = sectionRows.reduce((sum, row) => sum + cents(interestOf.get(row) ?? 0), 0);
    const dueTotal = sectionRows.reduce(
      (sum, row) => sum + cents(row.taxDue) + cents(row.surchargeDue) + cents(interestOf.get(row) ?? 0),
      0,
    );
    return { ...section, lines, totals: [...section.totals, money(dollars(interestTotal)), money(dollars(dueTotal))] };
  });

  // The summary nets each jurisdiction over its fuel types, as the return's jurisdiction summary does.
  const byCode = new Map<string, { name: string; tax: number; surcharge: number; interest: number }>();
  for (const row of rows) {
    const key = row.code || row.name;
    const entry = byCode.get(key) ?? { name: row.code || row.name, tax: 0, surcharge: 0, interest: 0 };
    entry.tax += cents(row.taxDue);
    entry.surcharge += cents(row.surchargeDue);
    entry.interest += cents(interestOf.get(row) ?? 0);
    byCode.set(key, entry);
  }
  const summaryLines = [...byCode.values()].map((entry) => [
    { text: entry.name },
    money(dollars(entry.tax)),
    money(dollars(entry.surcharge)),
    money(dollars(entry.interest)),
    money(dollars(entry.tax + entry.surcharge + entry.interest)),
  ]);
  const sum = (pick: (entry: { tax: number; surcharge: number; interest: number }) => number) =>
    [...byCode.values()].reduce((total, entry) => total + pick(entry), 0);
  const baseJurisdiction = findIftaJurisdiction(account.baseJurisdiction);
  const remitted = Number(totalToRemit(report.taxDue, report.penalty, report.interest, report.previousDue));

  return {
    ...base,
    sections,
    columns: [...base.columns, labels.interest, labels.lineTotal],
    header: base.header.filter((line) => line.label !== labels.company && line.label !== labels.license),
    carrier: [
      { label: labels.company, text: report.companyName },
      ...(account.address ? [{ label: labels.address, text: account.address }] : []),
      { label: labels.license, text: report.licenseNumber || account.licenseNumber || labels.notSet },
      ...(account.fein ? [{ label: labels.fein, text: account.fein }] : []),
      {
        label: labels.baseJurisdiction,
        text: baseJurisdiction ? `${baseJurisdiction.name} (${baseJurisdiction.code})` : labels.notSet,
      },
      { label: labels.prepared, text: formatIsoDate(account.preparedOn, account.dateFormat) },
      ...(account.preparedBy ? [{ label: labels.preparedBy, text: account.preparedBy }] : []),
      ...(account.finalisedBy ? [{ label: labels.finalisedBy, text: account.finalisedBy }] : []),
    ],
    filing: {
      ...base.filing,
      lines: base.filing.lines.map((line) => ('text' in line ? { ...line, text: date(line.text) ?? line.text } : line)),
    },
    summaryPage: {
      title: labels.summaryTitle,
      columns: labels.summaryColumns,
      lines: summaryLines,
      totals: [
        { text: labels.totals },
        money(dollars(sum((entry) => entry.tax))),
        money(dollars(sum((entry) => entry.surcharge))),
        money(dollars(sum((entry) => entry.interest))),
        money(dollars(sum((entry) => entry.tax + entry.surcharge + entry.interest))),
      ],
      remit: [
        { label: labels.returnDue, amount: report.taxDue },
        // An amended return pays the difference: the total due of the final it supersedes was already paid.
        ...(report.previousDue === null ? [] : [{ label: labels.previouslyFiled, amount: -report.previousDue }]),
        report.status !== 'final'
          ? { label: labels.penalty, text: labels.filingTexts['Not filed (draft)'] }
          : report.penalty === null
            ? { label: labels.penalty, text: labels.onTime }
            : { label: labels.penalty, amount: report.penalty },
        report.interest === null
          ? { label: labels.interestLine, text: report.interestRateMissing ? labels.rateMissing : labels.none }
          : { label: labels.interestLine, amount: report.interest },
        { label: labels.totalToRemit, amount: remitted },
      ],
      payTo: baseJurisdiction
        ? fill(labels.payTo, { jurisdiction: `${baseJurisdiction.name} (${baseJurisdiction.code})` })
        : labels.payToUnset,
    },
  };
}
