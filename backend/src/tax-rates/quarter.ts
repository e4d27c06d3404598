/** A filing quarter as the product writes it ('Q2-2026', the calculator's tax period) and its calendar days. */
export interface Quarter {
  label: string;
  /** First day, 'YYYY-MM-DD'. */
  start: string;
  /** Last day, 'YYYY-MM-DD'. */
  end: string;
}

/** Years 2000 to 2099, as every tax period (PERIOD_YEAR_RANGE): year 0000 reached PostgreSQL as a date it refuses. */
export const QUARTER_PATTERN = /^Q([1-4])-(20\d{2})$/;
export const QUARTER_MESSAGE = 'must be a quarter such as Q2-2026';

const LAST_DAY = ['03-31', '06-30', '09-30', '12-31'];

/** Q1 Jan-Mar, Q2 Apr-Jun, Q3 Jul-Sep, Q4 Oct-Dec (docs/ifta-domain.md "Who files, and when"); undefined when malformed. */
export function parseQuarter(label: string): Quarter | undefined {
  const match = QUARTER_PATTERN.exec(label);
  if (!match) return undefined;
  const q = Number(match[1]);
  const year = match[2];
  const firstMonth = String(q * 3 - 2).padStart(2, '0');
  return { label, start: `${year}-${firstMonth}-01`, end: `${year}-${LAST_DAY[q - 1]}` };
}
