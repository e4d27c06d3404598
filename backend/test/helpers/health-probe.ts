import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Both run in processes of their own. The app under test shares Jest's process, so a probe inside it would stall
 * with it and only start timing once a stall was over, and a client inside it would charge its own work (encoding
 * and writing 1 MB bodies) to the app's event loop, which a real client elsewhere never does.
 */
const PROBE_SOURCE = `
const [url, every] = [process.argv[1], Number(process.argv[2])];
let stopped = false;
process.stdin.on('end', () => { stopped = true; }).resume();
(async () => {
  while (!stopped) {
    const started = performance.now();
    let ok = false;
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      ok = res.ok;
    } catch {}
    process.stdout.write(Date.now() + ' ' + (ok ? performance.now() - started : 'failed') + '\\n');
    await new Promise((resolve) => setTimeout(resolve, every));
  }
})();
`;

const SENDER_SOURCE = `
const { readFileSync } = require('node:fs');
const [base, manifest, minMs] = [process.argv[1], JSON.parse(readFileSync(process.argv[2], 'utf8')), Number(process.argv[3])];
const begun = Date.now();
(async () => {
  for (let round = 0; round === 0 || Date.now() - begun < minMs; round++) for (const { label, path, file, clients } of manifest) {
    const body = readFileSync(file);
    const started = Date.now();
    const statuses = await Promise.all(clients.map(async (headers) => {
      const res = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
      await res.arrayBuffer();
      return res.status;
    }));
    process.stdout.write(JSON.stringify({ label, started, ended: Date.now(), statuses }) + '\\n');
  }
})();
`;

const childEnv = () => {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // Jest's --experimental-vm-modules would only print a warning
  return env;
};

export interface HealthSample {
  /** When the answer came (Date.now()). */
  at: number;
  /** Milliseconds the call took; NaN when it failed. */
  ms: number;
}

export interface HealthProbe {
  readonly samples: HealthSample[];
  /** Resolves once `count` more samples have arrived. */
  waitForSamples(count: number): Promise<void>;
  /** Ends the probe and answers every sample. */
  stop(): Promise<HealthSample[]>;
}

/** Reads `url` every `everyMs` ms (after the previous answer), as a load balancer would. */
export function startHealthProbe(url: string, everyMs = 25): HealthProbe {
  const child: ChildProcess = spawn(process.execPath, ['-e', PROBE_SOURCE, url, String(everyMs)], {
    env: childEnv(),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const samples: HealthSample[] = [];
  const waiters: Array<{ until: number; resolve: () => void }> = [];
  let pending = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [at, ms] = line.split(' ');
      samples.push({ at: Number(at), ms: ms === 'failed' ? Number.NaN : Number(ms) });
    }
    for (const waiter of waiters.filter((w) => samples.length >= w.until)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  const exited = once(child, 'exit');
  return {
    samples,
    waitForSamples: (count) => new Promise<void>((resolve) => waiters.push({ until: samples.length + count, resolve })),
    async stop() {
      child.stdin!.end();
      await exited;
      return samples;
    },
  };
}

export interface OutsideRequest {
  label: string;
  path: string;
  body: string;
  /** One entry per client sending it at once: each client's headers. */
  clients: Array<Record<string, string>>;
}

export interface OutsideAnswer {
  label: string;
  started: number;
  ended: number;
  statuses: number[];
}

/**
 * POSTs each request, all of its clients at once, one request after the other, and again from the first until
 * `minMs` have passed (so a probe samples the whole time), from another process.
 */
export async function sendFromOutside(base: string, requests: OutsideRequest[], minMs = 0): Promise<OutsideAnswer[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ifta-outside-'));
  try {
    const manifest = requests.map(({ body, ...request }, i) => {
      const file = join(dir, `${i}.json`);
      writeFileSync(file, body);
      return { ...request, file };
    });
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const child = spawn(process.execPath, ['-e', SENDER_SOURCE, base, join(dir, 'manifest.json'), String(minMs)], {
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`the sending process exited with ${code}`);
    return output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutsideAnswer);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
