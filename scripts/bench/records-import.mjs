import autocannon from 'autocannon';
import { CODES, measure } from './lib.mjs';

const TRIP_ROWS = Number(process.env.BENCH_TRIP_ROWS ?? 100_000);
/** The records-import target: a 100,000-row trip file imports in under 30 s on a 2-core machine. */
export const RECORDS_IMPORT_TARGET_S = 30;

/** A trip log of `rows` rows across the quarter, units and jurisdictions, as an ELD export would give it. */
export function tripCsv(rows = TRIP_ROWS) {
  const lines = ['Date,Unit,State,Miles,Taxable'];
  for (let i = 0; i < rows; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = ['04', '05', '06'][i % 3];
    lines.push(`2026-${month}-${day},T${i % 40},${CODES[i % CODES.length]},${(i % 900) + 10}.${i % 10},yes`);
  }
  return lines.join('\n');
}

/**
 * Imports a 100,000-row trip CSV (parsed on the worker pool, written in batches in one transaction) while
 * GET /api/health is measured beside it, and the same route alone first: the import must not block others.
 */
export async function recordsImportRun(base, account, connections) {
  const csv = tripCsv();
  const health = { url: `${base}/api/health` };
  const solo = await measure(health, { connections, duration: 3 });
  const form = new FormData();
  form.append(
    'mapping',
    JSON.stringify({ date: 'Date', unit: 'Unit', jurisdiction: 'State', miles: 'Miles', taxable: 'Taxable' }),
  );
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'trips.csv');
  const beside = autocannon({ ...health, connections, duration: 180 });
  let res;
  let started;
  // The mixed run before this one may still have files on the pool: a 503 says when to try again, as a client would.
  for (let attempt = 1; ; attempt++) {
    started = performance.now();
    res = await fetch(`${base}/api/protected/trips/import`, { method: 'POST', headers: account.auth, body: form });
    if (res.status !== 503 || attempt === 30) break;
    await res.arrayBuffer();
    await new Promise((ok) => setTimeout(ok, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
  const seconds = (performance.now() - started) / 1000;
  beside.stop();
  const during = await beside;
  const body = await res.json();
  if (!res.ok) throw new Error(`records import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return {
    rows: TRIP_ROWS,
    megabytes: Buffer.byteLength(csv) / 1024 / 1024,
    seconds,
    imported: body.imported,
    soloP99: solo.p99,
    duringP99: during.latency.p99,
    duringRps: during.requests.average,
  };
}
