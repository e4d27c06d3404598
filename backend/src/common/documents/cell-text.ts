/**
 * A spreadsheet reads a cell that starts with one of these as a formula once the file is edited or saved as CSV
 * (OWASP's CSV injection): `=`, `+`, `-`, `@`, and tab and carriage return, which some programs strip first.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** User text as a cell: text that would start a formula gets a leading apostrophe, so it stays text. */
export const cellText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * A value for a workbook or CSV cell: strings through `cellText`, everything else (numbers, dates, blanks) as it
 * is, so a negative amount is still a number. Every writer of workbooks and CSV files passes its values through here.
 */
export function cellValue<T>(value: T): T | string {
  return typeof value === 'string' ? cellText(value) : value;
}

/** A row's values through `cellValue`. */
export const cellValues = <T>(values: readonly T[]): Array<T | string> => values.map(cellValue);
