#!/usr/bin/env node
/**
 * The mixed run's heavy work (scripts/bench.mjs): 8 connections each logging in, exporting a report and uploading a
 * workbook, for `duration` seconds, in a process of its own. Run in the measuring process, writing 10 MB bodies
 * held up autocannon's own event loop, so the bare route's response times also measured the client: the server's
 * isolation is what the mixed run is for. Prints "started" once the load runs, then its results as one JSON line.
 *
 * Usage: node side-load.mjs '<json>' with { base, auth, email, password, reportId, workbookPath, duration, kinds }:
 * `kinds` (default all three) names the loads to run, so each one's share of the bare route's p99 can be read alone.
 */
import autocannon from 'autocannon';
import { uploadRequest } from './lib.mjs';

const { base, auth, email, password, reportId, workbookPath, duration, kinds } = JSON.parse(process.argv[2]);
const upload = await uploadRequest(workbookPath, 'valid-10mb.xlsx');
const side = {
  login: {
    url: `${base}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  },
  export: { url: `${base}/api/protected/reports/${reportId}/export`, method: 'POST', headers: auth },
  upload: {
    url: `${base}/api/protected/calculator/upload-excel`,
    method: 'POST',
    headers: { ...auth, 'content-type': upload.contentType },
    body: upload.body,
  },
};
const running = Object.entries(side)
  .filter(([name]) => !kinds || kinds.includes(name))
  .map(async ([name, options]) => {
    // Generous timeout: a 10 MB upload on a loaded machine takes seconds, and that is what is measured.
    const run = await autocannon({ ...options, connections: 8, duration, timeout: 60 });
    return [name, { rps: run.requests.total / duration, p99: run.latency.p99, non2xx: run.non2xx, errors: run.errors }];
  });
console.log('started');
console.log(JSON.stringify(Object.fromEntries(await Promise.all(running))));
