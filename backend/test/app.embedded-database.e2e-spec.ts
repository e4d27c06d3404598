import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/database/embedded-database.js';

/** The first-run database: a user with nothing installed gets a real PostgreSQL that survives restarts. */
describe('embedded PostgreSQL (no DATABASE_URL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ifta-embedded-'));
  chmodSync(dir, 0o755);
  const started: EmbeddedDatabase[] = [];
  afterAll(async () => {
    for (const db of started) await db.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function query(url: string, sql: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  }

  it('initialises a cluster, keeps data across a stop and start, and never listens on 5432', async () => {
    const first = await startEmbeddedDatabase(dir);
    started.push(first);
    expect(new URL(first.url).port).not.toBe('5432');
    await query(first.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
    await first.stop();

    const second = await startEmbeddedDatabase(dir);
    started.push(second);
    expect(second.url).toBe(first.url);
    const rows = await query(second.url, 'SELECT v FROM kept');
    expect(rows.rows).toEqual([{ v: 42 }]);
  });

  it('takes over a cluster whose previous server was left running (a hard-killed app)', async () => {
    // The server started above is still running and owns postmaster.pid, as after a SIGKILL of the app.
    const stalePid = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(spawnSync('kill', ['-0', String(stalePid)]).status).toBe(0);

    const restarted = await startEmbeddedDatabase(dir);
    started.push(restarted);
    const rows = await query(restarted.url, 'SELECT v FROM kept');
    expect(rows.rows).toEqual([{ v: 42 }]);
    expect(spawnSync('kill', ['-0', String(stalePid)]).status).not.toBe(0);
  });
});
