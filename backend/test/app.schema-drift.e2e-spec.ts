import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../src/database/database-options.js';
import { entities } from '../src/entities.js';
import { migrateUnderLock } from '../src/database/migrate-under-lock.js';
import { migrations } from '../src/database/migrations/index.js';
import { ensureBackendBuilt } from './helpers/replicas/built-app.js';
import { createTestApp } from './helpers/test-app.js';

/**
 * Entities and migrations agree: on a fresh database with every migration applied, TypeORM finds nothing
 * to change. What it would run is what `npm run migration:generate` would write, so a failure lists those statements.
 */
const serverUrl = () => new URL(process.env.DATABASE_URL!);
const name = `ifta_drift_${Date.now()}_${process.pid}`;
let url: URL;
let dataSource: DataSource;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl().toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url = serverUrl();
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
    // One statement a line, so a failure reads as the migration TypeORM would generate.
    expect(upQueries.map((query) => `${query.query};`).join('\n')).toBe('');
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

describe('the TypeORM CLI on the built data source (backend/dist/data-source.js)', () => {
  beforeAll(() => ensureBackendBuilt(), 120_000);

  const backend = fileURLToPath(new URL('..', import.meta.url));
  const npmRun = (script: string) => {
    // Plain text: under CI=true the CLI's colour library would wrap its lines in ANSI colour codes.
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url.toString(), NO_COLOR: '1', FORCE_COLOR: '0' };
    delete env.NODE_OPTIONS;
    return spawnSync('npm', ['run', '--silent', script], { cwd: backend, env, encoding: 'utf8' });
  };

  it('npm run migration:check finds nothing to generate on the migrated database', () => {
    const run = npmRun('migration:check');
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({
      status: 0,
      stdout: 'No changes in database schema were found',
    });
  }, 60_000);

  it('npm run migration:show lists every migration as applied', () => {
    const run = npmRun('migration:show');
    expect(run.status).toBe(0);
    const applied = run.stdout.split('\n').filter((line) => line.startsWith('[X]'));
    expect(applied.map((line) => line.split(' ').pop())).toEqual(migrations.map((m) => m.name));
  }, 60_000);
});
