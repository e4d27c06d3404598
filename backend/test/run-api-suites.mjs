#!/usr/bin/env node
/**
 * Runs the API suites in two passes, so the run uses both cores without making its latency checks meaningless.
 *
 * 1. The suites that need the machine to themselves run first, in band, in a fresh process: those that time the app
 *    (a health check's latency while hostile uploads or bodies arrive, another account's export while one account
 *    floods the uploads), and those whose work has deadlines a busy machine misses (two replicas serving concurrent
 *    users through a proxy with request timeouts, a million-row workbook read within the file job's time budget).
 *    Run in band after seventy other suites, the test process's own garbage-collection pauses of 300-500 ms showed
 *    up as the app's latency; run beside another worker, the replicas' requests timed out.
 * 2. The rest run in API_TEST_WORKERS Jest workers (2 unless told). They share the run's database: each registers
 *    its own accounts, and a suite whose meaning depends on everything in the database (row counts of every table,
 *    the official matrices, the interest periods, the outbox) makes a database of its own (helpers/own-database).
 *
 * Both passes run, so one red run names every failing suite; the exit code is the first failure's. Arguments after
 * the script's name (e.g. `--testPathPatterns reports`) choose suites instead: those run in band, in one pass.
 * API_SUITES=quiet or API_SUITES=shared runs one pass alone: CI runs the quiet pass by itself, then the shared one
 * beside the browser tests, whose waits on the browser leave a core idle much of the time.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const QUIET = [
  'app.request-bounds',
  'records.import-problems',
  'common.fair-file-threads',
  'calculator.hostile-workbooks',
  'common.upload-limits',
  'app.replicas',
  'app.upload-fuzz',
];
const quiet = `/(${QUIET.map((name) => name.replace('.', '\\.')).join('|')})\\.e2e-spec\\.ts$`;
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const workers = process.env.API_TEST_WORKERS ?? '2';
const extra = process.argv.slice(2);
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };

const run = (args) =>
  spawnSync(process.execPath, [jest, '--selectProjects', 'api', ...args, ...extra], {
    stdio: 'inherit',
    env,
  }).status ?? 1;

const only = process.env.API_SUITES ?? '';
if (!['', 'quiet', 'shared'].includes(only)) {
  console.error(`API_SUITES must be quiet or shared (or unset for both), not ${only}`);
  process.exit(2);
}
const passes =
  extra.length > 0
    ? [run(['--runInBand'])]
    : [
        ...(only === 'shared' ? [] : [() => run(['--runInBand', '--testPathPatterns', quiet])]),
        ...(only === 'quiet' ? [] : [() => run([`--maxWorkers=${workers}`, '--testPathIgnorePatterns', quiet])]),
      ].map((pass) => pass());
process.exit(passes.find((status) => status !== 0) ?? 0);
