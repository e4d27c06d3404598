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

/**
 * A plan's monthly report cap (subscriptions/PLANS.md, Usage limit). The guard reads it with the subscription; the
 * write that uses the room enforces it again in its own statement, where concurrent saves cannot all see room.
 */
export interface ReportCap {
  limit: number;
  planName: string;
}

export const usageLimitMessage = (cap: ReportCap) =>
  `Limit reached: your ${cap.planName} plan includes ${cap.limit} reports per month. Upgrade your plan to create more.`;

/**
 * How many seats a company's plan gives (subscriptions/PLANS.md, Seats): members and pending invitations of the
 * company, and client companies it pays for, each take one.
 */
export interface SeatAllowance {
  limit: number;
  planName: string;
}

export const seatLimitMessage = (allowance: SeatAllowance) =>
  `Seat limit reached: your ${allowance.planName} plan includes ${allowance.limit} seats (members, pending invitations and clients billed to you). Upgrade your plan to add more.`;

/** The plan of a valid subscription: its id (`starter`…) and the name a message shows. */
export interface ValidPlan {
  id: string;
  name: string;
}

export type AccessDecision =
  | { allowed: true; reportCap?: ReportCap | null }
  | { allowed: false; code: 'SUBSCRIPTION_REQUIRED' }
  | { allowed: false; code: 'USAGE_LIMIT_REACHED'; message: string; limit: number; used: number };

/** What the request is about, where a limit depends on it: `reportId` for a rewrite of an existing report. */
export interface AccessContext {
  reportId?: string;
}

export abstract class SubscriptionAccess {
  /** Without a feature: whether paid features are open at all (a valid subscription, no usage limit asked). */
  abstract check(userId: string, feature?: GuardedFeature, context?: AccessContext): Promise<AccessDecision>;
  /** The account's monthly report cap, or null when its plan (or lack of one) has none. */
  abstract reportCap(userId: string): Promise<ReportCap | null>;
  /** Whether a subscription will charge the account's default card again (active or trialing, not set to cancel). */
  abstract renewsOnCard(userId: string): Promise<boolean>;
  /** The seats the plan that pays for the company gives (a company without a valid subscription: the smallest plan's). */
  abstract seatAllowance(companyId: string): Promise<SeatAllowance>;
  /** The plan of the valid subscription that pays for the company (its preparer's for a client it pays for), or null. */
  abstract validPlan(companyId: string): Promise<ValidPlan | null>;
}
