#!/usr/bin/env node
/**
 * Benchmark of the two heavy calls of the calculator:
 *  - POST /api/protected/reports with all 58 jurisdictions (latency median/p95, one connection, then throughput
 *    with BENCH_CONNECTIONS);
 *  - POST /api/protected/calculator/upload-excel with ~10 MB workbooks (time per upload and the server's peak
 *    RSS, VmHWM from /proc/<pid>/status): one valid file (5,000 data rows plus a large second sheet) and one whose
 *    data sheet alone is ~10 MB (hundreds of thousands of rows, refused after 5,000).
 *
 * Starts the built app (backend/dist/main.js) on a free port against a database of its own — a fresh database on
 * DATABASE_URL's server when set, otherwise the embedded PostgreSQL in a temporary DATA_DIR — and stops it and
 * removes the database at the end. Run `npm run build -w backend` first.
 * Options (environment): BENCH_DURATION seconds per create run (10), BENCH_CONNECTIONS (10), BENCH_UPLOADS per
 * workbook (5), LOG_LEVEL (warn).
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
import { subscribeForBench } from './bench-subscribe.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = join(root, 'backend', 'dist', 'main.js');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const uploads = Number(process.env.BENCH_UPLOADS ?? 5);
const MAX_UPLOAD = 10 * 1024 * 1024;

if (!existsSync(mainJs)) {
  console.error(`bench: ${mainJs} is missing; run "npm run build -w backend" first`);
  process.exit(1);
}

const CODES =
  'AL AZ AR CA CO CT DE FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AB BC MB NB NL NS ON PE QC SK'.split(
    ' ',
  );

const freePort = () =>
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

const kib = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
};
const mib = (k) => `${(k / 1024).toFixed(1)} MiB`;
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Writes a workbook with the streaming writer so building a 10 MB file does not need much memory here either. */
async function writeWorkbook(path, fill) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  await fill(workbook);
  await workbook.commit();
  return statSync(path).size;
}
const randomRow = (i) => [
  CODES[i % 58],
  Math.round(Math.random() * 1e7) / 100,
  Math.round(Math.random() * 1e7) / 100,
  Math.round(Math.random() * 1e6) / 1000,
];

