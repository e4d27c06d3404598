import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, trustProxyFrom } from './app-config.js';

const KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_PROTOCOL',
  'BILLING_JOB_INTERVAL_MS',
  'SMTP_URL',
  'PAYMENT_PROVIDER',
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
    process.env.PAYMENT_PROVIDER = 'sandbox'; // production without Stripe keys must ask for the sandbox
    expect(loadConfig().billingJobIntervalMs).toBe(60_000);
    process.env.BILLING_JOB_INTERVAL_MS = '0';
    expect(loadConfig().billingJobIntervalMs).toBe(0);
    delete process.env.BILLING_JOB_INTERVAL_MS;
    process.env.NODE_ENV = 'test';
    expect(loadConfig().billingJobIntervalMs).toBe(0);
  });

  describe('payments fail closed in production', () => {
    beforeEach(() => {
      process.env.NODE_ENV = 'production';
    });

    it('refuses to start without Stripe keys', () => {
      expect(() => loadConfig()).toThrow(ConfigError);
      expect(() => loadConfig()).toThrow('NODE_ENV=production needs STRIPE_SECRET_KEY');
    });

    it('runs the sandbox only when PAYMENT_PROVIDER=sandbox says so, and flags it for the warning', () => {
      process.env.PAYMENT_PROVIDER = 'sandbox';
      const config = loadConfig();
      expect(config.billingProvider).toBe('sandbox');
      expect(config.sandboxInProduction).toBe(true);
    });

    it('starts on Stripe with all three keys, without the sandbox flag', () => {
      process.env.STRIPE_SECRET_KEY = 'sk_live_1';
      process.env.STRIPE_PUBLISHABLE_KEY = 'pk_live_1';
      process.env.STRIPE_WEBHOOK_SECRET = 'whsec_1';
      const config = loadConfig();
      expect(config.billingProvider).toBe('stripe');
      expect(config.sandboxInProduction).toBe(false);
    });

    it('refuses an unknown PAYMENT_PROVIDER and PAYMENT_PROVIDER=stripe without keys', () => {
      process.env.PAYMENT_PROVIDER = 'paypal';
      expect(() => loadConfig()).toThrow('PAYMENT_PROVIDER must be sandbox or stripe');
      process.env.PAYMENT_PROVIDER = 'stripe';
      expect(() => loadConfig()).toThrow('PAYMENT_PROVIDER=stripe needs');
    });

    it('keeps the keyless sandbox outside production', () => {
      process.env.NODE_ENV = 'development';
      expect(loadConfig().sandboxInProduction).toBe(false);
    });
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nothing by default, a hop count, or a list of addresses and CIDR ranges', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('')).toBe(false);
    expect(trustProxyFrom('false')).toBe(false);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('10.0.0.0/8, 192.168.1.4,fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the bad entry', () => {
    expect(() => trustProxyFrom('true')).toThrow('got "true"');
    expect(() => trustProxyFrom('10.0.0.0/33')).toThrow('got "10.0.0.0/33"');
    expect(() => trustProxyFrom('10.0.0.1, example.com')).toThrow('got "example.com"');
  });
});
