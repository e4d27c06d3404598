import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Report } from '../api/types';
import { TaxAmount } from './TaxAmount';

type Balanced = Pick<Report, 'settlement' | 'balance'> & { superseded?: boolean };

/** Settled: nothing left to pay or to get back. */
export const isSettled = (report: Pick<Report, 'settlement'>): boolean =>
  report.settlement === 'paid' ||
  report.settlement === 'credit_refunded' ||
  report.settlement === 'credit_carried_forward';

/** The "Paid" chip (or how a credit was settled), in the app's final-green. */
export const SettledChip = ({ report, size = 'small' }: { report: Balanced; size?: 'small' | 'medium' }) => {
  const translate = useTranslate();
  if (!report.settlement || !isSettled(report)) return null;
  return (
    <Chip
      size={size}
      data-testid="settled-chip"
      label={translate(`reports.payments.settlement.${report.settlement}`)}
      sx={{ bgcolor: '#dcfce7', color: '#166534', border: '1px solid #86efac', fontWeight: 600 }}
    />
  );
};

/**
 * A list row's payment state: the "Paid" chip once the return is settled, else what is left (a credit in green).
 * Nothing for a draft, which owes nothing yet, nor for a superseded final: its return's balance is on the amendment
 * that replaced it, and showing both would count the return twice.
 */
export const SettlementCell = ({ report }: { report: Balanced }) => {
  const translate = useTranslate();
  if (!report.settlement || report.balance === null || report.superseded) return null;
  if (isSettled(report)) return <SettledChip report={report} />;
  return (
    <span data-testid="balance-due" title={translate(`reports.payments.settlement.${report.settlement}`)}>
      <TaxAmount value={report.balance} />
    </span>
  );
};
