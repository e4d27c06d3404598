import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /** Invitations a company may send in an hour, revoked ones included (an invite/revoke loop sends mail each time). */
  invitationRateLimit: number;
  /** At most one password-reset e-mail per account in this long, whatever address asks. */
  resetMailIntervalMs: number;
  logLevel: string;
  /** Folder of the built frontend served at `/`; absent in API-only runs. */
  frontendDist: string;
  bodyLimit: string;
  /**
   * Express's `trust proxy`: false trusts no X-Forwarded-For (the default), a number trusts that many proxy hops,
   * a list trusts the proxies at those addresses or CIDR ranges (README, Behind a reverse proxy).
   */
  trustProxy: false | number | string[];
  /** Invoice resends and provider syncs per minute per account. */
  billingActionRateLimit: number;
  /** Failed sign-ins allowed per e-mail address and client in LOGIN_FAILURE_WINDOW_MINUTES. */
  loginFailureLimit: number;
  loginFailureWindowMs: number;
  /** Failed sign-ins per e-mail address, from every client, past which sign-ins from unknown clients are spaced out. */
  loginEmailFailureCeiling: number;
  /** The longest wait between two sign-ins of one e-mail address past its ceiling. */
  loginBackoffMaxMs: number;
  /** The receipt bytes one company may keep (RECEIPT_STORAGE_MB_PER_COMPANY); an upload past it is refused whole. */
  receiptStorageBytesPerCompany: number;
  /**
   * Client companies a practice may manage, by the plan of its valid subscription (CLIENT_COMPANIES_STARTER, …);
   * a company without a valid subscription may add none.
   */
  clientCompanyLimits: Readonly<Record<string, number>>;
  /** How long a replica trusts its cached answer that a sign-in session is live (revocation delay elsewhere). */
  authSessionCacheMs: number;
  /** Where links in e-mails point (password reset); no trailing slash. */
  publicUrl: string;
  /** Shared rate-limit counters across replicas; empty means in-process counters. */
  redisUrl: string;
  /** Longest any Redis call may take before the limits count in this process instead. */
  redisTimeoutMs: number;
  /** How long Redis is left alone after failing several calls in a row, before one call probes it again. */
  redisBreakerCoolDownMs: number;
  /** Card provider: 'stripe' when STRIPE_SECRET_KEY is set, else the built-in sandbox. */
  billingProvider: 'sandbox' | 'stripe';
  /** True when production runs the sandbox because PAYMENT_PROVIDER=sandbox asked for it (logged as a warning). */
  sandboxInProduction: boolean;
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
  /** How often each replica tries the filing-reminder job (0: never; tests run it themselves). */
  reminderJobIntervalMs: number;
  /** How often each replica tries the e-mail sender and the password resets left behind (0: on enqueue only; tests). */
  outboxJobIntervalMs: number;
  /** The first wait before a failed e-mail is tried again; it doubles with each failure, up to an hour. */
  mailRetryBaseMs: number;
  /** How long after it was written an e-mail that keeps failing is given up (marked failed, an error logged). */
  mailGiveUpMs: number;
  /** Longest one delivery may take, from connecting to the answer; it is cut there. Its claim lasts twice that. */
  mailSendTimeoutMs: number;
  /** Empty means: write e-mails as .eml files to `dataDir/outbox`. */
  smtpUrl: string;
  mailFrom: string;
  /** On SIGTERM: how long the replica keeps serving while its health check answers 503, so a proxy stops sending. */
  shutdownDelayMs: number;
  /** On SIGTERM: how long requests already in flight may take before their connections are closed. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

/** Hours as milliseconds; fractions allowed (a test gives up after a second: 0.0003). */
function positiveHours(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback * 3_600_000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number, got "${raw}"`);
  return Math.round(value * 3_600_000);
}

export function nonNegativeInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a whole number of 0 or more, got "${raw}"`);
  }
  return value;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset or "false" trusts nothing; "2" trusts two hops; "10.0.0.0/8, 127.0.0.1" trusts those. */
