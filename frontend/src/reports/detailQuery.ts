/**
 * The meta of every getOne of a whole report (its lines included): the detail page, the calculator's edit and
 * its saves share this cache entry. A list page seeds react-admin's getOne cache with the records it got, and
 * the server's list pages carry summaries without lines, which must never stand in for a report.
 */
export const REPORT_DETAIL_META = { detail: true } as const;
