/**
 * What the benchmark scripts share: starting the built app on a database of its own and stopping it, accounts,
 * workbooks, autocannon runs with exact percentiles, and the server's memory from /proc.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { serverNodeFlags } from '../server-node-flags.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const mainJs = join(root, 'backend', 'dist', 'main.js');
export const MAX_UPLOAD = 10 * 1024 * 1024;

export const CODES =
  'AL AZ AR CA CO CT DE FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AB BC MB NB NL NS ON PE QC SK'.split(
    ' ',
  );

export function requireBuild() {
  if (!existsSync(mainJs)) {
    console.error(`bench: ${mainJs} is missing; run "npm run build -w backend" first`);
    process.exit(1);
  }
}

export const freePort = () =>
  new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });

async function adminQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Server memory in KiB from /proc: current RSS and the peak (VmHWM). */
export const kib = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
};
export const mib = (k) => `${(k / 1024).toFixed(1)} MiB`;

/**
 * CPU time the process has used so far, in ms (user + system, from /proc/<pid>/stat, in clock ticks of 10 ms).
 * Divided by the responses of a run it gives the server's CPU per request, which a loaded machine slows down far
 * less than it moves requests per second (the app's Node process only; PostgreSQL's work is not in it).
 */
export const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
export const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/**
 * Starts backend/dist/main.js on a free port against a database of its own — a fresh database on DATABASE_URL's
 * server when set, otherwise the embedded PostgreSQL in a temporary DATA_DIR — and waits for /api/health.
 * `stop()` ends the app, drops the database and removes the folder; SIGINT and SIGTERM do the same.
 * BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to find a hot spot.
 * The server's node runs with production's flags (backend/package.json's start:prod); BENCH_SERVER_FLAGS=none drops them.
 * BENCH_APP_STDOUT=1 shows the server's own log (its errors go to stdout), to see why a request failed.
 */
