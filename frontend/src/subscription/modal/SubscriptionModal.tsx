import { Box, CircularProgress, Dialog } from '@mui/material';
import { useNotify } from 'react-admin';
import { closeSubscriptionModal, type ModalRequest } from '../modalStore';
import { usePaymentMethods } from '../queries';
import { SubscriptionFlow } from './SubscriptionFlow';

/**
 * docs/product-spec.md §2 Subscription modal. Without a valid subscription it cannot be closed: every attempt says
 * 'Active subscription required to continue'. The flow starts once the saved cards are known, since
 * they decide the first step of a reactivation.
 */
const SubscriptionModal = ({
  request,
  hasValidSubscription,
}: {
  request: ModalRequest;
  hasValidSubscription: boolean;
}) => {
  const notify = useNotify();
  const cards = usePaymentMethods();

  const tryClose = () => {
    if (hasValidSubscription) closeSubscriptionModal();
    else notify('subscription.modal.required', { type: 'error' });
  };

  return (
    <Dialog
      open
      onClose={tryClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="subscription-modal-title"
      slotProps={{
        // The focus trap focuses the dialog itself on open; that programmatic focus needs no ring.
        paper: {
          sx: { '&:focus-visible': { outline: 'none' } },
          // MUI's slot prop types list no data-* attributes, though the paper passes them to the DOM.
          ...({ 'data-testid': 'subscription-modal' } as Record<string, string>),
        },
      }}
    >
      {cards.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress />
        </Box>
      ) : (
        <SubscriptionFlow
          // A new request (e.g. Change Plan after a reactivation) starts the flow afresh.
          key={`${request.mode}-${request.currentPlanId ?? ''}`}
          request={request}
          savedCards={cards.data ?? []}
          canClose={hasValidSubscription}
          onClose={tryClose}
        />
      )}
    </Dialog>
  );
};

export default SubscriptionModal;
