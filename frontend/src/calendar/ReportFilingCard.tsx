import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/EventAvailable';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { SectionCard } from '../components/SectionCard';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { formatMoney } from '../reports/format';
import { formatDay, todayForAccount } from './displaySettings';
import type { ReportFiling } from '../api/types';

interface Props {
  report: ReportFiling & { id: string; status: 'draft' | 'final' };
}

const Line = ({ label, value, testId, hint }: { label: string; value: string; testId: string; hint?: string }) => (
  <Box sx={{ minWidth: 180 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid={testId}>
      {value}
    </Typography>
    {hint ? (
      <Typography variant="caption" color="text.secondary">
        {hint}
      </Typography>
    ) : null}
  </Box>
);

/** The report's place in the filing calendar: due date, filing day (editable on a final report), penalty, interest. */
export const ReportFilingCard = ({ report }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const [filedAt, setFiledAt] = useState(report.filed_at ?? '');
  const save = useMutation({
    mutationFn: (day: string) => dataProvider.updateReportFiling(report.id, day),
    onSuccess: async () => {
      notify('calendar.filing.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
    onError: (failure) => notify(errorMessage(failure, 'reports.errors.load_one'), { type: 'error' }),
  });
  const late = report.penalty !== null;
  const interestText =
    report.interest !== null
      ? formatMoney(report.interest)
      : translate(report.interest_rate_missing ? 'calendar.filing.rate_missing' : 'calendar.filing.on_time');

  return (
    <SectionCard id="report-filing" title={translate('calendar.filing.title')} icon={<EventIcon />}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
        <Line
          label={translate('calendar.filing.due_date')}
          testId="filing-due-date"
          value={report.due_date ? formatDay(report.due_date) : translate('calendar.filing.no_period')}
        />
        {report.status === 'final' ? (
          <Box
            component="form"
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
            onSubmit={(event) => {
              event.preventDefault();
              if (filedAt) save.mutate(filedAt);
            }}
          >
            <TextField
              type="date"
              size="small"
              name="filed_at"
              label={translate('calendar.filing.filed_at')}
              value={filedAt}
              onChange={(event) => setFiledAt(event.target.value)}
              helperText={report.filed_at ? formatDay(report.filed_at) : undefined}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { max: todayForAccount(), 'data-testid': 'filed-at-input' },
              }}
            />
            <Button
              type="submit"
              variant="outlined"
              sx={{ whiteSpace: 'nowrap', height: 40 }}
              disabled={save.isPending || !filedAt || filedAt === report.filed_at}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate(save.isPending ? 'calendar.filing.saving' : 'calendar.filing.save')}
            </Button>
          </Box>
        ) : (
          <Line
            label={translate('calendar.filing.filed_at')}
            testId="filing-filed-at"
            value={translate('calendar.filing.not_filed')}
          />
        )}
        {report.status === 'final' && !late ? (
          <Line
            label={translate('calendar.filing.penalty')}
            testId="filing-penalty"
            value={translate('calendar.filing.on_time')}
          />
        ) : null}
        {late ? (
          <>
            <Line
              label={translate('calendar.filing.penalty')}
              testId="filing-penalty"
              value={formatMoney(report.penalty)}
              hint={translate('calendar.filing.penalty_rule')}
            />
            <Line
              label={translate('calendar.filing.interest')}
              testId="filing-interest"
              value={interestText}
              hint={translate('calendar.filing.interest_rule')}
            />
          </>
        ) : null}
      </Box>
      {late ? (
        <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
          {translate('calendar.filing.amounts_in_usd')}
        </Alert>
      ) : null}
    </SectionCard>
  );
};
