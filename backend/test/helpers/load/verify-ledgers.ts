import pg from 'pg';
import type { SimulatedUser } from './simulated-user.js';

interface StoredReport {
  id: string;
  user_id: string;
  name: string;
  status: string;
  total_miles: string;
  taxable_miles: string;
  gallons_purchased: string;
  tax_due: string;
  rows: string[] | null;
}

/**
 * Compares every user's ledger with what PostgreSQL holds, read over a connection of its own (not the app's), and
 * answers the discrepancies as sentences (none when the data is whole).
 */
export async function verifyLedgers(databaseUrl: string, users: SimulatedUser[]): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = users.map((u) => u.userId).filter(Boolean);
    const { rows } = await db.query<StoredReport>(
      `SELECT r.id, r.user_id, r.name, r.status, r.total_miles, r.taxable_miles, r.gallons_purchased, r.tax_due,
              (SELECT array_agg(j.name ORDER BY j.position) FROM report_jurisdictions j WHERE j.report_id = r.id) AS rows
         FROM reports r WHERE r.user_id = ANY($1::uuid[])`,
      [ids],
    );
    const problems: string[] = [];
    const stored = new Map(rows.map((row) => [row.id, row]));
    for (const user of users) {
      const { ledger } = user;
      problems.push(...ledger.vanished.map((id) => `user ${user.index}: acknowledged report ${id} answered 404`));
      problems.push(...user.anomalies.map((text) => `user ${user.index}: ${text}`));
      for (const [id, { state, uncertain }] of ledger.live) {
        const row = stored.get(id);
        if (!row) {
          problems.push(`user ${user.index}: acknowledged report ${id} (${state.name}) is missing`);
          continue;
        }
        if (uncertain) continue; // an unanswered update may or may not have landed
        const expected = [
          state.name,
          state.status,
          state.totals.total_miles,
          state.totals.taxable_miles,
          state.totals.gallons_purchased,
          state.totals.tax_due,
          state.jurisdictions.map((j) => j.name).join(','),
        ];
        const actual = [
          row.name,
          row.status,
          Number(row.total_miles),
          Number(row.taxable_miles),
          Number(row.gallons_purchased),
          Number(row.tax_due),
          (row.rows ?? []).join(','),
        ];
        if (JSON.stringify(actual) !== JSON.stringify(expected)) {
          problems.push(
            `user ${user.index}: report ${id} holds ${JSON.stringify(actual)}, acknowledged ${JSON.stringify(expected)}`,
          );
        }
      }
      for (const id of ledger.deleted) {
        if (stored.has(id)) problems.push(`user ${user.index}: deleted report ${id} is still there`);
      }
      for (const row of rows.filter((r) => r.user_id === user.userId)) {
        const known = ledger.live.has(row.id) || ledger.maybeDeleted.has(row.id) || ledger.deleted.has(row.id);
        if (!known && !ledger.uncertainCreates.has(row.name)) {
          problems.push(`user ${user.index}: report ${row.id} (${row.name}) was never acknowledged`);
        }
      }
    }
    // Every stored report's totals are the sums of its own rows (no half-written update).
    const { rows: mismatched } = await db.query<{ id: string }>(
      `SELECT r.id FROM reports r
         LEFT JOIN (SELECT report_id, sum(total_miles) AS tm, sum(taxable_miles) AS xm, sum(gallons_purchased) AS gp,
                           sum(gallons_consumed) AS gc, sum(net_gallons) AS ng, sum(tax_due) AS td
                      FROM report_jurisdictions GROUP BY report_id) j ON j.report_id = r.id
        WHERE r.user_id = ANY($1::uuid[])
          AND (coalesce(j.tm, 0) <> r.total_miles OR coalesce(j.xm, 0) <> r.taxable_miles
               OR coalesce(j.gp, 0) <> r.gallons_purchased OR coalesce(j.gc, 0) <> r.gallons_consumed
               OR coalesce(j.ng, 0) <> r.net_gallons OR coalesce(j.td, 0) <> r.tax_due)`,
      [ids],
    );
    problems.push(...mismatched.map(({ id }) => `report ${id}: totals differ from the sum of its rows`));
    return problems;
  } finally {
    await db.end();
  }
}
