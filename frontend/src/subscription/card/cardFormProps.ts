/** What the payment step hands to either card form (sandbox inputs or Stripe's CardElement). */
export interface CardFormProps {
  submitLabel: string;
  /** A sentence or translation key from the last attempt, e.g. the server's decline message. */
  error: string | null;
  onBack: () => void;
  /** Called with the provider's payment method id once the card is tokenised. */
  onPaymentMethod: (paymentMethodId: string) => Promise<void> | void;
}
