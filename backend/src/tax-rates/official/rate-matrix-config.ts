/**
 * Settings of the matrix updater, read from the environment by the tax-rate feature itself (they concern no other).
 * - RATE_MATRIX_URL: where IFTA, Inc. publishes each quarter's matrix; `{quarter}` becomes e.g. 3Q2026. Empty turns
 *   the updater off (tests, and machines without network whose operator imports files: `npm run rates:import`).
 * - RATE_MATRIX_INTERVAL_MS: how often the current and next quarter are checked (default 6 hours).
 * - RATE_MATRIX_FETCH_TIMEOUT_MS: one fetch's deadline (default 20 s).
 */
export interface RateMatrixConfig {
  urlPattern: string;
  intervalMs: number;
  fetchTimeoutMs: number;
}

export const IFTA_MATRIX_URL = 'https://www.iftach.org/taxmatrix/charts/{quarter}.csv';
export const RATE_MATRIX_CONFIG = Symbol('RATE_MATRIX_CONFIG');

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds`);
  return value;
}

export function rateMatrixConfig(env: NodeJS.ProcessEnv = process.env): RateMatrixConfig {
  const test = (env.NODE_ENV ?? 'development') === 'test';
  const urlPattern = env.RATE_MATRIX_URL ?? (test ? '' : IFTA_MATRIX_URL);
  if (urlPattern !== '' && !/^https?:\/\/.+\{quarter\}/.test(urlPattern)) {
    throw new Error('RATE_MATRIX_URL must be an http(s) URL holding {quarter}, e.g. ' + IFTA_MATRIX_URL);
  }
  return {
    urlPattern,
    intervalMs: milliseconds(env, 'RATE_MATRIX_INTERVAL_MS', 6 * 60 * 60 * 1000),
    fetchTimeoutMs: milliseconds(env, 'RATE_MATRIX_FETCH_TIMEOUT_MS', 20_000),
  };
}
