import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { API_PREFIX } from '../app.factory.js';
import { AppModule } from '../app.module.js';
import { buildOpenApiDocument, serializeOpenApi } from './swagger.js';

/**
 * `npm run openapi`: builds the route table in Nest's preview mode (no provider is instantiated, so no
 * database is needed) and writes the sorted document to the repo root.
 */
const target = fileURLToPath(new URL('../../../openapi.json', import.meta.url));
const app = await NestFactory.create(AppModule, { preview: true, logger: false });
app.setGlobalPrefix(API_PREFIX);
writeFileSync(target, serializeOpenApi(buildOpenApiDocument(app)));
await app.close();
console.log(`wrote ${target}`);
