import { afterEach, describe, expect, it } from '@jest/globals';
import { createTestApp } from './helpers/test-app.js';
import { captureLogs } from './helpers/log-capture.js';

const SAVED = { ...process.env };
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'fail-closed-test-secret-fail-closed-test-secret',
  LOG_LEVEL: 'info',
  STRIPE_SECRET_KEY: '',
  STRIPE_PUBLISHABLE_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
};

/** In production a missing Stripe key must not open the test-card sandbox to real customers. */
describe('payments fail closed in production', () => {
  afterEach(() => {
    process.env = { ...SAVED };
  });

  it('refuses to start without Stripe keys', async () => {
    await expect(createTestApp({ ...PRODUCTION, PAYMENT_PROVIDER: '' })).rejects.toThrow(
      'NODE_ENV=production needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  });

  it('starts the sandbox when PAYMENT_PROVIDER=sandbox is set, and warns in the log', async () => {
    const logs = captureLogs();
    const t = await createTestApp({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' }, { logDestination: logs.stream });
    try {
      const res = await t.http.get('/api/subscriptions/plans').expect(200);
      expect(res.body).toMatchObject({ provider: 'sandbox' });
      expect(logs.lines()).toContainEqual(
        expect.objectContaining({ level: 40, msg: expect.stringContaining('PAYMENT_PROVIDER=sandbox in production') }),
      );
    } finally {
      await t.close();
    }
  });
});