/** Finds a row count giving a file of about 9.6 MB (under the 10 MB cap) from a small calibration file. */
async function sizedWorkbook(path, fill) {
  const sample = 20000;
  const sampleSize = await writeWorkbook(path, (wb) => fill(wb, sample));
  let rows = Math.floor((sample * 9.6 * 1024 * 1024) / sampleSize);
  for (;;) {
    const size = await writeWorkbook(path, (wb) => fill(wb, rows));
    if (size <= MAX_UPLOAD) return { size, rows };
    rows = Math.floor(rows * 0.97);
  }
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'ifta-bench-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as "postgres" and must enter the folder
const serverUrl = process.env.DATABASE_URL;
const databaseName = `ifta_bench_${Date.now()}`;
const env = { ...process.env, PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
env.DATA_DIR = dataDir;
env.JWT_SECRET = process.env.JWT_SECRET ?? 'bench-only-secret-bench-only-secret-0123456789';
env.AUTH_RATE_LIMIT = '1000';
if (serverUrl) {
  await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  env.DATABASE_URL = url.toString();
} else {
  delete env.DATABASE_URL;
}

let child;
async function cleanUp() {
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
  process.on(signal, () => cleanUp().finally(() => process.exit(130)));
}

try {
  // Build the workbooks before the app starts, so generating them does not compete with it for the CPU.
  const validPath = join(dataDir, 'valid-10mb.xlsx');
  const valid = await sizedWorkbook(validPath, async (wb, padding) => {
    const data = wb.addWorksheet('IFTA Data');
    data.addRow(['State/Province', 'Total Miles', 'Taxable Miles', 'Gallons Purchased']).commit();
    for (let i = 0; i < 5000; i++) data.addRow(randomRow(i)).commit();
    data.commit();
    const log = wb.addWorksheet('Trip log');
    for (let i = 0; i < padding; i++) log.addRow([`Trip ${i}`, ...randomRow(i)]).commit();
    log.commit();
  });
  const hugePath = join(dataDir, 'huge-sheet-10mb.xlsx');
  const huge = await sizedWorkbook(hugePath, async (wb, rows) => {
    const data = wb.addWorksheet('IFTA Data');
    for (let i = 0; i < rows; i++) data.addRow(randomRow(i)).commit();
    data.commit();
  });

  child = spawn(process.execPath, [mainJs], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the app did not answer /api/health within 90 s');
    await new Promise((ok) => setTimeout(ok, 250));
  }
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-secret',
      company_name: 'Bench Freight',
    }),
  });
  if (!register.ok) throw new Error(`register answered ${register.status}: ${await register.text()}`);
  const { token } = await register.json();
  const auth = { authorization: `Bearer ${token}` };
  await subscribeForBench(base, auth);
  const memoryAtStart = kib(child.pid);

  // --- report create with 58 jurisdictions
  const report = JSON.stringify({
    company_name: 'Bench Freight',
    license_number: 'OH-1',
    tax_period: 'Q1-2025',
    average_mpg: 6.5,
    status: 'draft',
    jurisdictions: CODES.map((name, i) => ({
      name,
      total_miles: 1000 + i * 37,
      taxable_miles: 900 + i * 31,
      gallons_purchased: 120 + i * 3.5,
      tax_rate: 0.2 + i / 1000,
    })),
  });
  const createOptions = {
    url: `${base}/api/protected/reports`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: report,
  };
  const probe = await fetch(createOptions.url, { method: 'POST', headers: createOptions.headers, body: report });
  const probeBody = await probe.json();
  if (probe.status !== 201 || probeBody.jurisdictions?.length !== 58) {
    throw new Error(`create answered ${probe.status}: ${JSON.stringify(probeBody).slice(0, 200)}`);
  }
  await autocannon({ ...createOptions, connections: 2, duration: 2 }); // warm-up
  const measure = async (conns) => {
    const times = [];
    const run = autocannon({ ...createOptions, connections: conns, duration });
    run.on('response', (_c, _s, _b, responseTime) => times.push(responseTime));
    const result = await run;
    times.sort((a, b) => a - b);
    return { times, result };
  };
  const single = await measure(1);
  const loaded = await measure(connections);
  const memoryAfterCreates = kib(child.pid);

  // --- uploads
  const uploadOnce = async (path, name) => {
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
  };
  const uploadRuns = async (path, name, expectStatus) => {
    const times = [];
    let last;
    for (let i = 0; i < uploads; i++) {
      last = await uploadOnce(path, name);
      if (last.status !== expectStatus)
        throw new Error(`upload of ${name} answered ${last.status}: ${JSON.stringify(last.body).slice(0, 200)}`);
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    return { times, last, memory: kib(child.pid) };
  };
  const validRuns = await uploadRuns(validPath, 'valid-10mb.xlsx', 200);
  if (validRuns.last.body.count !== 5000) throw new Error(`expected 5000 entries, got ${validRuns.last.body.count}`);
  const hugeRuns = await uploadRuns(hugePath, 'huge-sheet-10mb.xlsx', 400);

  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(
    `database: ${serverUrl ? `PostgreSQL server (${databaseName})` : 'embedded PostgreSQL'}; LOG_LEVEL=${env.LOG_LEVEL}`,
  );
  console.log(`POST /api/protected/reports, 58 jurisdictions, ${duration} s per run`);
  for (const [label, { times, result }] of [
    ['1 connection ', single],
    [`${connections} connections`, loaded],
  ]) {
    console.log(
      `  ${label}: median ${ms(percentile(times, 0.5))} | p95 ${ms(percentile(times, 0.95))} | p99 ${ms(percentile(times, 0.99))} | ` +
        `${(times.length / duration).toFixed(0)} req/s (${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
  }
  console.log(`POST /api/protected/calculator/upload-excel, ${uploads} uploads each`);
  console.log(
    `  valid ${(valid.size / 1048576).toFixed(2)} MiB (5,000 data rows + ${valid.rows.toLocaleString('en-US')}-row second sheet) -> 200, ` +
      `${validRuns.last.body.count} entries: median ${ms(percentile(validRuns.times, 0.5))}, max ${ms(validRuns.times.at(-1))}`,
  );
  console.log(
    `  data sheet of ${huge.rows.toLocaleString('en-US')} rows, ${(huge.size / 1048576).toFixed(2)} MiB -> 400 "${hugeRuns.last.body.error}": ` +
      `median ${ms(percentile(hugeRuns.times, 0.5))}, max ${ms(hugeRuns.times.at(-1))}`,
  );
  console.log(
    `server memory: RSS after start ${mib(memoryAtStart.rss)}, peak (VmHWM) after creates ${mib(memoryAfterCreates.hwm)}, ` +
      `after valid uploads ${mib(validRuns.memory.hwm)}, after huge-sheet uploads ${mib(hugeRuns.memory.hwm)}`,
  );
  if (single.result.non2xx || loaded.result.non2xx || single.result.errors || loaded.result.errors)
    process.exitCode = 1;
} catch (error) {
  console.error(`bench: ${error.stack ?? error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
