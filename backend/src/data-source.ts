import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { databaseOptions } from './database/database-options.js';
import { entities } from './entities.js';

/**
 * The data source of the TypeORM CLI (`npm run migration:generate -w backend -- src/database/migrations/<name>`,
 * `migration:show`, `migration:run`, after `npm run build -w backend`): the app's own options and entities on
 * DATABASE_URL. The app never imports it; it builds its data source in database/database.module.ts.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set: the TypeORM CLI needs a running PostgreSQL');

export default new DataSource({ ...databaseOptions(url), entities });
