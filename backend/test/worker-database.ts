/**
 * Runs before each API suite in its Jest worker: the suite's DATABASE_URL is its worker's own database, made by
 * test/global-setup.ts. Set again before every suite, so a suite that pointed DATABASE_URL elsewhere for its app
 * (a database of its own) leaves nothing behind for the next suite of the worker.
 */
const own = process.env[`DATABASE_URL_WORKER_${process.env.JEST_WORKER_ID ?? '1'}`];
if (own) process.env.DATABASE_URL = own;
