import { randomUUID } from 'node:crypto';
import type { ApiClient } from './api-client.js';

/**
 * The simulated user's subscription step, the one place the load harness knows about billing: tokenise the
 * sandbox's 4242 test card and subscribe to the plan without a report limit. A build without billing answers 404
 * to the sandbox, and there is nothing to subscribe to. Answers false (retry later) when either call is not
 * acknowledged; the idempotency key makes a retried subscribe safe.
 */
export async function subscribe(api: ApiClient, token: string, key: string = randomUUID()): Promise<boolean> {
  const card = await api.call('POST', '/api/sandbox/payment_methods', undefined, {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    cvc: '123',
  });
  if (card.kind === 'refused' && card.status === 404) return true;
  if (card.kind !== 'ack') return false;
  const paymentMethod = (card.body as { id: string }).id;
  const subscribed = await api.call(
    'POST',
    '/api/protected/subscriptions',
    token,
    { plan_id: 'enterprise', payment_method: paymentMethod },
    { 'Idempotency-Key': key },
  );
  return subscribed.kind === 'ack';
}
