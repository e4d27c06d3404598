import type { DataSource } from 'typeorm';

/** Row count of every application table: a write anywhere, by anyone, changes one of them. */
export async function tableCounts(db: DataSource): Promise<Record<string, number>> {
  const tables: Array<{ table_name: string }> = await db.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
      ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM "${table_name}"`)) as Array<{ n: number }>;
    counts[table_name] = n;
  }
  return counts;
}
