import pg from 'pg';
import { ADD_OPERATOR_SQL } from './platform-operators.repository.js';

/**
 * `npm run operator:add -- someone@example.com`: makes an account's address a platform operator in DATABASE_URL's
 * database (OPERATOR_EMAILS does the same from the environment, with no database write). Replicas see it within 30 s.
 */
async function main(): Promise<void> {
  const email = process.argv[2]?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error('Usage: npm run operator:add -- <e-mail address>');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (on the embedded database, set OPERATOR_EMAILS instead)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(ADD_OPERATOR_SQL, [email]);
    console.log(`${email.toLowerCase()} is a platform operator`);
  } finally {
    await client.end();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
