import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Confirm, ListBase, useDelete, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDay } from '../calendar/displaySettings';
import { errorMessage } from '../providers/httpClient';
import {
  OPERATOR_RESOURCES,
  type InterestRatePeriodRecord,
  type InterestRatesMeta,
} from '../providers/operatorProvider';
import { OperatorPage } from './OperatorPage';
import { ListStateRow } from './ListState';
import { InterestRateDialog } from './InterestRateDialog';
import { fractionToPercent, missingYearsText } from './operatorConsole';

const COLUMNS = ['effective_from', 'effective_to', 'annual_rate', 'source', 'actions'] as const;

/** The dialog's state: closed, adding a period, or editing one. */
type Editing = null | { mode: 'add' } | { mode: 'edit'; period: InterestRatePeriodRecord };

/** IFTA's annual interest rate, period by period, with the years no period covers called out. */
const InterestRateList = () => {
  const translate = useTranslate();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <OperatorPage
      title={translate('operator.interest.title')}
      subtitle={translate('operator.interest.subtitle')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
          {translate('operator.interest.add')}
        </Button>
      }
    >
      {/* Every period at once: the server does not page them, and a gap must never hide on another page. */}
      <ListBase
        resource={OPERATOR_RESOURCES.interestRates}
        perPage={1000}
        sort={{ field: 'effective_from', order: 'ASC' }}
        disableSyncWithLocation
      >
        <MissingYears />
        <Paper variant="outlined">
          <PeriodTable onEdit={(period) => setEditing({ mode: 'edit', period })} />
        </Paper>
        {editing ? (
          <InterestRateDialog
            period={editing.mode === 'edit' ? editing.period : null}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </ListBase>
    </OperatorPage>
  );
};

const MissingYears = () => {
  const translate = useTranslate();
  const { meta, isPending, error } = useListContext();
  if (isPending || error) return null;
  const missing = (meta as InterestRatesMeta | undefined)?.missing_years ?? [];
  if (missing.length === 0) {
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="interest-all-covered">
        {translate('operator.interest.all_covered')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="interest-missing-years">
      <AlertTitle>{translate('operator.interest.missing_title')}</AlertTitle>
      {translate('operator.interest.missing', { years: missingYearsText(missing) })}
    </Alert>
  );
};

const PeriodTable = ({ onEdit }: { onEdit: (period: InterestRatePeriodRecord) => void }) => {
  const translate = useTranslate();
  const { data } = useListContext<InterestRatePeriodRecord>();
  const [removing, setRemoving] = useState<InterestRatePeriodRecord | null>(null);
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('operator.interest.title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={column === 'annual_rate' || column === 'actions' ? 'right' : 'left'}>
                {translate(`operator.interest.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <ListStateRow columns={COLUMNS.length} emptyKey="operator.interest.empty" />
          {(data ?? []).map((period) => (
            <TableRow key={period.id} hover data-testid="interest-period-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(period.effective_from)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(period.effective_to)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {fractionToPercent(period.annual_rate)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{period.source}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={translate('operator.interest.edit')}>
                  <IconButton
                    size="small"
                    aria-label={`${translate('operator.interest.edit')} ${period.effective_from}`}
                    onClick={() => onEdit(period)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('operator.interest.delete')}>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={`${translate('operator.interest.delete')} ${period.effective_from}`}
                    onClick={() => setRemoving(period)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {removing ? <DeletePeriodConfirm period={removing} onClose={() => setRemoving(null)} /> : null}
    </TableContainer>
  );
};

const DeletePeriodConfirm = ({ period, onClose }: { period: InterestRatePeriodRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [remove, { isPending }] = useDelete<InterestRatePeriodRecord>();
  const date = formatDay(period.effective_from);
  return (
    <Confirm
      isOpen
      loading={isPending}
      title={translate('operator.interest.confirm_delete_title', { date })}
      content={translate('operator.interest.confirm_delete')}
      confirm={translate('operator.interest.delete')}
      confirmColor="warning"
      onClose={onClose}
      onConfirm={() =>
        remove(
          OPERATOR_RESOURCES.interestRates,
          { id: period.id, previousData: period },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(translate('operator.interest.deleted', { date }), { type: 'success' });
              // The years no period covers come with the list: read them again.
              refresh();
              onClose();
            },
            onError: (error) => {
              notify(
                translate('operator.interest.delete_error', {
                  message: translate(errorMessage(error, 'operator.unknown_error')),
                }),
                { type: 'error' },
              );
              onClose();
            },
          },
        )
      }
    />
  );
};

export default InterestRateList;
