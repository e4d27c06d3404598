import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every setting the server reads, in one typed object. Read once per app instance from the environment. */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  /** Where a first run keeps its embedded database, generated secret, outbox and other local state. */
  dataDir: string;
  /** Empty means: start the embedded PostgreSQL in `dataDir/pg`. */
  databaseUrl: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  /** Requests per minute per client on login and register. */
  authRateLimit: number;
  logLevel: string;
  /** Folder of the built frontend served at `/`; absent in API-only runs. */
  frontendDist: string;
  bodyLimit: string;
  /** Shared rate-limit counters across replicas; empty means in-process counters. */
  redisUrl: string;
  /** Card provider: 'stripe' when STRIPE_SECRET_KEY is set, else the built-in sandbox. */
  billingProvider: 'sandbox' | 'stripe';
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    /** Where the SDK sends requests; tests point it at a local fake (STRIPE_API_HOST/PORT/PROTOCOL). */
    host?: string;
    port?: number;
    protocol?: 'http' | 'https';
  };
  /** Tokenisation requests per minute per client on the public sandbox endpoint. */
  sandboxRateLimit: number;
  /** How often this replica tries to run the renewal job (it runs once across replicas under a lock); 0 = never. */
  billingJobIntervalMs: number;
  /** Empty means: write e-mails as .eml files to `dataDir/outbox`. */
  smtpUrl: string;
  mailFrom: string;
}

export class ConfigError extends Error {}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

/** A first run has no JWT_SECRET: make one and keep it so tokens survive a restart. */
function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(): AppConfig {
  const env = process.env;
  const nodeEnv = env.NODE_ENV ?? 'development';
  // The repo's own data/ (beside package.json), wherever npm starts the process from.
  const dataDir = resolve(env.DATA_DIR ?? fileURLToPath(new URL('../../../data', import.meta.url)));
  if (nodeEnv === 'production' && !env.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  }
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length > 0 && env.JWT_SECRET.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  return {
    nodeEnv,
    port: positiveInt('PORT', 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    jwtSecret: env.JWT_SECRET || localJwtSecret(dataDir),
    jwtExpiresIn: env.JWT_EXPIRES_IN ?? '7d',
    authRateLimit: positiveInt('AUTH_RATE_LIMIT', 10),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    frontendDist: resolve(env.FRONTEND_DIST ?? fileURLToPath(new URL('../../../frontend/dist', import.meta.url))),
    bodyLimit: env.BODY_LIMIT ?? '1mb',
    redisUrl: env.REDIS_URL ?? '',
    ...billingConfig(env, nodeEnv),
  };
}

/** Tests run the renewal job themselves on a moved clock, so by default no timer races them there. */
function jobInterval(env: NodeJS.ProcessEnv, nodeEnv: string): number {
  const raw = env.BILLING_JOB_INTERVAL_MS;
  if (raw === '0') return 0;
  if (raw === undefined || raw === '') return nodeEnv === 'test' ? 0 : 60_000;
  return positiveInt('BILLING_JOB_INTERVAL_MS', 60_000);
}

/** Stripe is all-or-nothing: a partial set of keys is a configuration mistake, named at start-up. */
function billingConfig(env: NodeJS.ProcessEnv, nodeEnv: string) {
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const set = stripeKeys.filter((key) => env[key]);
  if (set.length > 0 && set.length < stripeKeys.length) {
    const missing = stripeKeys.filter((key) => !env[key]);
    throw new ConfigError(`${missing.join(' and ')} must be set together with ${set.join(' and ')}`);
  }
  const protocol = env.STRIPE_API_PROTOCOL;
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') {
    throw new ConfigError(`STRIPE_API_PROTOCOL must be http or https, got "${protocol}"`);
  }
  return {
    billingProvider: set.length > 0 ? ('stripe' as const) : ('sandbox' as const),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      host: env.STRIPE_API_HOST || undefined,
      port: env.STRIPE_API_PORT ? positiveInt('STRIPE_API_PORT', 443) : undefined,
      protocol: protocol as 'http' | 'https' | undefined,
    },
    sandboxRateLimit: positiveInt('SANDBOX_RATE_LIMIT', 30),
    billingJobIntervalMs: jobInterval(env, nodeEnv),
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'IFTA Fuel Tax <billing@ifta.local>',
  };
}

/** Nest injection token for the AppConfig object. */
export const APP_CONFIG = Symbol('APP_CONFIG');
