import { useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../components/PageHeader';
import { errorMessage } from '../providers/httpClient';
import { SubscriptionBadge } from '../subscription/SubscriptionBadge';
import { DeleteReportDialog } from '../reports/DeleteReportDialog';
import { NextDueCard } from '../calendar/NextDueCard';
import { RateNoticesCard } from '../reports/RateNoticesCard';
import { EmptyDashboard } from '../dashboard/EmptyDashboard';
import { FleetPerformanceCard } from '../dashboard/FleetPerformanceCard';
import { FuelAnalysisCard } from '../dashboard/FuelAnalysisCard';
import { LatestActivityCard } from '../dashboard/LatestActivityCard';
import { NetGallonsCard } from '../dashboard/NetGallonsCard';
import { ReportsTable, ROWS_PER_PAGE_OPTIONS } from '../dashboard/ReportsTable';
import { StatCards } from '../dashboard/StatCards';
import type { DashboardReportRow } from '../providers/dashboardProvider';
import { useReportsPage, useReportStats } from '../dashboard/useDashboardData';
import { useReportActions } from '../dashboard/useReportActions';

/**
 * Dashboard / reports overview (docs/product-spec.md §2 'IFTA Reports'). The figures come from one aggregate call computed by
 * the database; the table loads a page of reports at a time, so a large account never downloads all its rows.
 */
const DashboardPage = () => {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0]);
  const [deleting, setDeleting] = useState<DashboardReportRow | null>(null);
  const stats = useReportStats();
  const total = stats.data?.total_reports ?? 0;
  // After deletes the last page may be gone: stay on the last one that exists.
  const currentPage = Math.min(page, Math.max(1, Math.ceil(total / perPage)));
  const reports = useReportsPage(currentPage, perPage, total > 0);
  const { exportReport, deleteReport } = useReportActions();

  const failure = stats.error ?? reports.error;
  // The server's sentence as it is, or the network message or fallback, which are translation keys.
  const failureText = failure ? errorMessage(failure, 'dashboard.errors.load') : '';
  return (
    <>
      {/* Spaced only when the badge renders something (the placeholder renders nothing). */}
      <Box sx={{ '&:not(:empty)': { mb: 3 } }}>
        <SubscriptionBadge />
      </Box>
      <PageHeader
        title={translate('dashboard.title')}
        subtitle={translate('dashboard.subtitle')}
        actions={
          <Button variant="contained" component={RouterLink} to="/calculator" startIcon={<AddIcon />}>
            {translate('dashboard.new_report')}
          </Button>
        }
      />
      {/* PageHeader keeps its own bottom margin; the blocks below it are spaced by this gap. */}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <NextDueCard />
        <RateNoticesCard />
        {failure ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  void stats.refetch();
                  if (reports.error) void reports.refetch();
                }}
              >
                {translate('dashboard.errors.retry')}
              </Button>
            }
          >
            <strong>{translate('dashboard.errors.load')}</strong>
            {': '}
            {translate(failureText, { _: failureText })}
          </Alert>
        ) : null}
        {stats.isPending && !failure ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label={translate('dashboard.loading')} />
          </Box>
        ) : null}
        {stats.data && total === 0 ? <EmptyDashboard /> : null}
        {stats.data && total > 0 ? (
          <>
            <StatCards stats={stats.data} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              <FleetPerformanceCard averageMpg={stats.data.average_mpg} />
              {stats.data.latest_activity ? <LatestActivityCard latest={stats.data.latest_activity} /> : null}
              <FuelAnalysisCard over={stats.data.overpurchase} under={stats.data.underpurchase} />
            </Box>
            <NetGallonsCard states={stats.data.state_net_gallons} />
            <ReportsTable
              rows={reports.data ?? []}
              total={total}
              page={currentPage}
              perPage={perPage}
              loading={reports.isFetching || stats.isFetching}
              exportingId={exportReport.isPending ? exportReport.variables?.id : undefined}
              onPageChange={setPage}
              onPerPageChange={(next) => {
                setPerPage(next);
                setPage(1);
              }}
              onExport={(report) => exportReport.mutate(report)}
              onDelete={setDeleting}
            />
          </>
        ) : null}
      </Box>
      <DeleteReportDialog
        report={deleting}
        loading={deleteReport.isPending}
        onConfirm={(report) => deleteReport.mutate(report, { onSettled: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
};
DashboardPage.path = '/dashboard';

export default DashboardPage;
