import { Box, Button, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import AddCardIcon from '@mui/icons-material/AddCard';
import { useNotify, useTranslate } from 'react-admin';
import { brandName, formatExpiry } from '../statusRules';
import type { ModalMode } from '../modalStore';
import type { PaymentMethod, Plan } from '../../api/types';
import { SelectedPlanSummary } from './SelectedPlanSummary';

export const NEW_CARD = 'new';
export type CardChoice = PaymentMethod['id'] | typeof NEW_CARD;

interface Props {
  mode: ModalMode;
  planId: Plan['id'] | null;
  cards: PaymentMethod[];
  choice: CardChoice;
  onChange: (choice: CardChoice) => void;
  onBack: () => void;
  onContinue: () => void;
}

/**
 * Step 'choice': a saved card or a new one. docs/product-spec.md §5: creating a subscription needs a new card, so a
 * saved card picked then is refused with a message and the choice goes back to a new card.
 */
export const CardChoiceStep = ({ mode, planId, cards, choice, onChange, onBack, onContinue }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();

  const change = (value: string) => {
    if (value === NEW_CARD) return onChange(NEW_CARD);
    if (mode === 'create') {
      notify('subscription.choice.requires_new_card', { type: 'warning' });
      return onChange(NEW_CARD);
    }
    const card = cards.find((candidate) => String(candidate.id) === value);
    if (card) onChange(card.id);
  };

  return (
    <Box>
      {planId !== null && <SelectedPlanSummary planId={planId} />}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('subscription.choice.intro')}
      </Typography>
      <RadioGroup
        aria-label={translate('subscription.modal.titles.choice')}
        value={String(choice)}
        onChange={(event) => change(event.target.value)}
        sx={{ gap: 1 }}
      >
        {cards.map((card) => (
          <FormControlLabel
            key={card.id}
            value={String(card.id)}
            control={<Radio />}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, px: 1, py: 0.5 }}
            label={
              <Box>
                <Typography sx={{ fontWeight: 600 }}>
                  {translate('subscription.choice.card', { brand: brandName(card.card_brand), last4: card.card_last4 })}
                  {card.nickname ? ` · ${card.nickname}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('subscription.choice.expires', {
                    date: formatExpiry(card.card_exp_month, card.card_exp_year),
                  })}
                </Typography>
              </Box>
            }
          />
        ))}
        <FormControlLabel
          value={NEW_CARD}
          control={<Radio />}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, px: 1, py: 0.5 }}
          label={
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <AddCardIcon fontSize="small" color="primary" />
              <Typography sx={{ fontWeight: 600 }}>{translate('subscription.choice.new_card')}</Typography>
            </Box>
          }
        />
      </RadioGroup>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
        <Button onClick={onBack}>{translate('subscription.modal.back')}</Button>
        <Button variant="contained" onClick={onContinue}>
          {translate('subscription.choice.continue')}
        </Button>
      </Box>
    </Box>
  );
};
