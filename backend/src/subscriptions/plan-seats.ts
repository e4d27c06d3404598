/**
 * Seats per plan (PLANS.md, Seats): the company's members and pending invitations, and the client companies it pays
 * for, each take one. Kept here beside the plans rather than in the `plans` table: a seat limit is a rule of this
 * code (the invitation and client routes enforce it), not a price the billing provider knows.
 */
export const PLAN_SEATS: Readonly<Record<string, number>> = {
  starter: 5,
  professional: 15,
  enterprise: 50,
};

/** A company without a valid subscription (or on a plan not listed above) has the smallest plan's seats. */
export const DEFAULT_SEAT_PLAN = 'starter';

export const seatsOf = (planId: string | null): number =>
  (planId !== null ? PLAN_SEATS[planId] : undefined) ?? PLAN_SEATS[DEFAULT_SEAT_PLAN];
