/**
 * The audit packet at fleet size: a 500-vehicle fleet's year (200,000 trip segments, 100,000 fuel purchases, 1,000
 * attached receipt images) seeded by SQL in seconds (generate_series), each quarter's return built, then the year's
 * packet downloaded while the server's RSS and GET /api/health are sampled every ~50 ms. Prints the figures and how
 * they stand against the targets (under 60 s, RSS under 300 MB, health p99 under 100 ms); asserts nothing.
 *
 *   npm run bench:audit-packet        (builds the backend first)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench/audit-packet.mjs
 */
import pg from 'pg';
import { kib, percentile, registerAccount, requireBuild, startApp } from './lib.mjs';

const UNITS = Number(process.env.BENCH_UNITS ?? 500);
const TRIPS = Number(process.env.BENCH_TRIPS ?? 200_000);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 100_000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 1_000);
const YEAR = '2026';
export const AUDIT_PACKET_TARGETS = { seconds: 60, rssMiB: 300, healthP99Ms: 100 };

const JURISDICTIONS = ['TX', 'OK', 'KS', 'NM', 'AR', 'LA', 'MO', 'CO', 'NE', 'IA', 'IL', 'TN'];

/** The fleet's year, written straight into the app's tables in a few statements. */
async function seed(databaseUrl, userId) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const codes = `ARRAY[${JURISDICTIONS.map((c) => `'${c}'`).join(',')}]`;
    const unit = (g) => `'U' || lpad(((${g}) % ${UNITS} + 1)::text, 3, '0')`;
    await db.query(
      `INSERT INTO vehicles (user_id, unit, fuel_type, vin)
       SELECT $1, 'U' || lpad(g::text, 3, '0'), 'diesel', '1XKAD49X0CJ' || lpad(g::text, 6, '0')
         FROM generate_series(1, ${UNITS}) g`,
      [userId],
    );
    // A trip is three segments sharing a number; a unit runs through a few of the twelve jurisdictions a quarter.
    await db.query(
      `INSERT INTO trips (user_id, date, unit, jurisdiction, miles, taxable, trip_number, odometer_start, odometer_end)
       SELECT $1, date '${YEAR}-01-01' + (g / 3 * 7 % 365), ${unit('g / 3')},
              (${codes})[1 + (g + g / 3 / ${UNITS}) % ${JURISDICTIONS.length}],
              (10 + g * 37 % 600) + (g % 10) / 10.0, g % 17 <> 0, 'TR-' || (g / 3),
              g * 10, g * 10 + 9
         FROM generate_series(0, ${TRIPS - 1}) g`,
      [userId],
    );
    // Every third receipt lacks its seller's address (incomplete, not creditable).
    await db.query(
      `INSERT INTO fuel_purchases (user_id, date, unit, jurisdiction, quantity, quantity_unit, gallons, fuel_type,
                                   tax_paid, vendor, receipt_number, vendor_address, total_price)
       SELECT $1, date '${YEAR}-01-01' + (g * 11 % 365), ${unit('g')}, (${codes})[1 + g % ${JURISDICTIONS.length}],
              q, 'gal', q, 'diesel', true, 'Pilot #' || (g % 400), 'R-' || g,
              CASE WHEN g % 3 = 0 THEN '' ELSE g % 900 || ' I-35 N, Dallas TX' END, round(q * 3.89, 2)
         FROM generate_series(0, ${PURCHASES - 1}) g, LATERAL (SELECT (20 + g * 13 % 160) + (g % 100) / 100.0 AS q) x`,
      [userId],
    );
    // Small PNG-signed images of 2 to 8 KB on every n-th purchase, kept by the PostgreSQL storage driver.
    const every = Math.max(1, Math.floor(PURCHASES / IMAGES));
    await db.query(
      `WITH chosen AS (
         SELECT id, row_number() OVER (ORDER BY date, id) AS n FROM fuel_purchases WHERE user_id = $1
       ), picked AS (
         SELECT id, n, decode('89504e470d0a1a0a' || repeat(md5(n::text), (64 * (1 + n % 4))::int), 'hex') AS content
           FROM chosen WHERE n % ${every} = 0 LIMIT ${IMAGES}
       ), stored AS (
         INSERT INTO stored_files (key, content, content_type, size)
         SELECT 'receipts/' || $1 || '/' || id, content, 'image/png', length(content) FROM picked RETURNING key, size
       )
       UPDATE fuel_purchases f SET attachment_key = s.key, attachment_content_type = 'image/png',
              attachment_size = s.size, attachment_uploaded_at = now()
         FROM stored s WHERE s.key = 'receipts/' || $1 || '/' || f.id`,
      [userId],
    );
    await db.query('ANALYZE trips; ANALYZE fuel_purchases; ANALYZE stored_files');
  } finally {
    await db.end();
  }
}

