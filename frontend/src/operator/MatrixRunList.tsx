import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Paper,
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useMutation } from '@tanstack/react-query';
import { HttpError, ListBase, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ListPagination } from '../components/ListPagination';
import { formatInstant } from '../calendar/displaySettings';
import { errorMessage } from '../providers/httpClient';
import { OPERATOR_RESOURCES } from '../providers/operatorProvider';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { MatrixCheck, MatrixRun, MatrixRunOutcome } from '../api/types';
import { OperatorPage } from './OperatorPage';
import { ListStateRow } from './ListState';
import { RUN_OUTCOME_COLORS } from './operatorConsole';

const OUTCOMES = Object.keys(RUN_OUTCOME_COLORS) as MatrixRunOutcome[];
const COLUMNS = ['started_at', 'quarter', 'outcome', 'message', 'source'] as const;

/** The updater's runs, newest first, failures in red; "Check now" asks IFTA at once instead of at the next interval. */
const MatrixRunList = () => {
  const translate = useTranslate();
  // The updater's refusal (off, or busy on another replica) shows under the heading until the next check.
  const [refusal, setRefusal] = useState<Error | null>(null);
  return (
    <OperatorPage
      title={translate('operator.runs.title')}
      subtitle={translate('operator.runs.subtitle')}
      actions={<CheckNowButton onRefused={setRefusal} />}
    >
      {refusal ? <CheckNotice failure={refusal} /> : null}
      <ListBase resource={OPERATOR_RESOURCES.runs} perPage={20} disableSyncWithLocation>
        <Paper variant="outlined">
          <OutcomeFilter />
          <RunTable />
          <ListPagination messages="operator.pagination" rangeTestId="matrix-run-range" />
        </Paper>
      </ListBase>
    </OperatorPage>
  );
};

const CheckNowButton = ({ onRefused }: { onRefused: (failure: Error | null) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useIftaDataProvider();
  const check = useMutation<MatrixCheck[], Error>({ mutationFn: () => dataProvider.checkMatrixUpdates() });
  return (
    <Button
      variant="contained"
      startIcon={check.isPending ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
      disabled={check.isPending}
      onClick={() => {
        onRefused(null);
        check.mutate(undefined, {
          onSuccess: (checks) => {
            notify(translate('operator.runs.checked', { smart_count: checks.length }), { type: 'success' });
            refresh();
          },
          onError: onRefused,
        });
      }}
    >
      {translate(check.isPending ? 'operator.runs.checking' : 'operator.runs.check_now')}
    </Button>
  );
};

/** A 409 (the updater is off, or busy on another replica) is a notice, not an error. */
const CheckNotice = ({ failure }: { failure: Error }) => {
  const translate = useTranslate();
  const busyOrOff = failure instanceof HttpError && failure.status === 409;
  return (
    <Alert severity={busyOrOff ? 'info' : 'error'} sx={{ mb: 2 }} data-testid="check-now-notice">
      {translate(errorMessage(failure, 'operator.unknown_error'))}
    </Alert>
  );
};

const OutcomeFilter = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const outcome = (filterValues as { outcome?: string }).outcome ?? '';
  return (
    <Box sx={{ p: 2 }}>
      <TextField
        select
        size="small"
        label={translate('operator.runs.filter')}
        value={outcome}
        onChange={(event) => setFilters(event.target.value ? { outcome: event.target.value } : {}, {})}
        fullWidth={false}
        sx={{ width: 200 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('operator.runs.all')}</MenuItem>
        {OUTCOMES.map((option) => (
          <MenuItem key={option} value={option}>
            {translate(`operator.runs.outcome.${option}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};

const RunTable = () => {
  const translate = useTranslate();
  const { data } = useListContext<MatrixRun>();
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('operator.runs.title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(`operator.runs.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <ListStateRow columns={COLUMNS.length} emptyKey="operator.runs.empty" />
          {(data ?? []).map((run) => {
            const failed = run.outcome === 'failed';
            return (
              <TableRow
                key={run.id}
                data-testid="matrix-run-row"
                sx={failed ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(run.started_at, true)}</TableCell>
                <TableCell>{run.quarter}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={translate(`operator.runs.outcome.${run.outcome}`)}
                    color={RUN_OUTCOME_COLORS[run.outcome]}
                    data-testid="matrix-run-outcome"
                  />
                </TableCell>
                <TableCell sx={{ color: failed ? 'error.main' : undefined, overflowWrap: 'anywhere' }}>
                  {run.message}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>
                  <small>{run.source}</small>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

export default MatrixRunList;
