import type { DataSourceOptions } from 'typeorm';
import { migrations } from './migrations/index.js';

/** The connection settings the app and the release step (`npm run migrate`) share. */
export function databaseOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrations,
    // Never TypeORM's own start-up run: it takes no lock, so replicas raced. See migrate-under-lock.ts.
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    extra: {
      max: Number(process.env.DB_POOL_SIZE ?? 20),
      // While PostgreSQL is out of reach a request fails in seconds (a 503) instead of queueing for ever, and
      // keep-alive lets a half-open socket be noticed and replaced rather than hang a query.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    },
  };
}
