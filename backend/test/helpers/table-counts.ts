import type { DataSource } from 'typeorm';

/**
 * Row count of every application table: a write anywhere, by anyone, changes one of them. One statement counts them
 * all (query_to_xml runs each table's count inside the server), so a suite that checks after every request pays
 * one round trip, not one per table.
 */
export async function tableCounts(db: DataSource): Promise<Record<string, number>> {
  const rows: Array<{ table_name: string; n: number }> = await db.query(
    `SELECT table_name,
            (xpath('/row/n/text()',
                   query_to_xml(format('SELECT count(*) AS n FROM %I.%I', table_schema, table_name), false, true, '')
            ))[1]::text::int AS n
       FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
      ORDER BY table_name`,
  );
  return Object.fromEntries(rows.map(({ table_name, n }) => [table_name, n]));
}
