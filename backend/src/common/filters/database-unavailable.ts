import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/** The sentence a client sees while PostgreSQL cannot be reached. */
export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable, please try again in a few seconds';

/** Socket-level failures between the app and PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * PostgreSQL's own codes for "this connection is gone or the server is not taking connections":
 * class 08 (connection exception) and 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now).
 */
const isConnectionSqlState = (code: string) => code.startsWith('08') || /^57P0[123]$/.test(code);

/** node-postgres's messages for a connection that ended or never came. */
const LOST_CONNECTION =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|Client was closed/i;

/**
 * TypeORM's own names for a connection it let go of: when PostgreSQL ends a connection under a transaction, TypeORM
 * releases its query runner, and the transaction's next query (or its rollback) fails with one of these instead of
 * the driver's error. The connection was lost all the same.
 */
const RELEASED_RUNNER = [QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError];

/**
 * True when an error means the database is out of reach rather than that the request or the code is wrong: the
 * client may retry the same request, so it is answered 503, not 500. TypeORM wraps the driver's error in
 * `driverError`, which is looked at too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  if (RELEASED_RUNNER.some((released) => error instanceof released)) return true;
  const { code, message, driverError } = error as { code?: unknown; message?: unknown; driverError?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isConnectionSqlState(code))) return true;
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  return isDatabaseUnavailable(driverError, depth + 1);
}
