import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { RateNotice } from '../api/types';
import { failureReason } from '../notifications/useNotifyFailure';
import { RATE_NOTICES } from '../providers/rateNoticesProvider';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { matrixQuarterName } from '../tax-rates/rateHistory';
import { formatMoney } from './format';

/**
 * On the dashboard: each final return that IFTA's newly published matrix changes (it was filed with provisional or
 * since-corrected rates), with the difference and the amended return one confirmation away. Nothing when none is
 * open, so most carriers never see it.
 */
export const RateNoticesCard = () => {
  const translate = useTranslate();
  const { data } = useGetList<RateNotice>(RATE_NOTICES);
  const [confirming, setConfirming] = useState<RateNotice | null>(null);
  const open = (data ?? []).filter((notice) => notice.amendment_id === null);
  if (open.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="rate-notices">
      {open.map((notice) => (
        <Alert
          key={notice.id}
          severity={notice.difference > 0 ? 'warning' : 'info'}
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => setConfirming(notice)}>
              {translate('rateNotices.amend')}
            </Button>
          }
        >
          {translate(notice.difference > 0 ? 'rateNotices.more_due' : 'rateNotices.less_due', {
            report: notice.report_name,
            quarter: matrixQuarterName(notice.quarter),
            difference: formatMoney(Math.abs(notice.difference)),
            before: formatMoney(notice.previous_tax_due),
            after: formatMoney(notice.new_tax_due),
          })}
        </Alert>
      ))}
      {confirming ? <AmendDialog notice={confirming} onClose={() => setConfirming(null)} /> : null}
    </Stack>
  );
};

const AmendDialog = ({ notice, onClose }: { notice: RateNotice; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const provider = useIftaDataProvider();
  const queryClient = useQueryClient();
  // Amending builds a new report from the notice: no change to a record of the list, so a named dataProvider method.
  const amend = useMutation({
    mutationFn: () => provider.amendFromRateNotice(notice.id),
    onSuccess: (report) => {
      notify('rateNotices.amended', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: [RATE_NOTICES] });
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
      onClose();
      navigate(`/reports/${report.id}`);
    },
    onError: (error) => notify(failureReason(error, translate) ?? 'ra.notification.http_error', { type: 'error' }),
  });
  return (
    <Dialog open onClose={amend.isPending ? undefined : onClose} aria-labelledby="amend-title">
      <DialogTitle id="amend-title">{translate('rateNotices.confirm_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('rateNotices.confirm_text', {
            report: notice.report_name,
            after: formatMoney(notice.new_tax_due),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={amend.isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => amend.mutate()} disabled={amend.isPending}>
          {translate('rateNotices.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
