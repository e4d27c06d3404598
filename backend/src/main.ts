import { setFlagsFromString } from 'node:v8';
import type { AppConfig } from './config/app-config.js';

// Set before the app's modules load, hence the dynamic imports below: the young generation (V8's nursery) otherwise
// doubles as loading produces garbage, and loading the app's module graph (date-fns alone is 250 ES modules) leaves
// that process ~150 MiB larger for good, memory the app never uses again (docs/PERFORMANCE.md, "Memory"). The
// flag is read each time the nursery would grow, so it takes effect here, after V8 has started.
setFlagsFromString('--semi-space-growth-factor=1');

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
