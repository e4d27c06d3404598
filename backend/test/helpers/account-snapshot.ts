import type { DataSource } from 'typeorm';

/** Per table: how many rows the account has and a digest of their whole content. */
export type AccountSnapshot = Record<string, { rows: number; digest: string }>;

/**
 * Everything an account owns, read straight from PostgreSQL. Tables are found by their `user_id` column, so a
 * feature that adds a table (subscriptions, cards, invoices) is covered without touching this file. One statement
 * reads every table (query_to_xml runs each table's query inside the server): suites take a snapshot around every
 * request they send.
 */
export async function snapshotAccount(db: DataSource, userId: string): Promise<AccountSnapshot> {
  const rows: Array<{ table_name: string; rows: number; digest: string }> = await db.query(
    `WITH owned (table_name, owner_column) AS (
       SELECT 'users', 'id'
       UNION ALL
       SELECT table_name::text, 'user_id' FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'user_id'
     ), read AS (
       SELECT table_name,
              query_to_xml(
                format(
                  'SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, %L ORDER BY t::text), %L)) AS digest
                     FROM public.%I t WHERE %I = %L',
                  '|', '', table_name, owner_column, $1::text
                ), false, true, '') AS xml
         FROM owned
     )
     SELECT table_name,
            (xpath('/row/rows/text()', xml))[1]::text::int AS rows,
            (xpath('/row/digest/text()', xml))[1]::text AS digest
       FROM read`,
    [userId],
  );
  return Object.fromEntries(rows.map(({ table_name, rows: count, digest }) => [table_name, { rows: count, digest }]));
}
