/**
 * A timestamptz column as the text JSON.stringify writes for a JavaScript Date ('2026-04-02T14:05:00.000Z'), for
 * JSON built by PostgreSQL and sent as it is: milliseconds, UTC, whatever the session's time zone.
 */
export const isoTimestamp = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
