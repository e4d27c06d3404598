/**
 * True when a write failed because the row it names under `user_id` is not in `users` (PostgreSQL's foreign-key
 * violation, 23503): every user id a request writes is the signed-in account's, taken from its token, so the account
 * was deleted while the token's session was still cached as live (README, Sessions). That is a 401 like a revoked
 * session, not a server error. TypeORM wraps the driver's error in `driverError`, which is looked at too.
 */
export function isAccountGone(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, detail, driverError } = error as { code?: unknown; detail?: unknown; driverError?: unknown };
  if (code === '23503' && typeof detail === 'string' && /is not present in table "users"/.test(detail)) return true;
  return isAccountGone(driverError, depth + 1);
}
