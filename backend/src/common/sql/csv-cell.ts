/**
 * SQL that writes a value as one cell of a CSV line, the way csv-stringify writes it with `escape_formulas`: NULL as
 * nothing; a value that a spreadsheet would run as a formula (first character = + - @, a tab or a carriage return,
 * or their full-width forms) behind a single quote (OWASP's advice on CSV injection); quoted, its quotes doubled,
 * when it holds a quote, a comma or a line break.
 *
 * Why in SQL: the audit packet's receipts list is a fleet's 100,000 purchases a year. Read as rows and written by
 * csv-stringify, each line made ~5 KB of short-lived objects (the driver's row, the library's per-cell context),
 * and at that rate a batch lived long enough to be promoted to V8's old generation: the server grew by ~100 MiB
 * during the packet. PostgreSQL hands back each line as one string instead. The API suite checks every line
 * against csv-stringify itself, with quotes, commas, line breaks and formula characters in the values.
 *
 * `expression` is SQL written by the caller (a column, a cast), never a value: values stay bound parameters.
 */
export function csvCell(expression: string): string {
  const text = `coalesce((${expression})::text, '')`;
  const safe = `CASE WHEN ${text} ~ '^[=+@\\t\\r\uFF1D\uFF0B\uFF0D\uFF20-]' THEN '''' || ${text} ELSE ${text} END`;
  return `CASE WHEN ${safe} ~ '[",\\n\\r]' THEN '"' || replace(${safe}, '"', '""') || '"' ELSE ${safe} END`;
}

/** One CSV line (no line break) of the cells, in order. */
export const csvLine = (cells: string[]): string => cells.join(` || ',' || `);
