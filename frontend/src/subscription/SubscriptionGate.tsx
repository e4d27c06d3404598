import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSubscriptionStatus } from './queries';
import { SubscriptionWaitScreen } from './SubscriptionWaitScreen';
import { useOpenModalWithoutSubscription } from './useOpenModalWithoutSubscription';
import { useSubscriptionRequiredGuard } from './useSubscriptionRequiredGuard';
import { closeSubscriptionModal, useSubscriptionModalRequest } from './modalStore';

// The modal, its card forms and (with Stripe) Stripe.js load only when someone has to subscribe.
const SubscriptionModal = lazy(() => import('./modal/SubscriptionModal'));

/** Whether `pathname` is a page of the operator console (its resources live under /operator). */
export const isOperatorConsole = (pathname: string) => pathname === '/operator' || pathname.startsWith('/operator/');

/**
 * Sits in the private layout: a signed-in company without a valid subscription meets the modal,
 * and any call the server refuses for want of one opens it too.
 */
export const SubscriptionGate = () => {
  const status = useSubscriptionStatus();
  const request = useSubscriptionModalRequest();
  const { pathname } = useLocation();
  // The operator console is the platform's, not a company's: an operator needs no plan to keep IFTA's rates, so the
  // console never opens the modal by itself (the server checks operator rights, not a subscription, on its routes).
  useOpenModalWithoutSubscription(status, { suppressed: isOperatorConsole(pathname) });
  useSubscriptionRequiredGuard();
  // Signing out unmounts the layout; the next person to sign in must not inherit an open modal.
  useEffect(() => closeSubscriptionModal, []);
  return (
    <>
      {status.isPending && <SubscriptionWaitScreen />}
      {request && (
        <Suspense fallback={null}>
          <SubscriptionModal request={request} hasValidSubscription={status.data?.has_valid_subscription ?? false} />
        </Suspense>
      )}
    </>
  );
};
