/**
 * What the SubscriptionGuard asks and the subscriptions module answers. Declared here, implemented there, so
 * common/ does not depend on a feature module.
 */
export const GUARDED_FEATURES = [
  'report_creation',
  'report_export',
  'calculator',
  'tax_rate_management',
  'settings',
] as const;
export type GuardedFeature = (typeof GUARDED_FEATURES)[number];

export const SUBSCRIPTION_REQUIRED = 'Active subscription required to use this feature';

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; code: 'SUBSCRIPTION_REQUIRED' }
  | { allowed: false; code: 'USAGE_LIMIT_REACHED'; message: string; limit: number; used: number };

/** What the request is about, where a limit depends on it: `reportId` for a rewrite of an existing report. */
export interface AccessContext {
  reportId?: string;
}

export abstract class SubscriptionAccess {
  /** Without a feature: whether paid features are open at all (a valid subscription, no usage limit asked). */
  abstract check(userId: string, feature?: GuardedFeature, context?: AccessContext): Promise<AccessDecision>;
}
