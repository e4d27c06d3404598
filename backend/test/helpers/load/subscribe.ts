import type { ApiClient } from './api-client.js';

/**
 * The simulated user's subscription step, the one place the load harness knows about billing. The app on this
 * branch has no subscriptions yet, so there is nothing to do; once the sandbox card provider lands, this tokenises
 * the 4242 test card and subscribes, answering false (retry) when the answer is not an acknowledgement.
 */
export async function subscribe(_api: ApiClient, _token: string): Promise<boolean> {
  return true;
}