export function trustProxyFrom(raw: string | undefined): false | number | string[] {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (PROXY_NAMES.has(entry) || (family !== 0 && prefixOk && extra === undefined)) continue;
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxy hops or a comma-separated list of IP addresses or CIDR ranges, got "${entry}"`,
    );
  }
  return entries;
}

function wholeMs(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new ConfigError(`${name} must be a whole number of ms, got "${raw}"`);
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
    invitationRateLimit: positiveInt('INVITATION_RATE_LIMIT', 30),
    resetMailIntervalMs: positiveInt('RESET_MAIL_INTERVAL_MINUTES', 5) * 60_000,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    billingActionRateLimit: positiveInt('BILLING_ACTION_RATE_LIMIT', 10),
    loginFailureLimit: positiveInt('LOGIN_FAILURE_LIMIT', 10),
    loginFailureWindowMs: positiveInt('LOGIN_FAILURE_WINDOW_MINUTES', 15) * 60_000,
    loginEmailFailureCeiling: positiveInt('LOGIN_EMAIL_FAILURE_CEILING', 100),
    loginBackoffMaxMs: positiveInt('LOGIN_BACKOFF_MAX_SECONDS', 60) * 1000,
    authSessionCacheMs: sessionCacheMs(env.AUTH_SESSION_CACHE_SECONDS),
    receiptStorageBytesPerCompany: positiveInt('RECEIPT_STORAGE_MB_PER_COMPANY', 2048) * 1024 * 1024,
    clientCompanyLimits: {
      starter: nonNegativeInt('CLIENT_COMPANIES_STARTER', 5),
      professional: nonNegativeInt('CLIENT_COMPANIES_PROFESSIONAL', 25),
      enterprise: nonNegativeInt('CLIENT_COMPANIES_ENTERPRISE', 250),
    },
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    frontendDist: resolve(env.FRONTEND_DIST ?? fileURLToPath(new URL('../../../frontend/dist', import.meta.url))),
    bodyLimit: env.BODY_LIMIT ?? '1mb',
    redisUrl: env.REDIS_URL ?? '',
    redisTimeoutMs: positiveInt('REDIS_TIMEOUT_MS', 200),
    redisBreakerCoolDownMs: positiveInt('REDIS_BREAKER_COOLDOWN_MS', 5_000),
    shutdownDelayMs: wholeMs('SHUTDOWN_DELAY_MS', 0),
    shutdownTimeoutMs: wholeMs('SHUTDOWN_TIMEOUT_MS', 10_000),
    ...billingConfig(env, nodeEnv),
  };
}

/** At most 60 s, so a revoked or deleted account's token answers 401 within a minute on every replica. */
function sessionCacheMs(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 30_000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 60) {
    throw new ConfigError(`AUTH_SESSION_CACHE_SECONDS must be a number from 0 to 60, got "${raw}"`);
  }
  return value * 1000;
}

/** Tests run the renewal job themselves on a moved clock, so by default no timer races them there. */
function jobInterval(env: NodeJS.ProcessEnv, nodeEnv: string, name = 'BILLING_JOB_INTERVAL_MS'): number {
  const raw = env[name];
  if (raw === '0') return 0;
  if (raw === undefined || raw === '') return nodeEnv === 'test' ? 0 : 60_000;
  return positiveInt(name, 60_000);
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
  const requested = env.PAYMENT_PROVIDER ?? '';
  if (requested !== '' && requested !== 'sandbox' && requested !== 'stripe') {
    throw new ConfigError(`PAYMENT_PROVIDER must be sandbox or stripe, got "${requested}"`);
  }
  if (requested === 'stripe' && set.length === 0) {
    throw new ConfigError(
      'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  // Fail closed: in production a forgotten key must not open the test-card sandbox to real customers.
  const sandboxInProduction = nodeEnv === 'production' && set.length === 0;
  if (sandboxInProduction && requested !== 'sandbox') {
    throw new ConfigError(
      'NODE_ENV=production needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET; ' +
        'set PAYMENT_PROVIDER=sandbox to run the test-card sandbox on purpose',
    );
  }
  return {
    billingProvider: set.length > 0 ? ('stripe' as const) : ('sandbox' as const),
    sandboxInProduction,
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
    reminderJobIntervalMs: jobInterval(env, nodeEnv, 'REMINDER_JOB_INTERVAL_MS'),
    outboxJobIntervalMs: nonNegativeInt('OUTBOX_JOB_INTERVAL_MS', nodeEnv === 'test' ? 0 : 5_000),
    mailRetryBaseMs: positiveInt('MAIL_RETRY_BASE_MS', 30_000),
    mailGiveUpMs: positiveHours('MAIL_GIVE_UP_HOURS', 24),
    mailSendTimeoutMs: positiveInt('MAIL_SEND_TIMEOUT_MS', 60_000),
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'IFTA Fuel Tax <billing@ifta.local>',
  };
}

/** Nest injection token for the AppConfig object. */
export const APP_CONFIG = Symbol('APP_CONFIG');
