import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../src/database/database-options.js';
import { MIGRATIONS_LOCK, migrateUnderLock } from '../src/database/migrate-under-lock.js';
import { migrations } from '../src/database/migrations/index.js';
import { BUILT_MIGRATE, ensureBackendBuilt } from './helpers/replicas/built-app.js';

/** Each case gets an empty database of its own on the run's server, dropped at the end. */
const created: string[] = [];
const serverUrl = () => new URL(process.env.DATABASE_URL!);

async function emptyDatabase(): Promise<string> {
  const name = `ifta_migrations_${Date.now()}_${created.length}`;
  const admin = new pg.Client({ connectionString: serverUrl().toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const url = serverUrl();
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl().toString() });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

const names = migrations.map((m) => m.name);

describe('migrations under the advisory lock', () => {
  it('wait while another session holds the lock, then apply every migration once', async () => {
    const url = await emptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    const dataSource = await new DataSource(databaseOptions(url)).initialize();
    try {
      let settled = false;
      const run = migrateUnderLock(dataSource).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(settled).toBe(false); // blocked on the lock: no table created behind another migrator's back
      const { rows } = await holder.query("SELECT to_regclass('public.migrations') AS table");
      expect(rows[0].table).toBeNull();

      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
      expect(await run).toEqual({ applied: names });
      expect(await migrateUnderLock(dataSource)).toEqual({ applied: [] });
      const { rows: locks } = await holder.query(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
          WHERE l.locktype = 'advisory' AND d.datname = current_database()`,
      );
      expect(locks[0].n).toBe(0); // released after the run
    } finally {
      await dataSource.destroy();
      await holder.end();
    }
  });

  it('are applied once by any number of concurrent runs', async () => {
    const url = await emptyDatabase();
    const sources = await Promise.all(
      [1, 2, 3].map(() => new DataSource({ ...databaseOptions(url), extra: { max: 2 } }).initialize()),
    );
    try {
      const outcomes = await Promise.all(sources.map((source) => migrateUnderLock(source)));
      expect(outcomes.map((o) => o.applied).sort((a, b) => b.length - a.length)).toEqual([names, [], []]);
    } finally {
      await Promise.all(sources.map((source) => source.destroy()));
    }
  });
});

describe('npm run migrate (the built backend/dist/database/migrate.js)', () => {
  beforeAll(() => ensureBackendBuilt(), 120_000);

  const migrate = (url: string) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
    };
    delete env.NODE_OPTIONS;
    return spawnSync(process.execPath, [BUILT_MIGRATE], { env, encoding: 'utf8' });
  };

  it('applies the pending migrations and exits 0, then finds nothing to do', async () => {
    const url = await emptyDatabase();
    const first = migrate(url);
    expect({ status: first.status, stderr: first.stderr }).toEqual({ status: 0, stderr: '' });
    expect(first.stdout.trim()).toBe(`Applied ${names.length} migration(s): ${names.join(', ')}`);
    const again = migrate(url);
    expect({ status: again.status, stdout: again.stdout.trim() }).toEqual({
      status: 0,
      stdout: 'Schema is up to date',
    });
  }, 60_000);

  it('exits 1 without DATABASE_URL, leaving the embedded database to the app', () => {
    const run = migrate('');
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Migration failed: DATABASE_URL is not set (an app on the embedded database migrates it at start-up)',
    );
  });

  it('exits 1 with a readable line when the database cannot be reached', () => {
    const unreachable = serverUrl();
    unreachable.port = '1'; // nothing listens there
    const run = migrate(unreachable.toString());
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Migration failed: connect ECONNREFUSED/);
  }, 60_000);
});
