import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DashboardCard } from '../dashboard/DashboardCard';
import { formatMoney } from '../reports/format';
import { formatDay } from './displaySettings';
import { FilingStateChip } from './FilingStateChip';
import { useFilingCalendar } from './useFilingCalendar';

/**
 * The dashboard's filing calendar: the return still to file (the oldest unfiled quarter, in red with the penalty and
 * interest accruing when it is overdue, else the next one due) and the last four quarters' states.
 */
export const NextDueCard = () => {
  const translate = useTranslate();
  const { data, isPending, isError } = useFilingCalendar();
  const title = translate('calendar.next_due.title');
  if (isError) {
    return (
      <DashboardCard title={title} testId="next-due">
        <Alert severity="error">{translate('calendar.next_due.error')}</Alert>
      </DashboardCard>
    );
  }
  if (isPending || !data) {
    return (
      <DashboardCard title={title} testId="next-due">
        <Skeleton variant="rounded" height={72} />
      </DashboardCard>
    );
  }
  const due = data.return_due;
  const days = due.overdue
    ? translate('calendar.next_due.overdue', { smart_count: -due.days_left })
    : due.days_left === 0
      ? translate('calendar.next_due.due_today')
      : translate('calendar.next_due.days_left', { smart_count: due.days_left });
  return (
    <DashboardCard title={title} testId="next-due">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 200 }} data-overdue={due.overdue ? 'true' : 'false'} data-testid="return-due">
          <Typography variant="body2" color="text.secondary">
            {translate('calendar.next_due.period', { period: due.period })}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ fontWeight: 600, color: due.overdue ? 'error.main' : undefined }}
            data-testid="next-due-date"
          >
            {translate('calendar.next_due.due', { date: formatDay(due.due_date) })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}>
            <Typography
              variant="body2"
              sx={{ color: due.overdue ? 'error.main' : undefined, fontWeight: due.overdue ? 600 : undefined }}
              data-testid="next-due-days"
            >
              {days}
            </Typography>
            <FilingStateChip state={due.state} />
          </Box>
          {due.overdue && due.penalty !== null ? (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="return-due-accruing">
              {due.interest === null
                ? translate('calendar.next_due.accruing_rate_missing', { penalty: formatMoney(due.penalty) })
                : translate('calendar.next_due.accruing', {
                    penalty: formatMoney(due.penalty),
                    interest: formatMoney(due.interest),
                  })}
            </Alert>
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('calendar.next_due.recent')}
          </Typography>
          <Box
            component="ul"
            data-testid="recent-quarters"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
            }}
          >
            {data.quarters.map((quarter) => (
              <Box component="li" key={quarter.period} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {quarter.period}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {formatDay(quarter.due_date)}
                  </Typography>
                </Typography>
                <Box>
                  <FilingStateChip state={quarter.state} />
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
    </DashboardCard>
  );
};
