/**
 * The plan name, status text and days remaining of spec §2, shown at the top of the dashboard. A placeholder
 * that renders nothing: the subscriptions issue fills it in, so the dashboard already keeps its place.
 */
export const SubscriptionBadge = () => null;
