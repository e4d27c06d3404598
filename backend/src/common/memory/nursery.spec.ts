import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { semiSpaceCapped } from './nursery.js';

const MiB = 1024 * 1024;
const MODULE = fileURLToPath(new URL('./nursery.ts', import.meta.url));

/**
 * A process of its own (the flags hold for the whole process, and jest's would keep them): it makes garbage that
 * survives long enough for V8 to grow a nursery, in its main thread and then in a worker thread capped as the file
 * threads are, and prints both nurseries. Node strips the module's types (by default from Node 23.6 on).
 */
const SCRIPT = `
import { Worker } from 'node:worker_threads';
const { holdNurseries, nurseryBytes } = await import(process.env.NURSERY_MODULE);
if (process.env.HOLD === 'yes') holdNurseries(4);
const CHURN = "let keep = []; for (let i = 0; i < 3e6; i += 1) { keep.push({ i, s: 'x' + i }); if (keep.length > 1e5) keep = []; }";
new Function(CHURN)();
const main = nurseryBytes();
const worker = await new Promise((resolve, reject) => {
  const thread = new Worker(
    CHURN + "; const v8 = process.getBuiltinModule('node:v8');" +
      "process.getBuiltinModule('node:worker_threads').parentPort.postMessage(" +
      "v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)",
    { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 16 } },
  );
  thread.once('message', resolve);
  thread.once('error', reject);
});
console.log(JSON.stringify({ main, worker }));
`;

function nurseries(hold: boolean): { main: number; worker: number } {
  const out = execFileSync(process.execPath, ['--experimental-strip-types', '--input-type=module', '-e', SCRIPT], {
    env: { ...process.env, NODE_OPTIONS: '', NURSERY_MODULE: MODULE, HOLD: hold ? 'yes' : 'no' },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { main: number; worker: number };
}

describe('holdNurseries', () => {
  it('keeps the main thread at a few MiB of nursery and starts worker threads at the size asked for', () => {
    const held = nurseries(true);
    // 2 MiB as it started; V8 sometimes resizes it to the new threads' 4 MiB semi-spaces after a full collection.
    expect(held.main).toBeLessThanOrEqual(8 * MiB);
    // 4 MiB semi-spaces: at least 8 MiB of nursery, within the thread's 16 MiB young generation.
    expect(held.worker).toBeGreaterThanOrEqual(8 * MiB);
    expect(held.worker).toBeLessThanOrEqual(16 * MiB);
  });

  it('is needed: left alone, V8 grows the main thread to tens of MiB', () => {
    expect(nurseries(false).main).toBeGreaterThanOrEqual(32 * MiB);
  });
});

describe('semiSpaceCapped', () => {
  it('finds the cap on the command line or in NODE_OPTIONS, and nothing else', () => {
    expect(semiSpaceCapped(['--max-semi-space-size=4'], '')).toBe(true);
    expect(semiSpaceCapped([], '--enable-source-maps --max-semi-space-size=8')).toBe(true);
    expect(semiSpaceCapped(['--max-old-space-size=512'], '--min-semi-space-size=4')).toBe(false);
  });
});
