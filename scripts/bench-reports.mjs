#!/usr/bin/env node
/**
 * Benchmark of the two heavy calls of the calculator:
 *  - POST /api/protected/reports with all 58 jurisdictions (latency median/p95, one connection, then throughput
 *    with BENCH_CONNECTIONS);
 *  - POST /api/protected/calculator/upload-excel with ~10 MB workbooks (time per upload and the server's peak
 *    RSS, VmHWM from /proc/<pid>/status): one valid file (5,000 data rows plus a large second sheet) and one whose
 *    data sheet alone is ~10 MB (hundreds of thousands of rows, refused after 5,000).
 *
 * Starts the built app (see bench/lib.mjs: its own database, stopped and removed at the end). Run
 * `npm run build -w backend` first. Options (environment): BENCH_DURATION seconds per create run (10),
 * BENCH_CONNECTIONS (10), BENCH_UPLOADS per workbook (5), LOG_LEVEL (warn).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  kib,
  measure,
  mib,
  percentile,
  randomRow,
  registerAccount,
  reportBody,
  requireBuild,
  sizedWorkbook,
  startApp,
  uploadWorkbook,
  validTenMegabyteWorkbook,
  warmUp,
} from './bench/lib.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const uploads = Number(process.env.BENCH_UPLOADS ?? 5);

requireBuild();
// Build the workbooks before the app starts, so generating them does not compete with it for the CPU.
const files = mkdtempSync(join(tmpdir(), 'ifta-bench-files-'));
const validPath = join(files, 'valid-10mb.xlsx');
const valid = await validTenMegabyteWorkbook(validPath);
const hugePath = join(files, 'huge-sheet-10mb.xlsx');
const huge = await sizedWorkbook(hugePath, async (wb, rows) => {
  const data = wb.addWorksheet('IFTA Data');
  for (let i = 0; i < rows; i++) data.addRow(randomRow(i)).commit();
  data.commit();
});

const app = await startApp();
try {
  const { auth } = await registerAccount(app.base);
  const memoryAtStart = kib(app.pid);
  const report = JSON.stringify(reportBody(58));
  const createOptions = {
    url: `${app.base}/api/protected/reports`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: report,
  };
  const probe = await fetch(createOptions.url, { method: 'POST', headers: createOptions.headers, body: report });
  const probeBody = await probe.json();
  if (probe.status !== 201 || probeBody.jurisdictions?.length !== 58) {
    throw new Error(`create answered ${probe.status}: ${JSON.stringify(probeBody).slice(0, 200)}`);
  }
  await warmUp(createOptions);
  const single = await measure(createOptions, { connections: 1, duration });
  const loaded = await measure(createOptions, { connections, duration });
  const memoryAfterCreates = kib(app.pid);

  const uploadRuns = async (path, name, expectStatus) => {
    const times = [];
    let last;
    for (let i = 0; i < uploads; i++) {
      last = await uploadWorkbook(app.base, auth, path, name);
      if (last.status !== expectStatus)
        throw new Error(`upload of ${name} answered ${last.status}: ${JSON.stringify(last.body).slice(0, 200)}`);
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    return { times, last, memory: kib(app.pid) };
  };
  const validRuns = await uploadRuns(validPath, 'valid-10mb.xlsx', 200);
  if (validRuns.last.body.count !== 5000) throw new Error(`expected 5000 entries, got ${validRuns.last.body.count}`);
  const hugeRuns = await uploadRuns(hugePath, 'huge-sheet-10mb.xlsx', 400);

  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(`database: ${app.database}; LOG_LEVEL=${app.logLevel}`);
  console.log(`POST /api/protected/reports, 58 jurisdictions, ${duration} s per run`);
  for (const [label, r] of [
    ['1 connection ', single],
    [`${connections} connections`, loaded],
  ]) {
    console.log(
      `  ${label}: median ${ms(r.p50)} | p95 ${ms(r.p95)} | p99 ${ms(r.p99)} | ` +
        `${r.rps.toFixed(0)} req/s (${r.non2xx} non-2xx, ${r.errors} errors)`,
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
  if (single.non2xx || loaded.non2xx || single.errors || loaded.errors) process.exitCode = 1;
} catch (error) {
  console.error(`bench: ${error.stack ?? error.message}`);
  process.exitCode = 1;
} finally {
  await app.stop();
  rmSync(files, { recursive: true, force: true });
}
