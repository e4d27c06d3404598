import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { BUILT_MAIN } from './built-app.js';

/** One app process of the built backend, with everything it printed kept for the test to read. */
export class ReplicaProcess {
  readonly stdout: string[] = [];
  readonly stderr: string[] = [];
  private child?: ChildProcess;
  private exited?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process; resolves once it listens (its health check answers 200). */
  async start(timeoutMs = 60_000): Promise<void> {
    const env: NodeJS.ProcessEnv = { ...process.env, ...this.env, PORT: String(this.port) };
    delete env.NODE_OPTIONS; // Jest's --experimental-vm-modules would print a warning on the replica's stderr
    const child = spawn(process.execPath, [BUILT_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }) as never);
    collectLines(child.stdout!, this.stdout);
    collectLines(child.stderr!, this.stderr);
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.running) throw new Error(`${this.name} exited during start-up: ${this.stderr.join('\n')}`);
      const ok = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} did not answer its health check within ${timeoutMs} ms`);
  }

  /** Sends a signal and answers how the process ended. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.child || !this.exited) throw new Error(`${this.name} was never started`);
    if (this.running) this.child.kill(signal);
    return this.exited;
  }

  /** Lines that speak of a failure: pino lines at level error or above, and anything on stderr. */
  errorLines(): string[] {
    const loggedErrors = this.stdout.filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return /error/i.test(line);
      }
    });
    return [...loggedErrors, ...this.stderr];
  }

  /** The messages of this process's pino lines from one logger context. */
  messages(context: string): string[] {
    return this.stdout.flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { context?: string; msg?: string };
        return entry.context === context && entry.msg ? [entry.msg] : [];
      } catch {
        return [];
      }
    });
  }
}

function collectLines(stream: NodeJS.ReadableStream, into: string[]): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    into.push(...lines.filter((line) => line.trim() !== ''));
  });
  stream.on('end', () => pending.trim() && into.push(pending));
}
