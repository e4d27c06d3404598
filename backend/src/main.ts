import { setFlagsFromString } from 'node:v8';
import type { AppConfig } from './config/app-config.js';

// SMALL_NURSERY=true, before the app's modules load (hence the dynamic imports below): V8's young generation (its
// nursery) is kept at its first size, in this thread and in the worker threads started later. Left to double as
// loading and requests make garbage, it leaves the process larger for good: ~480 MiB rather than ~365 MiB at the
// audit packet's peak. It is off by default because it costs speed: the file jobs (uploads, exports) ran up to 2x
// slower and the list ~0.2 ms a request (docs/PERFORMANCE.md, "Memory"). The flag is read each time a nursery would
// grow, so it takes effect after V8 has started.
if (process.env.SMALL_NURSERY === 'true') setFlagsFromString('--semi-space-growth-factor=1');

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
