/**
 * Subscription Management (spec §2 Settings): plan, status badge, days left, Change Plan,
 * Cancel/Renew. The subscriptions issue fills this in; the settings page already renders it first.
 */
export const SubscriptionManagementSection = () => null;
