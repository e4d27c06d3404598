/**
 * Saved Payment Methods (spec §2 Settings): cards with brand, last 4, expiry, Default badge,
 * nickname; set default, rename, delete. The payment-methods issue fills this in.
 */
export const SavedPaymentMethodsSection = () => null;
