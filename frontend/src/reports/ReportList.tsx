import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { useGetList, useTranslate } from 'react-admin';
import { PageHeader } from '../components/PageHeader';
import { PageSpinner } from '../layout/PageSpinner';
import { errorMessage } from '../providers/httpClient';
import { DeleteReportDialog } from './DeleteReportDialog';
import { ReportFilters } from './ReportFilters';
import { ReportSummaryTiles } from './ReportSummaryTiles';
import { ReportTable } from './ReportTable';
import {
  filterReports,
  filtersFromParams,
  filtersToParams,
  hasActiveFilters,
  type ReportFilters as Filters,
} from './reportFilters';
import { useReportActions } from './useReportActions';
import type { Report } from './types';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'created_at', order: 'DESC' as const } };

/** Report list (spec §2 'IFTA Reports' / 'Manage tax reports'): one fetch, filtered and sorted in the browser. */
const ReportList = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(query)), [query]);
  const { data, isPending, isFetching, error } = useGetList<Report>('reports', ALL);
  const visible = useMemo(() => filterReports(data ?? [], filters), [data, filters]);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const { remove } = useReportActions();

  const changeFilters = (patch: Partial<Filters>) =>
    setParams(filtersToParams({ ...filters, ...patch }), { replace: true });

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
      ) : isPending ? (
        <PageSpinner />
      ) : (
        <>
          <ReportFilters filters={filters} onChange={changeFilters} />
          <ReportSummaryTiles reports={visible} />
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <Box sx={{ height: 4 }}>{isFetching ? <LinearProgress /> : null}</Box>
            {visible.length === 0 ? (
              <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="reports-empty">
                <DescriptionIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
                <Typography variant="h6" component="h2">
                  {translate('reports.empty.title')}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {translate(hasActiveFilters(filters) ? 'reports.empty.filtered' : 'reports.empty.none')}
                </Typography>
                {hasActiveFilters(filters) ? null : createButton}
              </Box>
            ) : (
              <ReportTable reports={visible} onDelete={setDeleting} />
            )}
          </Paper>
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