/** Samples every ~50 ms until stopped: the server's RSS, and one GET /api/health at a time with its latency. */
function sampler(base, pid, progress, traced = true) {
  const health = [];
  const rss = [];
  const trace = traced && process.env.BENCH_TRACE ? [] : undefined;
  const t0 = performance.now();
  let running = true;
  const memory = (async () => {
    while (running) {
      rss.push(kib(pid).rss);
      trace?.push(
        `${((performance.now() - t0) / 1000).toFixed(2)}s rss ${(rss.at(-1) / 1024).toFixed(0)} MiB, ${progress.bytes} bytes`,
      );
      await new Promise((ok) => setTimeout(ok, 50));
    }
  })();
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      health.push(performance.now() - started);
      if (trace && health.at(-1) > 100) trace.push(`  health ${health.at(-1).toFixed(0)} ms`);
      await new Promise((ok) => setTimeout(ok, 50));
    }
  })();
  return async () => {
    running = false;
    await Promise.all([memory, probe]);
    if (trace) console.log(trace.join('\n'));
    return { health: health.sort((a, b) => a - b), rss };
  };
}

/** Reads the packet as a client does, keeping only its byte count and its last bytes (the ZIP's end record). */
async function download(base, auth, progress) {
  const started = performance.now();
  const res = await fetch(`${base}/api/protected/records/audit-packet?period=${YEAR}`, { headers: auth });
  if (!res.ok) throw new Error(`the audit packet answered ${res.status}: ${await res.text()}`);
  const firstByte = performance.now() - started;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body) {
    bytes += chunk.length;
    progress.bytes = bytes;
    tail = Buffer.concat([tail, chunk]).subarray(-22);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    firstByteMs: firstByte,
    bytes,
    entries: Number(res.headers.get('x-audit-packet-entries')),
    estimated: Number(res.headers.get('x-audit-packet-estimated-bytes')),
    // A ZIP ends with its end-of-central-directory record (PK\5\6, no comment): a cut response does not.
    complete: tail.readUInt32LE(0) === 0x06054b50,
  };
}

requireBuild();
const app = await startApp();
try {
  const rssAtStart = kib(app.pid).rss;
  const account = await registerAccount(app.base, 'audit-packet');
  let started = performance.now();
  await seed(app.databaseUrl(), account.userId);
  const seedSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  for (const q of [1, 2, 3, 4]) {
    const res = await fetch(`${app.base}/api/protected/returns/build`, {
      method: 'POST',
      headers: { ...account.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ period: `Q${q}-${YEAR}`, fuel_type: 'diesel' }),
    });
    if (!res.ok) throw new Error(`building Q${q} answered ${res.status}: ${await res.text()}`);
  }
  const buildSeconds = (performance.now() - started) / 1000;
  // An empty year's packet first: a file thread starts on its first job and loads the PDF modules (pdfkit and its
  // fonts) then, which is the app's memory, not the packet's, and would otherwise be counted as the packet's.
  const warm = await fetch(`${app.base}/api/protected/records/audit-packet?period=2025`, { headers: account.auth });
  await warm.arrayBuffer();
  const rssBefore = kib(app.pid).rss;
  // The same probe with nothing else asked of the app: what the machine's own load makes of /api/health.
  const stopIdle = sampler(app.base, app.pid, { bytes: 0 }, false);
  await new Promise((ok) => setTimeout(ok, 5000));
  const idle = (await stopIdle()).health;
  const progress = { bytes: 0 };
  const stop = sampler(app.base, app.pid, progress);
  const packet = await download(app.base, account.auth, progress);
  const { health, rss } = await stop();
  const peakRss = Math.max(rssBefore, ...rss);
  const mb = (k) => (k / 1024).toFixed(1);
  const figures = {
    fleet: { units: UNITS, trips: TRIPS, purchases: PURCHASES, images: IMAGES },
    seedSeconds: Number(seedSeconds.toFixed(1)),
    returnBuildSeconds: Number(buildSeconds.toFixed(1)),
    packetSeconds: Number(packet.seconds.toFixed(2)),
    firstByteMs: Math.round(packet.firstByteMs),
    packetMiB: Number((packet.bytes / 1024 / 1024).toFixed(1)),
    estimatedMiB: Number((packet.estimated / 1024 / 1024).toFixed(1)),
    entries: packet.entries,
    zipComplete: packet.complete,
    rssAtStartMiB: Number(mb(rssAtStart)),
    rssBeforeMiB: Number(mb(rssBefore)),
    rssPeakMiB: Number(mb(peakRss)),
    rssGrowthMiB: Number(mb(peakRss - rssBefore)),
    idleHealthP99Ms: Number(percentile(idle, 0.99).toFixed(1)),
    healthSamples: health.length,
    healthP50Ms: Number(percentile(health, 0.5).toFixed(1)),
    healthP99Ms: Number(percentile(health, 0.99).toFixed(1)),
    healthMaxMs: Number(health[health.length - 1].toFixed(1)),
  };
  console.log(JSON.stringify(figures, null, 2));
  const verdict = (ok) => (ok ? 'within target' : 'OVER TARGET');
  const t = AUDIT_PACKET_TARGETS;
  console.log(`packet ${figures.packetSeconds} s (target < ${t.seconds} s): ${verdict(packet.seconds < t.seconds)}`);
  console.log(`peak RSS ${figures.rssPeakMiB} MiB (target < ${t.rssMiB}): ${verdict(figures.rssPeakMiB < t.rssMiB)}`);
  console.log(
    `/api/health p99 ${figures.healthP99Ms} ms (target < ${t.healthP99Ms}): ${verdict(figures.healthP99Ms < t.healthP99Ms)}`,
  );
} finally {
  await app.stop();
}
