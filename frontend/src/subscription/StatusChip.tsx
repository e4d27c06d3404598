import { useTranslate } from 'react-admin';
import { ToneChip } from './ToneChip';
import { formatDate, statusDisplay } from './statusRules';
import type { Subscription } from '../api/types';

/** The subscription's status text and colour of docs/product-spec.md §4. */
export const StatusChip = ({ subscription }: { subscription: Subscription }) => {
  const translate = useTranslate();
  const { key, tone, until } = statusDisplay(subscription);
  return <ToneChip testId="subscription-status" tone={tone} label={translate(key, { date: formatDate(until) })} />;
};