export async function startApp(
  extraEnv = {},
  nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
) {
  // BENCH_PORT: a fixed port, for a machine where each developer has ports of their own.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ifta-bench-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as "postgres" and must enter the folder
  const serverUrl = process.env.DATABASE_URL;
  const databaseName = `ifta_bench_${Date.now()}`;
  const env = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', // one log line per request would measure the terminal
    DATA_DIR: dataDir,
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-bench-only-secret-0123456789',
    AUTH_RATE_LIMIT: '1000000',
    SANDBOX_RATE_LIMIT: '1000000',
    // Production refuses to start without Stripe keys unless the sandbox is asked for.
    PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER ?? 'sandbox',
    ...extraEnv,
  };
  if (serverUrl) {
    await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  } else {
    delete env.DATABASE_URL;
  }

  let child;
  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((ok) => setTimeout(ok, 15000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (serverUrl) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch((error) =>
        console.error(`bench: could not drop ${databaseName}: ${error.message}`),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => stop().finally(() => process.exit(130)));
  }

  // The node flags production runs with (backend/package.json's start:prod; BENCH_SERVER_FLAGS=none leaves them out,
  // to measure what they change), then the bench's own.
  const serverFlags = process.env.BENCH_SERVER_FLAGS === 'none' ? [] : serverNodeFlags();
  child = spawn(process.execPath, [...serverFlags, ...nodeArgs, mainJs], {
    cwd: root,
    env,
    stdio: ['ignore', process.env.BENCH_APP_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the app exited with code ${child.exitCode}`);
    }
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the app did not answer /api/health within 90 s');
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
  return {
    base,
    dataDir,
    pid: child.pid,
    database: serverUrl ? `PostgreSQL server (${databaseName})` : 'embedded PostgreSQL',
    logLevel: env.LOG_LEVEL,
    /** The app's own database: the embedded server keeps its port and password in pg.json. */
    databaseUrl: () => {
      if (serverUrl) return env.DATABASE_URL;
      const facts = JSON.parse(readFileSync(join(dataDir, 'pg.json'), 'utf8'));
      return `postgres://postgres:${encodeURIComponent(facts.password)}@127.0.0.1:${facts.port}/ifta`;
    },
    stop,
  };
}

/**
 * Paid features answer 403 without a subscription: subscribe through the built-in sandbox card provider to the
 * plan without a report limit (a benchmark creates thousands of reports). A build without billing answers 404 to
 * the sandbox, and then there is nothing to do.
 */
export async function subscribeIfBilled(base, auth) {
  const card = await fetch(`${base}/api/sandbox/payment_methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      cvc: '123',
    }),
  });
  if (card.status === 404) return;
  if (!card.ok) throw new Error(`sandbox card answered ${card.status}: ${await card.text()}`);
  const { id } = await card.json();
  const subscribed = await fetch(`${base}/api/protected/subscriptions`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ plan_id: 'enterprise', payment_method: id }),
  });
  if (!subscribed.ok) throw new Error(`subscribe answered ${subscribed.status}: ${await subscribed.text()}`);
}

/** Registers an account (which seeds its 58 IFTA rates), subscribes it where billing exists, and answers its credentials and bearer header. */
export async function registerAccount(base, label = 'bench') {
  const credentials = {
    email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'bench-secret',
  };
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, company_name: 'Bench Freight' }),
  });
  if (!res.ok) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const { token, user } = await res.json();
  const auth = { authorization: `Bearer ${token}` };
  await subscribeIfBilled(base, auth);
  return { ...credentials, token, userId: user.id, auth };
}

/** A report body: `rows` jurisdictions taken in order from the 58 codes, with varied numbers. */
export function reportBody(rows = 58, name = undefined) {
  return {
    ...(name ? { name } : {}),
    company_name: 'Bench Freight',
    license_number: 'OH-1',
    tax_period: 'Q1-2025',
    average_mpg: 6.5,
    status: 'draft',
    jurisdictions: CODES.slice(0, rows).map((code, i) => ({
      name: code,
      total_miles: 1000 + i * 37,
      taxable_miles: 900 + i * 31,
      gallons_purchased: 120 + i * 3.5,
      tax_rate: 0.2 + i / 1000,
    })),
  };
}

/** Creates `count` reports through the API, `concurrency` at a time; answers their ids. */
export async function seedReports(base, auth, count, rows = 3, concurrency = 8, name = (n) => `Seed ${n}`) {
  const ids = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const res = await fetch(`${base}/api/protected/reports`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(reportBody(rows, name(n))),
      });
      if (res.status !== 201) throw new Error(`seeding report ${n} answered ${res.status}: ${await res.text()}`);
      ids.push((await res.json()).id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

/**
 * One autocannon run with every response time kept (autocannon's own histogram has whole-millisecond buckets and
 * no p95). Answers requests/s, p50/p95/p99 in ms, non-2xx and errors.
 */
export async function measure(options, { connections = 32, duration = 5 } = {}) {
  const times = [];
  const run = autocannon({ ...options, connections, duration });
  run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await run;
  times.sort((a, b) => a - b);
  return {
    rps: times.length / duration,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    responses: times.length,
  };
}

export const warmUp = (options) => autocannon({ ...options, connections: 4, duration: 1 });

/** A multipart body as the browser's upload sends it, built once so autocannon can replay it. */
export async function uploadRequest(path, name) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), name);
  form.append('average_mpg', '6.5');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') };
}

/** Writes a workbook with the streaming writer so building a 10 MB file does not need much memory either. */
export async function writeWorkbook(path, fill) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  await fill(workbook);
  await workbook.commit();
  return statSync(path).size;
}

export const randomRow = (i) => [
  CODES[i % 58],
  Math.round(Math.random() * 1e7) / 100,
  Math.round(Math.random() * 1e7) / 100,
  Math.round(Math.random() * 1e6) / 1000,
];

/** Finds a row count giving a file of about 9.6 MB (under the 10 MB cap) from a small calibration file. */
export async function sizedWorkbook(path, fill) {
  const sample = 20000;
  const sampleSize = await writeWorkbook(path, (wb) => fill(wb, sample));
  let rows = Math.floor((sample * 9.6 * 1024 * 1024) / sampleSize);
  for (;;) {
    const size = await writeWorkbook(path, (wb) => fill(wb, rows));
    if (size <= MAX_UPLOAD) return { size, rows };
    rows = Math.floor(rows * 0.97);
  }
}

/** The valid 10 MB upload: 5,000 data rows on the data sheet plus a large second sheet. */
export function validTenMegabyteWorkbook(path) {
  return sizedWorkbook(path, async (wb, padding) => {
    const data = wb.addWorksheet('IFTA Data');
    data.addRow(['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased']).commit();
    for (let i = 0; i < 5000; i++) data.addRow(randomRow(i)).commit();
    data.commit();
    const log = wb.addWorksheet('Trip log');
    for (let i = 0; i < padding; i++) log.addRow([`Trip ${i}`, ...randomRow(i)]).commit();
    log.commit();
  });
}

/** Posts a workbook to upload-excel and answers the status, body and wall time. */
export async function uploadWorkbook(base, auth, path, name) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), name);
  form.append('average_mpg', '6.5');
  const started = performance.now();
  const res = await fetch(`${base}/api/protected/calculator/upload-excel`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const body = await res.json();
  return { ms: performance.now() - started, status: res.status, body };
}
