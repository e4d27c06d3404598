import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { parse } from 'yaml';
import { createTestApp, registerAccount } from './helpers/test-app.js';

const root = join(import.meta.dirname, '..', '..');
// merge: the compose file shares the app's environment with the migrate service through a YAML merge key.
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; ports?: string[] }>;
};
const initScript = readFileSync(join(root, 'docker', 'postgres-init', '10-app-role.sh'), 'utf8');
const SAVED = { ...process.env };

/** docker-compose runs the app as a non-superuser and keeps the mail catcher on this machine. */
describe('docker-compose', () => {
  afterAll(() => {
    process.env = { ...SAVED };
  });

  it('connects the app as the role the init script creates, not as the superuser', () => {
    const db = compose.services.db.environment ?? {};
    const app = new URL(compose.services.app.environment?.DATABASE_URL ?? '');
    expect(app.username).toBe('ifta_app');
    expect(app.username).not.toBe(db.POSTGRES_USER);
    expect(initScript).toMatch(
      /CREATE ROLE ifta_app LOGIN PASSWORD :'app_password' NOSUPERUSER NOCREATEDB NOCREATEROLE/,
    );
  });

  it('publishes the mail catcher on 127.0.0.1 only, and passes PAYMENT_PROVIDER through', () => {
    const ports = compose.services.mail.ports ?? [];
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port).toMatch(/^127\.0\.0\.1:/);
    expect(compose.services.app.environment).toHaveProperty('PAYMENT_PROVIDER', '${PAYMENT_PROVIDER:-}');
  });

  it('runs its migrations and serves requests as a role with no superuser rights', async () => {
    const server = new URL(process.env.DATABASE_URL ?? '');
    const role = `ifta_app_${Date.now()}`;
    const database = `${role}_db`;
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    try {
      // The statements of the init script, with this run's role and database names.
      await admin.query(
        `CREATE ROLE ${role} LOGIN PASSWORD 'app-test-password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`,
      );
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.query(`ALTER DATABASE ${database} OWNER TO ${role}`);
      const owner = new URL(server.toString());
      owner.pathname = `/${database}`;
      const inDb = new pg.Client({ connectionString: owner.toString() });
      await inDb.connect();
      await inDb.query(`ALTER SCHEMA public OWNER TO ${role}`);
      await inDb.end();

      const appUrl = new URL(owner.toString());
      appUrl.username = role;
      appUrl.password = 'app-test-password';
      const t = await createTestApp({ DATABASE_URL: appUrl.toString() });
      try {
        const a = await registerAccount(t.http);
        await t.http.get('/api/protected/reports').set(a.auth).expect(200);
        const [{ rolsuper }] = (await t.app
          .get(DataSource)
          .query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')) as Array<{ rolsuper: boolean }>;
        expect(rolsuper).toBe(false);
      } finally {
        await t.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });
});
