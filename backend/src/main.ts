import { setFlagsFromString } from 'node:v8';
import type { AppConfig } from './config/app-config.js';

/**
 * V8's young generation (its nursery), set before the app's modules load (hence the dynamic imports below). Left to
 * double as loading and requests make garbage, the main thread's grows to 128 MiB and keeps it: the server sat at
 * ~365 MiB once warm and peaked at ~440 MiB writing a year's audit packet. Kept at its first size (2 MiB), it is
 * ~225 MiB warm and ~260 MiB at that peak, under the 300 MB the server is held to, for ~0.2 ms more CPU a list
 * request (docs/PERFORMANCE.md, "Memory"). The growth flag is read each time a nursery would grow, so it takes
 * effect after V8 has started, and it holds for every thread.
 *
 * The worker threads start later, from these flags: a file job (an upload, an export, a PDF) in a 2 MiB nursery ran
 * up to 2.4x slower, so they start at 4 MiB (an ~9 MiB young generation, about as fast as their 16 MiB cap).
 * SMALL_NURSERY=false lets every nursery grow as V8 would.
 */
const WORKER_SEMI_SPACE_MB = 4;
if (process.env.SMALL_NURSERY !== 'false') {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString(`--min-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
}

await import('reflect-metadata');
const { Logger } = await import('@nestjs/common');
const { createApp } = await import('./app.factory.js');
const { installGracefulShutdown } = await import('./common/shutdown/graceful-shutdown.js');
const { APP_CONFIG } = await import('./config/app-config.js');

const app = await createApp();
const config = app.get<AppConfig>(APP_CONFIG);
await app.listen(config.port);
installGracefulShutdown(
  app,
  { delayMs: config.shutdownDelayMs, timeoutMs: config.shutdownTimeoutMs },
  new Logger('Shutdown'),
);
console.log(`IFTA app listening on http://localhost:${config.port}`);
