import { totalToRemit } from '../ifta/index.js';

/** The filing fields of a report, as any view shows them (detail, Excel, PDF). */
export interface FilingFields {
  /** Tax and surcharges due (negative: a credit). */
  taxDue: number;
  dueDate: string | null;
  filedAt: string | null;
  penalty: number | null;
  interest: number | null;
  interestRateMissing: boolean;
}

/** One labelled line: text, or an amount in US$. */
export type FilingLine = { label: string; text: string } | { label: string; amount: number };

/**
 * The lines a document prints for a report's place in the filing calendar: due date, filing day, late penalty and
 * late interest, and for a late return the total to remit (tax and surcharges + penalty + interest). Export writers
 * (the Excel workbook, a PDF) call this, so every document says the same thing.
 */
export function filingLines(report: FilingFields): FilingLine[] {
  const lines: FilingLine[] = [{ label: 'Due Date', text: report.dueDate ?? 'Not a recognised period' }];
  if (report.filedAt === null) return [...lines, { label: 'Filed', text: 'Not filed (draft)' }];
  lines.push({ label: 'Filed', text: report.filedAt });
  if (report.penalty === null) return [...lines, { label: 'Late Filing', text: 'Filed on time' }];
  lines.push({ label: 'Late Penalty', amount: report.penalty });
  lines.push(
    report.interest === null
      ? { label: 'Late Interest', text: report.interestRateMissing ? 'Annual rate missing' : 'None' }
      : { label: 'Late Interest', amount: report.interest },
  );
  lines.push({ label: 'Total to Remit', amount: Number(totalToRemit(report.taxDue, report.penalty, report.interest)) });
  return lines;
}
