import { type ChildProcess, spawn } from 'node:child_process';
import { expect, type TestInfo } from '@playwright/test';

/**
 * An app of a spec's own (scripts/e2e-server.mjs: its own database), for a spec that changes what every account
 * sees — publishing a quarter's matrix, an interest period — and so must not run beside the specs that read it on
 * the shared server. `offset` keeps its port apart from the shared server's and from other such specs'.
 */
export const ownServerPort = (offset: number) => Number(process.env.E2E_PORT ?? 3100) + offset;

export interface OwnServer {
  stop(): Promise<void>;
}

/** Starts the app on `port` with `env` added to this process's, and waits for its health check. */
export async function startOwnServer(
  testInfo: TestInfo,
  port: number,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  // Starting a second app (and its database) takes longer than a test's minute on a loaded machine.
  testInfo.setTimeout(150_000);
  const app: ChildProcess = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, ...env, E2E_PORT: String(port) },
    stdio: 'inherit',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://localhost:${port}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(200);
  return {
    async stop() {
      if (app.exitCode !== null) return;
      const exited = new Promise((resolve) => app.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    },
  };
}
