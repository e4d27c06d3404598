import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { installGracefulShutdown } from './common/shutdown/graceful-shutdown.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';

const app = await createApp();
const config = app.get<AppConfig>(APP_CONFIG);
await app.listen(config.port);
installGracefulShutdown(
  app,
  { delayMs: config.shutdownDelayMs, timeoutMs: config.shutdownTimeoutMs },
  new Logger('Shutdown'),
);
console.log(`IFTA app listening on http://localhost:${config.port}`);
