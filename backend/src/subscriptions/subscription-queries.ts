import { type EntityManager, In } from 'typeorm';
import { Subscription } from './entities/subscription.entity.js';
import { LIVE_STATUSES } from './subscription-rules.js';

/** The account's newest subscription, whatever its status: what the status, settings view and guard show. */
export function latestSubscription(manager: EntityManager, userId: string): Promise<Subscription | null> {
  return manager.findOne(Subscription, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
}

/** The account's one live subscription (active, trialing, past_due or incomplete), if any. */
export function liveSubscription(manager: EntityManager, userId: string): Promise<Subscription | null> {
  return manager.findOneBy(Subscription, { userId, status: In([...LIVE_STATUSES]) });
}
