import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { createApp, type CreateAppOptions } from '../../src/app.factory.js';

export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  close(): Promise<void>;
}

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
  process.env.REDIS_URL = ''; // in-process counters unless a test asks for Redis
  Object.assign(process.env, env);
  const app = await createApp(options);
  await app.init();
  return { app, http: request(app.getHttpServer()), close: () => app.close() };
}

export interface TestAccount {
  token: string;
  user: { id: string; email: string; company_name: string };
  auth: { Authorization: string };
  password: string;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** Registers a fresh company account and returns its bearer token. */
export async function registerAccount(
  http: TestAgent,
  overrides: Partial<{ email: string; password: string; company_name: string }> = {},
): Promise<TestAccount> {
  const body = { email: uniqueEmail(), password: 'secret123', company_name: 'Acme Freight LLC', ...overrides };
  const res = await http.post('/api/auth/register').send(body).expect(201);
  return {
    token: res.body.token,
    user: res.body.user,
    auth: { Authorization: `Bearer ${res.body.token}` },
    password: body.password,
  };
}
