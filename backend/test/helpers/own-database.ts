import pg from 'pg';

export interface OwnDatabase {
  /** The new database's URL on the run's server. */
  url: string;
  /** Drops it (connections still open are ended first). */
  drop(): Promise<void>;
}

const adminQuery = async (serverUrl: string, sql: string) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

/**
 * An empty database of its own on the run's server (DATABASE_URL, the embedded one included), for a suite whose
 * cost or meaning depends on what else is in the database: e.g. one that counts every table's rows after each call.
 */
export async function ownDatabase(label: string): Promise<OwnDatabase> {
  const serverUrl = process.env.DATABASE_URL!;
  const name = `ifta_${label}_${Date.now()}_${process.pid}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
