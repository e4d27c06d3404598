import pg from 'pg';
import { startApp, registerAccount } from '/work/main/scripts/bench/lib.mjs';
const app = await startApp();
try {
  const acct = await registerAccount(app.base, 'x');
  const c = new pg.Client({ connectionString: app.databaseUrl() }); await c.connect();
  const { rows: [u] } = await c.query('SELECT id FROM users LIMIT 1');
  console.log((await c.query('SELECT count(*), count(*) FILTER (WHERE fuel_type=$1) d FROM tax_rates', ['diesel'])).rows);
  const sql = process.argv[2] ?? '';
  const q = `EXPLAIN (ANALYZE, BUFFERS) SELECT t.id, t.name, t.abbreviation, t.rate, t.country, t.is_active,
  to_char(t.effective_date, 'YYYY-MM-DD') AS effective_date, t.created_at, t.updated_at,
  t.fuel_type, t.kind, t.rate_cad_per_litre, COUNT(*) OVER () AS total_count
       FROM tax_rates t WHERE t.user_id = $1 AND t.fuel_type = 'diesel' AND t.kind = 'base' AND (NOT t.is_active OR NOT EXISTS (
  SELECT 1 FROM tax_rates s WHERE s.user_id = t.user_id AND upper(s.abbreviation) = upper(t.abbreviation)
    AND s.fuel_type = t.fuel_type AND s.kind = t.kind AND s.is_active AND s.effective_date > t.effective_date))
       ORDER BY LOWER(t.name) ASC, t.kind ASC, t.effective_date ASC, t.id ASC LIMIT 20 OFFSET 0`;
  for (let i=0;i<3;i++) await c.query(q,[u.id]);
  console.log((await c.query(q, [u.id])).rows.map(r=>r['QUERY PLAN']).join('\n'));
  await c.end();
} finally { await app.stop(); }
