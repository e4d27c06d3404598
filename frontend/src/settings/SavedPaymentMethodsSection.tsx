import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import AddCardIcon from '@mui/icons-material/AddCard';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { SettingsSection } from './SettingsSection';
import { usePaymentMethods } from '../subscription/queries';
import { SavedCardRow } from '../subscription/settings/SavedCardRow';
import { usePaymentMethodMutations } from '../subscription/settings/usePaymentMethodMutations';
import { AddCardDialog } from '../subscription/settings/AddCardDialog';
import type { PaymentMethod } from '../api/types';

/** Saved Payment Methods (docs/product-spec.md §2 Settings): the cards, their actions and how cards are used. */
export const SavedPaymentMethodsSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: cards, isPending, isError } = usePaymentMethods();
  const { remove } = usePaymentMethodMutations();
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (isError) notify('subscription.cards.load_failed', { type: 'error' });
  }, [isError, notify]);

  return (
    <SettingsSection id="payment-methods" title={translate('subscription.cards.title')} icon={<CreditCardIcon />}>
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : isError ? (
        <Alert severity="error">{translate('subscription.cards.load_failed')}</Alert>
      ) : cards.length === 0 ? (
        <Typography color="text.secondary">{translate('subscription.cards.empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {cards.map((card) => (
            <SavedCardRow key={card.id} card={card} onDelete={() => setDeleting(card)} />
          ))}
        </Stack>
      )}
      <Button variant="outlined" startIcon={<AddCardIcon />} onClick={() => setAdding(true)} sx={{ mt: 2 }}>
        {translate('subscription.cards.add')}
      </Button>
      <AddCardDialog open={adding} onClose={() => setAdding(false)} />
      <Alert severity="info" icon={<InfoOutlinedIcon />} sx={{ mt: 2.5 }}>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          <li>{translate('subscription.cards.info_saved')}</li>
          <li>{translate('subscription.cards.info_default')}</li>
          <li>{translate('subscription.cards.info_promoted')}</li>
        </Box>
      </Alert>
      <Confirm
        isOpen={deleting !== null}
        loading={remove.isPending}
        title={translate('subscription.cards.delete_title')}
        content={translate('subscription.cards.delete_confirm')}
        confirm={translate('subscription.cards.delete_button')}
        cancel={translate('common.cancel')}
        confirmColor="warning"
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </SettingsSection>
  );
};
