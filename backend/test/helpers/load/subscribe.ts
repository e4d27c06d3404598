import type { ApiClient } from './api-client.js';

/**
 * The simulated user's subscription step, the one place the load harness knows about billing: tokenise the 4242
 * sandbox test card and subscribe to Enterprise (no monthly report limit, so the load is never capped). Answers
 * false (retry) when an answer is not an acknowledgement; a 409 means an earlier, lost answer did subscribe.
 */
export async function subscribe(api: ApiClient, token: string): Promise<boolean> {
  const card = await api.call('POST', '/api/sandbox/payment_methods', undefined, {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    cvc: '123',
  });
  if (card.kind !== 'ack') return false;
  const { id } = card.body as { id: string };
  const outcome = await api.call('POST', '/api/protected/subscriptions', token, {
    plan_id: 'enterprise',
    payment_method: id,
  });
  return outcome.kind === 'ack' || (outcome.kind === 'refused' && outcome.status === 409);
}
