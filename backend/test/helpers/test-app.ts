import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { createApp, type CreateAppOptions } from '../../src/app.factory.js';
import { outboxMails } from './outbox-mails.js';

export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  close(): Promise<void>;
}

/**
 * One data folder per test file, so the e-mails a suite reads in <DATA_DIR>/outbox are its own. Not one per app:
 * passport keeps one 'jwt' strategy per process, so every app of a file must share the JWT secret kept there.
 */
const SUITE_DATA_DIR = mkdtempSync(join(tmpdir(), 'ifta-app-'));

/**
 * The real app (every module, the global pipe, filter and guards) on the run's test database.
 * `env` overrides settings for this app only, e.g. a low AUTH_RATE_LIMIT.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: CreateAppOptions = {},
): Promise<TestApp> {
  process.env.NODE_ENV = 'test';
  process.env.AUTH_RATE_LIMIT = '100000';
  process.env.SANDBOX_RATE_LIMIT = '100000';
  process.env.UPLOAD_RATE_LIMIT = '100000';
  process.env.UPLOAD_CONCURRENCY = '2';
  const overridable = ['FILE_JOB_THREADS', 'FILE_JOB_TIMEOUT_MS', 'FILE_JOB_QUEUE', 'FILE_JOB_UPLOAD_THREADS'];
  const quotas = [
    'RECEIPT_STORAGE_MB_PER_COMPANY',
    'CLIENT_COMPANIES_STARTER',
    'CLIENT_COMPANIES_PROFESSIONAL',
    'CLIENT_COMPANIES_ENTERPRISE',
  ];
  for (const name of [...overridable, ...quotas, 'UPLOAD_UNPACKED_MAX_MB', 'RECORDS_MAX_PER_ACCOUNT']) {
    delete process.env[name];
  }
  process.env.DATA_DIR = SUITE_DATA_DIR;
  process.env.REDIS_URL = ''; // in-process counters unless a test asks for Redis
  Object.assign(process.env, env);
  const app = await createApp(options);
  await app.init();
  return { app, http: request(app.getHttpServer()), close: () => app.close() };
}

export interface TestAccount {
  token: string;
  user: { id: string; email: string; company_name: string; email_proven?: boolean };
  auth: { Authorization: string };
  password: string;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** The sandbox provider's test cards (docs/architecture.md, Card payments). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  failsToCharge: '4000000000000341',
} as const;

/** Tokenises a card through the sandbox, as the browser's card form does, and answers the pm_sandbox_ id. */
export async function tokenizeCard(http: TestAgent, number: string = TEST_CARDS.success): Promise<string> {
  const res = await http
    .post('/api/sandbox/payment_methods')
    .send({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' })
    .expect(201);
  return res.body.id;
}

export interface RegisterOptions {
  /**
   * false: an account with no subscription (the guard refuses its paid features). Default: Enterprise, trialing,
   * the plan without a monthly report limit, so no earlier suite's volume is ever capped.
   */
  subscribed?: boolean;
  plan_id?: string;
  card?: string;
  /**
   * true: the account proves its address as its owner would, by the link mailed to it (operators need a proven
   * address). Default false: the account is signed in unproven, as right after registration, and costs no e-mail read.
   */
  proven?: boolean;
}

const PROOF_LINK = /\/verify-email\?token=([A-Za-z0-9_-]+)/;

/**
 * The token of the newest link to prove `email` in the suite's outbox (the app writes each e-mail there as a file),
 * waiting up to 5 s for it to be written.
 */
export async function proofTokenMailedTo(
  email: string,
  dataDir = process.env.DATA_DIR ?? SUITE_DATA_DIR,
): Promise<string> {
  for (let i = 0; i < 250; i += 1) {
    const tokens = outboxMails(dataDir, email).flatMap((mail) => PROOF_LINK.exec(mail)?.[1] ?? []);
    if (tokens.length > 0) return tokens[tokens.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail to prove ${email} in ${dataDir}/outbox`);
}

/**
 * Proves the account's address by following the link mailed to it with its password, as its owner would; the proof
 * ends the account's sessions, so the account's token is replaced by the one the proof answers.
 */
export async function proveAddress(http: TestAgent, account: TestAccount): Promise<TestAccount> {
  const token = await proofTokenMailedTo(account.user.email);
  const res = await http.post('/api/auth/verify-email').send({ token, password: account.password }).expect(200);
  account.token = res.body.token;
  account.user = res.body.user;
  account.auth = { Authorization: `Bearer ${res.body.token}` };
  return account;
}

/**
 * Registers a fresh company account and returns its bearer token. Unless `subscribed: false`, the account also
 * subscribes through the sandbox (Enterprise, free trial) so the paid features are open, as for a paying user.
 */
export async function registerAccount(
  http: TestAgent,
  overrides: Partial<{ email: string; password: string; company_name: string }> = {},
  options: RegisterOptions = {},
): Promise<TestAccount> {
  const body = { email: uniqueEmail(), password: 'secret123', company_name: 'Acme Freight LLC', ...overrides };
  const res = await http.post('/api/auth/register').send(body).expect(201);
  const account = {
    token: res.body.token,
    user: res.body.user,
    auth: { Authorization: `Bearer ${res.body.token}` },
    password: body.password,
  };
  if (options.proven) await proveAddress(http, account);
  if (options.subscribed !== false) {
    const payment_method = await tokenizeCard(http, options.card);
    await http
      .post('/api/protected/subscriptions')
      .set(account.auth)
      .send({ plan_id: options.plan_id ?? 'enterprise', payment_method })
      .expect(201);
  }
  return account;
}
