import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from '../app.factory.js';
import { buildOpenApiDocument, serializeOpenApi } from './swagger.js';

/** `npm run openapi`: boots the app (without listening) and writes the sorted document to the repo root. */
const target = fileURLToPath(new URL('../../../openapi.json', import.meta.url));
const app = await createApp();
await app.init();
writeFileSync(target, serializeOpenApi(buildOpenApiDocument(app)));
await app.close();
console.log(`wrote ${target}`);
