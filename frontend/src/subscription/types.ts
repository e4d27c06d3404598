/** Subscription, plan, card and invoice shapes of spec §3, with the field names the API sends. */
export type SubscriptionStatusValue =
  'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired';

export interface Subscription {
  id?: number | string;
  /** One of SubscriptionStatusValue; anything else is shown as Unknown. */
  status: string;
  plan?: string | null;
  plan_id?: number | string | null;
  cancel_at_period_end: boolean;
  current_period_end?: string | null;
  currentPeriodEnd?: string | null;
  trial_end?: string | null;
}

export interface Plan {
  id: number | string;
  name: string;
  description: string;
  price: number;
  currency?: string;
  interval?: string;
  trial_days: number;
  features: string[];
}

/** GET /protected/subscriptions/status: what the guards and the badge read. */
export interface SubscriptionStatus {
  subscription: Subscription | null;
  has_valid_subscription: boolean;
  plan: { name: string } | null;
  days_until_expiry: number | null;
}

/** GET /protected/subscriptions/current: the settings view. */
export interface CurrentSubscription {
  has_subscription: boolean;
  subscription: Subscription | null;
  plan: Plan | null;
  days_left: number | null;
}

/** Which card adapter is live (DESIGN.md Card payments) and the key its browser part needs. */
export type PaymentProviderName = 'stripe' | 'sandbox';
export interface PaymentConfig {
  provider: PaymentProviderName;
  publishable_key: string | null;
}

export interface PaymentMethod {
  id: number | string;
  card_brand: string;
  card_last4: string;
  card_exp_month: number;
  card_exp_year: number;
  nickname: string | null;
  is_default: boolean;
}

export interface Invoice {
  id: number | string;
  invoice_number: string | null;
  status: string;
  plan_name: string | null;
  amount: number;
  currency: string;
  period: string | null;
  description: string | null;
  created_at: string;
  paid_at: string | null;
  email_sent: boolean;
  email_sent_at: string | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
}

export interface InvoicePage {
  invoices: Invoice[];
  page: number;
  total: number;
}

/** The sandbox tokeniser's answer (DESIGN.md): never the number or the CVC. */
export interface TokenizedCard {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

export interface SandboxCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface ReactivateWithPayment {
  plan_id: Plan['id'];
  use_new_payment_method: boolean;
  payment_method_id: string | number;
}
