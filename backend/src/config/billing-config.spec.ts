import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';

const KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_PROTOCOL',
  'BILLING_JOB_INTERVAL_MS',
  'SMTP_URL',
];

describe('billing configuration', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    for (const key of KEYS) delete process.env[key];
    process.env.JWT_SECRET = 'x'.repeat(40);
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('uses the sandbox when no Stripe key is set', () => {
    expect(loadConfig().billingProvider).toBe('sandbox');
  });

  it('uses Stripe when all three keys are set', () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_1';
    process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_1';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_1';
    const config = loadConfig();
    expect(config.billingProvider).toBe('stripe');
    expect(config.stripe).toMatchObject({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
    });
  });

  it('refuses a partial set of Stripe keys and names the missing ones', () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_1';
    expect(() => loadConfig()).toThrow(ConfigError);
    expect(() => loadConfig()).toThrow('STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set');
  });

  it('refuses a protocol other than http or https', () => {
    process.env.STRIPE_API_PROTOCOL = 'ftp';
    expect(() => loadConfig()).toThrow('STRIPE_API_PROTOCOL must be http or https');
  });

  it('runs the renewal timer every minute outside tests, never by default in tests, and not at all with 0', () => {
    process.env.NODE_ENV = 'production';
    expect(loadConfig().billingJobIntervalMs).toBe(60_000);
    process.env.BILLING_JOB_INTERVAL_MS = '0';
    expect(loadConfig().billingJobIntervalMs).toBe(0);
    delete process.env.BILLING_JOB_INTERVAL_MS;
    process.env.NODE_ENV = 'test';
    expect(loadConfig().billingJobIntervalMs).toBe(0);
  });
});
