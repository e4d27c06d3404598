import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';

const app = await createApp();
const config = app.get<AppConfig>(APP_CONFIG);
await app.listen(config.port);
console.log(`IFTA app listening on http://localhost:${config.port}`);
