import type { DataSource } from 'typeorm';

/** Per table: how many rows the account has and a digest of their whole content. */
export type AccountSnapshot = Record<string, { rows: number; digest: string }>;

/**
 * Everything an account owns, read straight from PostgreSQL. Tables are found by their `user_id` column, so a
 * feature that adds a table (subscriptions, cards, invoices) is covered without touching this file.
 */
export async function snapshotAccount(db: DataSource, userId: string): Promise<AccountSnapshot> {
  const tables: Array<{ table_name: string }> = await db.query(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name`,
  );
  const snapshot: AccountSnapshot = {};
  const read = async (name: string, where: string) => {
    const [row] = (await db.query(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
         FROM "${name}" t WHERE ${where} = $1`,
      [userId],
    )) as Array<{ rows: number; digest: string }>;
    snapshot[name] = row;
  };
  await read('users', 'id');
  for (const { table_name } of tables) await read(table_name, 'user_id');
  return snapshot;
}
