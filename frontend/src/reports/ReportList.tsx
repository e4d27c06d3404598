import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Paper,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { ListPagination } from '../components/ListPagination';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../layout/PageSpinner';
import { errorMessage } from '../providers/httpClient';
import { DeleteReportDialog } from './DeleteReportDialog';
import { ReportFilters } from './ReportFilters';
import { ReportSummaryTiles } from './ReportSummaryTiles';
import { ReportCards } from './ReportCards';
import { ReportTable } from './ReportTable';
import { REPORT_PAGE_SIZE } from '../api/constants';
import type { ReportCounts } from '../api/types';
import type { ReportListFilter } from '../providers/reportListQuery';
import { useReportActions } from './useReportActions';
import type { ReportSummary } from '../api/types';

/**
 * Report list (docs/product-spec.md §2 'IFTA Reports' / 'Manage tax reports') over react-admin's list controller: the server
 * answers one page, and filters, sort and page live in the URL, so a reload or a shared link opens
 * the same list. docs/product-spec.md §9: newest first.
 */
const ReportList = () => (
  <ListBase
    resource="reports"
    perPage={REPORT_PAGE_SIZE}
    sort={{ field: 'created_at', order: 'DESC' }}
    storeKey={false}
    // The page shows 'Error loading reports' with Retry itself, instead of react-admin's toast.
    queryOptions={{ onError: () => undefined }}
  >
    <ReportListView />
  </ListBase>
);

const ReportListView = () => {
  const translate = useTranslate();
  const { data, isPending, isFetching, error, filterValues, meta } = useListContext<ReportSummary>();
  const [deleting, setDeleting] = useState<ReportSummary | null>(null);
  const { remove } = useReportActions();
  const filters = filterValues as ReportListFilter;
  const filtered = Boolean(filters.q?.trim() || filters.status);
  const counts = (meta as { counts?: ReportCounts } | undefined)?.counts;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const createButton = (
    <Button component={RouterLink} to="/calculator" variant="contained" startIcon={<AddIcon />}>
      {translate('reports.list.create')}
    </Button>
  );

  return (
    <Box sx={{ py: 3 }}>
      <PageHeader
        title={translate('reports.list.title')}
        subtitle={translate('reports.list.subtitle')}
        actions={createButton}
      />
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {translate('reports.errors.retry')}
            </Button>
          }
        >
          <AlertTitle>{translate('reports.errors.load_list')}</AlertTitle>
          {translate(errorMessage(error, (error as Error).message), {
            _: errorMessage(error, (error as Error).message),
          })}
        </Alert>
      ) : (
        <>
          <ReportFilters />
          {isPending ? (
            <PageSpinner />
          ) : (
            <>
              <ReportSummaryTiles counts={counts ?? { total: 0, draft: 0, final: 0 }} />
              <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
                <Box sx={{ height: 4 }}>{isFetching ? <LinearProgress aria-hidden /> : null}</Box>
                {!data?.length ? (
                  <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="reports-empty">
                    <DescriptionIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
                    <Typography variant="h6" component="h2">
                      {translate('reports.empty.title')}
                    </Typography>
                    <Typography color="text.secondary" sx={{ mb: 2 }}>
                      {translate(filtered ? 'reports.empty.filtered' : 'reports.empty.none')}
                    </Typography>
                    {filtered ? null : createButton}
                  </Box>
                ) : phone ? (
                  <ReportCards reports={data} onDelete={setDeleting} />
                ) : (
                  <ReportTable reports={data} onDelete={setDeleting} />
                )}
                <ListPagination messages="reports.pagination" rangeTestId="report-range" />
              </Paper>
            </>
          )}
        </>
      )}
      <DeleteReportDialog
        report={deleting}
        loading={remove.isPending}
        onConfirm={(report) => remove.mutate(report, { onSettled: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};

export default ReportList;
