import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Pagination,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useDelete, useListController, useNotify, useTranslate } from 'react-admin';
import { formatDay } from '../calendar/displaySettings';
import { failureReason } from '../notifications/useNotifyFailure';
import { EditRecordDialog } from './EditRecordDialog';
import { TemplateMenu } from './TemplateMenu';
import { ImportDialog } from './ImportDialog';
import { attachmentLabel } from './receiptLabel';
import { type RecordKind, type RecordRow, RECORD_RESOURCES } from '../providers/recordsProvider';
import { RECORD_PAGE_SIZE } from '../providers/recordsResources';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** The columns of each kind, after date, unit and jurisdiction. */
const COLUMNS: Record<
  RecordKind,
  Array<{ key: string; value: (row: RecordRow, t: (k: string) => string) => string }>
> = {
  trips: [
    { key: 'miles', value: (row) => number.format(row.miles) },
    {
      key: 'taxable',
      value: (row, t) => (row.taxable ? t('records.yes') : (row.non_taxable_reason ?? t('records.no'))),
    },
    {
      key: 'odometer',
      value: (row) =>
        row.odometer_start === null && row.odometer_end === null
          ? ''
          : `${row.odometer_start === null ? '?' : number.format(row.odometer_start)} – ${row.odometer_end === null ? '?' : number.format(row.odometer_end)}`,
    },
  ],
  fuel: [
    { key: 'quantity', value: (row) => `${number.format(row.quantity)} ${row.quantity_unit}` },
    { key: 'gallons', value: (row) => number.format(row.gallons) },
    { key: 'fuel_type', value: (row, t) => t(`rateHistory.fuel_types.${row.fuel_type}`) },
    { key: 'tax_paid', value: (row, t) => t(row.tax_paid ? 'records.yes' : 'records.no') },
    { key: 'receipt_number', value: (row) => row.receipt_number },
    { key: 'attachment', value: (row) => (row.attachment ? attachmentLabel(row.attachment) : '') },
  ],
};

/**
 * One kind's records: quarter and unit filters, a server-paged table, delete, and the CSV import. `initial` opens it
 * filtered (a link from a records-health finding names its quarter and records); `onShowAll` drops the ids.
 */
export const RecordTable = ({
  kind,
  periods,
  initial = {},
  onShowAll,
}: {
  kind: RecordKind;
  periods: string[];
  initial?: { period?: string; unit?: string; ids?: string[] };
  onShowAll?: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = RECORD_RESOURCES[kind];
  const ids = initial.ids ?? [];
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<RecordRow | null>(null);
  const [adding, setAdding] = useState(false);
  // The list's page and filters are this table's own (the address carries only the tab and a finding's link).
  const list = useListController<RecordRow>({
    resource,
    perPage: RECORD_PAGE_SIZE,
    disableSyncWithLocation: true,
    storeKey: false,
    filterDefaultValues: {
      ...(initial.period ? { period: initial.period } : {}),
      ...(initial.unit ? { unit: initial.unit } : {}),
    },
    filter: ids.length > 0 ? { ids } : undefined,
    // A failed load shows in the table's place, not also as a notification.
    queryOptions: { onError: () => undefined },
  });
  const period = (list.filterValues.period as string | undefined) ?? '';
  const unit = (list.filterValues.unit as string | undefined) ?? '';
  const filterBy = (field: 'period' | 'unit', value: string) =>
    list.setFilters({ ...list.filterValues, [field]: value }, undefined, false);
  const [remove, removal] = useDelete<RecordRow>(resource, undefined, {
    mutationMode: 'pessimistic',
    onSuccess: () => {
      notify('records.deleted', { type: 'info' });
      list.refetch();
    },
    onError: (error) => notify(failureReason(error, translate) ?? 'ra.notification.http_error', { type: 'error' }),
  });
  const rows = list.data ?? [];
  const totalPages = Math.ceil((list.total ?? 0) / RECORD_PAGE_SIZE);

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {ids.length > 0 ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onShowAll}>
              {translate('recordsHealth.clear_filter')}
            </Button>
          }
        >
          {translate('recordsHealth.finding_filter', { smart_count: ids.length })}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('records.filters.period')}
          value={period}
          onChange={(event) => filterBy('period', event.target.value)}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value="">{translate('records.filters.all_periods')}</MenuItem>
          {periods.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('records.filters.unit')}
          value={unit}
          onChange={(event) => filterBy('unit', event.target.value)}
          sx={{ width: { xs: '100%', sm: 160 } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <TemplateMenu kind={kind} />
        <Button variant="outlined" onClick={() => setAdding(true)}>
          {translate(`records.add.open.${kind}`)}
        </Button>
        <Button variant="contained" onClick={() => setImporting(true)}>
          {translate(`records.import.open.${kind}`)}
        </Button>
      </Box>
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      ) : list.error ? (
        <Alert severity="error">{failureReason(list.error, translate)}</Alert>
      ) : rows.length === 0 ? (
        <Alert severity="info">{translate(`records.empty.${kind}`)}</Alert>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} aria-label={translate(`records.tabs.${kind}`)}>
          <Table size="small" data-testid={`${kind}-table`}>
            <TableHead>
              <TableRow>
                {['date', 'unit', 'jurisdiction', ...COLUMNS[kind].map((c) => c.key), 'actions'].map((key) => (
                  <TableCell key={key}>{translate(`records.columns.${key}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{formatDay(row.date)}</TableCell>
                  <TableCell>{row.unit}</TableCell>
                  <TableCell>{row.jurisdiction}</TableCell>
                  {COLUMNS[kind].map((column) => (
                    <TableCell key={column.key}>{column.value(row, translate)}</TableCell>
                  ))}
                  <TableCell>
                    {row.locked ? (
                      <Chip size="small" label={translate('records.locked')} />
                    ) : (
                      <>
                        <Button
                          size="small"
                          aria-label={translate('records.edit.open_label', {
                            date: formatDay(row.date),
                            unit: row.unit,
                          })}
                          onClick={() => setEditing(row)}
                        >
                          {translate('records.edit.open')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={removal.isPending}
                          aria-label={translate('records.delete_label', { date: formatDay(row.date), unit: row.unit })}
                          onClick={() => void remove(resource, { id: row.id, previousData: row })}
                        >
                          {translate('records.delete')}
                        </Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {totalPages > 1 ? (
        <Pagination sx={{ mt: 2 }} count={totalPages} page={list.page} onChange={(_, value) => list.setPage(value)} />
      ) : null}
      {importing ? <ImportDialog kind={kind} onClose={() => setImporting(false)} /> : null}
      {editing ? <EditRecordDialog kind={kind} row={editing} onClose={() => setEditing(null)} /> : null}
      {adding ? <EditRecordDialog kind={kind} onClose={() => setAdding(false)} /> : null}
    </Paper>
  );
};
