import { holdNurseries, semiSpaceCapped } from './common/memory/nursery.js';
import type { AppConfig } from './config/app-config.js';

// V8's young generation (its nursery). Left to double, the main thread's grows to 64 MiB a semi-space and keeps it:
// the server sat at ~365 MiB once warm and peaked at ~440 MiB writing a year's audit packet. npm start and the
// container run node with --max-semi-space-size=3 (backend/package.json's start:prod): ~230 MiB warm, under 300 MiB
// at that peak, the busy endpoints' throughput unchanged (docs/PERFORMANCE.md, "Memory"). V8 reads that flag only
// as a thread starts, so it cannot be set from here; the app warns when it is missing. SMALL_NURSERY=true holds every
// nursery at its size from here on instead (worker threads start at 4 MiB): smaller at rest, slower under load.
if (process.env.SMALL_NURSERY === 'true') holdNurseries(4);

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
if (!semiSpaceCapped() && process.env.SMALL_NURSERY !== 'true') {
  new Logger('Memory').warn(
    'node runs without --max-semi-space-size: its young generation may grow to 128 MiB (start it as npm start does)',
  );
}
console.log(`IFTA app listening on http://localhost:${config.port}`);
