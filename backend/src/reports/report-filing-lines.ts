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
  /** An amended return billed as the difference: the superseded final's total due, already paid; else null. */
  previousDue?: number | null;
}

/** One labelled line: text, or an amount in US$. */
export type FilingLine = { label: string; text: string } | { label: string; amount: number };

/**
 * The lines a document prints for a report's place in the filing calendar: due date, filing day, late penalty and
 * late interest, and for a late return the total to remit (tax and surcharges + penalty + interest). An amended
 * return also prints the total due already filed and the difference it owes or claims, and always its total to
 * remit, which is that difference plus the charges on it. Export writers (the Excel workbook, a PDF) call this, so
 * every document says the same thing.
 */
export function filingLines(report: FilingFields): FilingLine[] {
  const lines: FilingLine[] = [{ label: 'Due Date', text: report.dueDate ?? 'Not a recognised period' }];
  if (report.filedAt === null) return [...lines, { label: 'Filed', text: 'Not filed (draft)' }];
  lines.push({ label: 'Filed', text: report.filedAt });
  const previousDue = report.previousDue ?? null;
  const remit = {
    label: 'Total to Remit',
    amount: Number(totalToRemit(report.taxDue, report.penalty, report.interest, previousDue)),
  };
  const amendment: FilingLine[] =
    previousDue === null
      ? []
      : [
          { label: 'Previously Filed Total Due', amount: previousDue },
          { label: 'Difference Due', amount: Number(totalToRemit(report.taxDue, null, null, previousDue)) },
        ];
  if (report.penalty === null) {
    lines.push({ label: 'Late Filing', text: 'Filed on time' });
    return previousDue === null ? lines : [...lines, ...amendment, remit];
  }
  lines.push({ label: 'Late Penalty', amount: report.penalty });
  lines.push(
    report.interest === null
      ? { label: 'Late Interest', text: report.interestRateMissing ? 'Annual rate missing' : 'None' }
      : { label: 'Late Interest', amount: report.interest },
  );
  return [...lines, ...amendment, remit];
}
