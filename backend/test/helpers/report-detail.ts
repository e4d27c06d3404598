/**
 * A report's detail as every other answer gives the report: GET /reports/{id} alone adds who prepared and who
 * finalised it (from the audit trail), so a test comparing it with a save's answer or a list's entry leaves them out.
 */
export const withoutAuthors = <T extends object>(detail: T): Omit<T, 'prepared_by' | 'finalised_by'> => {
  const {
    prepared_by: _prepared,
    finalised_by: _finalised,
    ...report
  } = detail as T & {
    prepared_by?: unknown;
    finalised_by?: unknown;
  };
  return report;
};
