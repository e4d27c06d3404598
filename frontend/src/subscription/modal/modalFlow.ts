import type { ModalMode } from '../modalStore';

/** The modal's steps (docs/product-spec.md §2, §4 Subscription modal flow). */
export type Step = 'plans' | 'choice' | 'payment' | 'processing';

/** Reactivation starts at the card choice with the current plan preselected; the others at the plans. */
export const firstStep = (mode: ModalMode, hasSavedCards: boolean, hasCurrentPlan: boolean): Step => {
  if (mode !== 'reactivate' || !hasCurrentPlan) return 'plans';
  return hasSavedCards ? 'choice' : 'payment';
};

/** After a plan: the card choice when saved cards exist, otherwise the card form. A plan change needs no card. */
export const stepAfterPlan = (mode: ModalMode, hasSavedCards: boolean): Step => {
  if (mode === 'change') return 'processing';
  return hasSavedCards ? 'choice' : 'payment';
};

/** Back from payment: to the choice when saved cards exist and this is not a reactivation, else to the plans. */
export const stepBefore = (step: Step, mode: ModalMode, hasSavedCards: boolean): Step | null => {
  if (step === 'payment') return hasSavedCards && mode !== 'reactivate' ? 'choice' : 'plans';
  if (step === 'choice') return 'plans';
  return null;
};

const STEP_TITLES: Record<Step, string> = {
  plans: 'subscription.modal.titles.plans',
  choice: 'subscription.modal.titles.choice',
  payment: 'subscription.modal.titles.payment',
  processing: 'subscription.modal.titles.processing',
};

/** Choose Your Plan, Payment Method, Payment Information, Creating Subscription..., or Resume Subscription. */
export const stepTitle = (step: Step, mode: ModalMode): string =>
  mode === 'reactivate' && step !== 'processing' ? 'subscription.modal.titles.reactivate' : STEP_TITLES[step];
