import { useState } from 'react';
import { Box, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useNotify, useTranslate } from 'react-admin';
import type { ModalRequest } from '../modalStore';
import type { PaymentMethod, Plan } from '../../api/types';
import { firstStep, stepAfterPlan, stepBefore, stepTitle, type Step } from './modalFlow';
import { useSubscriptionActions, type PaymentChoice } from './useSubscriptionActions';
import { PlanStep } from './PlanStep';
import { CardChoiceStep, NEW_CARD, type CardChoice } from './CardChoiceStep';
import { PaymentStep } from './PaymentStep';
import { ProcessingStep } from './ProcessingStep';
import { PlanChangeConfirm } from './PlanChangeConfirm';
import { SignOutFooter } from './SignOutFooter';

interface Props {
  request: ModalRequest;
  savedCards: PaymentMethod[];
  canClose: boolean;
  onClose: () => void;
}

/** The steps of docs/product-spec.md §4 'Subscription modal flow': plans, card choice, payment, processing. */
export const SubscriptionFlow = ({ request, savedCards, canClose, onClose }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { mode } = request;
  const hasSavedCards = savedCards.length > 0;
  const [step, setStep] = useState<Step>(() => firstStep(mode, hasSavedCards, request.currentPlanId != null));
  const [planId, setPlanId] = useState<Plan['id'] | null>(request.currentPlanId ?? null);
  // Only a reactivation may pay with a saved card; it starts on the default one.
  const [choice, setChoice] = useState<CardChoice>(() =>
    mode === 'reactivate'
      ? (savedCards.find((card) => card.is_default)?.id ?? savedCards[0]?.id ?? NEW_CARD)
      : NEW_CARD,
  );
  const [error, setError] = useState<string | null>(null);
  // A plan change is confirmed after its preview (price, charge now, date) before it applies.
  const [confirming, setConfirming] = useState<Plan['id'] | null>(null);
  // Where a failed call returns to (docs/product-spec.md §4: payment, with the error shown there).
  const [returnStep, setReturnStep] = useState<Step | null>(null);
  const { submit } = useSubscriptionActions(mode);

  const run = async (chosenPlan: Plan['id'], payment: PaymentChoice | null, returnTo: Step) => {
    setError(null);
    setReturnStep(returnTo);
    setStep('processing');
    const failure = await submit(chosenPlan, payment);
    if (failure === null) return;
    // docs/product-spec.md §4: a failure returns to the step it came from with the error shown there.
    setStep(returnTo);
    setError(failure);
    if (returnTo !== 'payment') notify(failure, { type: 'error' });
  };

  const choosePlan = (id: Plan['id']) => {
    setPlanId(id);
    setError(null);
    const next = stepAfterPlan(mode, hasSavedCards);
    if (next === 'processing' && mode === 'change') setConfirming(id);
    else if (next === 'processing') void run(id, null, 'plans');
    else setStep(next);
  };

  const back = () => {
    const previous = stepBefore(step, mode, hasSavedCards);
    if (!previous) return;
    setError(null);
    setStep(previous);
  };

  const continueFromChoice = () => {
    if (planId === null) return setStep('plans');
    if (choice === NEW_CARD) return setStep('payment');
    void run(planId, { kind: 'saved', cardId: choice }, 'choice');
  };

  return (
    <>
      <DialogTitle id="subscription-modal-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {translate(stepTitle(step, mode))}
        </Box>
        {step !== 'processing' && (
          <IconButton
            aria-label={translate('subscription.modal.close')}
            onClick={onClose}
            sx={{ color: canClose ? 'text.secondary' : 'text.disabled' }}
          >
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {step === 'plans' && confirming !== null && (
          <PlanChangeConfirm
            planId={confirming}
            onBack={() => setConfirming(null)}
            onConfirm={() => {
              setConfirming(null);
              void run(confirming, null, 'plans');
            }}
          />
        )}
        {step === 'plans' && confirming === null && (
          <PlanStep
            mode={mode}
            currentPlanId={request.currentPlanId ?? null}
            selectedPlanId={planId}
            onChoose={choosePlan}
          />
        )}
        {step === 'choice' && (
          <CardChoiceStep
            mode={mode}
            planId={planId}
            cards={savedCards}
            choice={choice}
            onChange={setChoice}
            onBack={back}
            onContinue={continueFromChoice}
          />
        )}
        {/* Kept mounted while the card is being charged, so a declined card can be corrected, not retyped. */}
        {(step === 'payment' || (step === 'processing' && returnStep === 'payment')) && planId !== null && (
          <Box sx={{ display: step === 'payment' ? 'block' : 'none' }}>
            <PaymentStep
              mode={mode}
              planId={planId}
              error={error}
              onBack={back}
              onPaymentMethod={(paymentMethodId) => run(planId, { kind: 'new', paymentMethodId }, 'payment')}
            />
          </Box>
        )}
        {step === 'processing' && <ProcessingStep />}
        {error && step !== 'payment' && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {translate(error, { _: error })}
          </Typography>
        )}
      </DialogContent>
      {!canClose && step !== 'processing' && <SignOutFooter />}
    </>
  );
};
