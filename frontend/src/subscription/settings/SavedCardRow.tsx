import { useState } from 'react';
import { Box, Button, Chip, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslate } from 'react-admin';
import { brandName, formatExpiry } from '../statusRules';
import type { PaymentMethod } from '../../api/types';
import { NicknameEditor } from './NicknameEditor';
import { usePaymentMethodMutations } from './usePaymentMethodMutations';

/** One saved card: brand and last 4, MM/YYYY, Default badge, nickname ('No name'), and its actions. */
export const SavedCardRow = ({ card, onDelete }: { card: PaymentMethod; onDelete: () => void }) => {
  const translate = useTranslate();
  const { setDefault, rename } = usePaymentMethodMutations();
  const [editing, setEditing] = useState(false);
  const label = translate('subscription.cards.card', { brand: brandName(card.card_brand), last4: card.card_last4 });

  return (
    <Paper
      variant="outlined"
      component="li"
      data-testid="saved-card"
      aria-label={label}
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', listStyle: 'none' }}
    >
      <CreditCardIcon color="action" />
      <Box sx={{ flexGrow: 1, minWidth: 200 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          {card.is_default && (
            <Chip
              size="small"
              color="primary"
              label={translate('subscription.cards.default')}
              data-testid="default-badge"
            />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate('subscription.cards.expires', { date: formatExpiry(card.card_exp_month, card.card_exp_year) })}
        </Typography>
        {editing ? (
          <Box sx={{ mt: 1 }}>
            <NicknameEditor
              initial={card.nickname ?? ''}
              busy={rename.isPending}
              onCancel={() => setEditing(false)}
              onSave={(nickname) => rename.mutate({ id: card.id, nickname }, { onSuccess: () => setEditing(false) })}
            />
          </Box>
        ) : (
          <Typography
            variant="body2"
            data-testid="card-nickname"
            sx={{
              fontStyle: card.nickname ? 'normal' : 'italic',
              color: card.nickname ? 'text.primary' : 'text.secondary',
            }}
          >
            {card.nickname || translate('subscription.cards.no_name')}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {!card.is_default && (
          <Button size="small" onClick={() => setDefault.mutate(card.id)} disabled={setDefault.isPending}>
            {translate('subscription.cards.set_default')}
          </Button>
        )}
        <Tooltip title={translate('subscription.cards.edit_nickname', { card: label })}>
          <IconButton
            aria-label={translate('subscription.cards.edit_nickname', { card: label })}
            onClick={() => setEditing(true)}
            disabled={editing}
          >
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('subscription.cards.delete', { card: label })}>
          <IconButton aria-label={translate('subscription.cards.delete', { card: label })} onClick={onDelete}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </Paper>
  );
};
