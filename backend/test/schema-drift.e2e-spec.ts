import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../src/database/database-options.js';
import { entities } from '../src/database/entities.js';
import { migrateUnderLock } from '../src/database/migrate-under-lock.js';
import { createTestApp } from './helpers/test-app.js';

/**
 * Entities and migrations agree (issue 16): on a fresh database with every migration applied, TypeORM finds nothing
 * to change. What it would run is what `npm run migration:generate` would write, so a failure lists those statements.
 */
const serverUrl = () => new URL(process.env.DATABASE_URL!);
const name = `ifta_drift_${Date.now()}_${process.pid}`;
let dataSource: DataSource;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl().toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = serverUrl();
  url.pathname = `/${name}`;
  dataSource = await new DataSource({ ...databaseOptions(url.toString()), entities }).initialize();
  await migrateUnderLock(dataSource);
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy();
  const admin = new pg.Client({ connectionString: serverUrl().toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('schema drift', () => {
  it('leaves TypeORM nothing to change after every migration has run', async () => {
    const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
    const pending = upQueries.map((query) => query.query);
    expect(pending).toEqual([]);
  });

  it("lists every entity the app loads, so the CLI's data source diffs the whole schema", async () => {
    const { app, close } = await createTestApp();
    try {
      const loaded = app.get(DataSource).entityMetadatas.map((metadata) => metadata.tableName);
      expect(dataSource.entityMetadatas.map((metadata) => metadata.tableName).sort()).toEqual(loaded.sort());
    } finally {
      await close();
    }
  });
});
