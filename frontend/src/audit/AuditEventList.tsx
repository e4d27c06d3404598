import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Link as RouterLink } from 'react-router-dom';
import { ListBase, useListContext, useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { PageHeader } from '../components/PageHeader';
import { formatDateTime } from '../reports/format';
import { AUDIT_PAGE_SIZE, type AuditEventFilter } from '../providers/auditEventsProvider';
import type { AuditEvent } from '../api/types';
import { saveFile } from '../components/saveFile';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { auditEn } from '../i18n/audit.en';
import { changeRows, whatLabel, whoLabel } from './auditLabels';

const ENTITIES = ['report', 'records', 'tax_rate', 'settings', 'member', 'billing'] as const;
/** Every action the log has words for: the filter offers them all. */
const ACTIONS = Object.keys(auditEn.actions);

/**
 * The company's activity: who did what and when, newest first, a page at a time (the API pages by cursor, so the
 * list offers the previous and next page rather than page numbers). Any member may read it.
 */
const AuditEventList = () => (
  <ListBase
    resource="audit-events"
    perPage={AUDIT_PAGE_SIZE}
    sort={{ field: 'created_at', order: 'DESC' }}
    storeKey={false}
    queryOptions={{ onError: () => undefined }}
  >
    <AuditEventListView />
  </ListBase>
);

const AuditEventListView = () => {
  const translate = useTranslate();
  const { data, error, refetch, isFetching, isPending, page, setPage, hasNextPage, hasPreviousPage } =
    useListContext<AuditEvent>();
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const entityLabel = (entity: string) => translate(`audit.entities.${entity}`, { _: entity });
  const actionLabel = (action: string) => translate(`audit.actions.${action}`, { _: action });
  return (
    <Box sx={{ py: 3 }}>
      <PageHeader title={translate('audit.title')} subtitle={translate('audit.subtitle')} />
      <Filters entityLabel={entityLabel} actionLabel={actionLabel} />
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('audit.try_again')}
            </Button>
          }
        >
          {translate('audit.load_failed')}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {isFetching ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label={translate('audit.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('audit.columns.when')}</TableCell>
                <TableCell>{translate('audit.columns.who')}</TableCell>
                <TableCell>{translate('audit.columns.action')}</TableCell>
                <TableCell>{translate('audit.columns.entity')}</TableCell>
                <TableCell>{translate('audit.columns.summary')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((event) => (
                <TableRow
                  key={event.id}
                  data-testid="audit-event"
                  hover
                  tabIndex={0}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => setOpen(event)}
                  onKeyDown={(key) => {
                    if (key.key === 'Enter' || key.key === ' ') {
                      key.preventDefault();
                      setOpen(event);
                    }
                  }}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.created_at)}</TableCell>
                  <TableCell>{whoLabel(event, translate)}</TableCell>
                  <TableCell>{actionLabel(event.action)}</TableCell>
                  <TableCell>{entityLabel(event.entity)}</TableCell>
                  <TableCell>{whatLabel(event, translate)}</TableCell>
                </TableRow>
              ))}
              {!isPending && !error && (data ?? []).length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary">{translate('audit.empty')}</Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button
          startIcon={<ChevronLeftIcon />}
          disabled={!hasPreviousPage || isFetching}
          onClick={() => setPage(page - 1)}
        >
          {translate('audit.newer')}
        </Button>
        <Button endIcon={<ChevronRightIcon />} disabled={!hasNextPage || isFetching} onClick={() => setPage(page + 1)}>
          {translate('audit.older')}
        </Button>
      </Box>
      <EventDrawer event={open} onClose={() => setOpen(null)} />
    </Box>
  );
};

/** One event opened: who, when, what, and the before → after of each field it changed. */
const EventDrawer = ({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) => {
  const translate = useTranslate();
  const rows = event ? changeRows(event.changes, translate) : [];
  return (
    <Drawer anchor="right" open={event !== null} onClose={onClose}>
      {event ? (
        <Box
          sx={{ width: { xs: '100vw', sm: 560 }, p: 3 }}
          data-testid="audit-event-detail"
          role="region"
          aria-label={translate('audit.detail.title')}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {translate('audit.detail.title')}
            </Typography>
            <IconButton aria-label={translate('audit.detail.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Table size="small" sx={{ mb: 2 }}>
            <TableBody>
              <TableRow>
                <TableCell component="th">{translate('audit.detail.when')}</TableCell>
                <TableCell>{formatDateTime(event.created_at)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{translate('audit.detail.who')}</TableCell>
                <TableCell>{whoLabel(event, translate)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th">{translate('audit.detail.what')}</TableCell>
                <TableCell>{whatLabel(event, translate)}</TableCell>
              </TableRow>
              {event.entity === 'report' && event.entity_id && event.action !== 'delete' ? (
                <TableRow>
                  <TableCell component="th">{translate('audit.detail.object')}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/reports/${event.entity_id}`} onClick={onClose}>
                      {translate('audit.detail.open_report')}
                    </Link>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
          {rows.length === 0 ? (
            <Typography color="text.secondary">{translate('audit.detail.no_changes')}</Typography>
          ) : (
            <Table size="small" aria-label={translate('audit.detail.title')} data-testid="audit-changes">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('audit.detail.field')}</TableCell>
                  <TableCell>{translate('audit.detail.before')}</TableCell>
                  <TableCell>{translate('audit.detail.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.field} data-testid="audit-change">
                    <TableCell>
                      {row.label}
                      {row.kind !== 'changed' ? (
                        <Typography variant="caption" color="text.secondary" component="span">
                          {` (${translate(`audit.detail.${row.kind}`)})`}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>{row.before}</TableCell>
                    <TableCell>{row.after}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      ) : null}
    </Drawer>
  );
};

/** Who, what action, about what and which days; the CSV export takes the same filters. */
const Filters = ({
  entityLabel,
  actionLabel,
}: {
  entityLabel: (entity: string) => string;
  actionLabel: (action: string) => string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const { filterValues, setFilters } = useListContext<AuditEvent>();
  const filter = filterValues as AuditEventFilter;
  const set = (key: keyof AuditEventFilter, value: string) => {
    const next: AuditEventFilter = { ...filter, [key]: value || undefined };
    setFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v)), {});
  };
  const exportCsv = useMutation({
    mutationFn: () => dataProvider.exportAuditEvents(filter),
    onSuccess: (file) => saveFile(file.blob, file.fileName ?? 'activity.csv'),
    onError: () => notify('audit.export_failed', { type: 'error' }),
  });
  return (
    <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        size="small"
        label={translate('audit.filter.actor')}
        defaultValue={filter.actor ?? ''}
        onChange={(event) => set('actor', event.target.value)}
        sx={{ minWidth: 240 }}
        inputProps={{ 'data-testid': 'audit-filter-actor' }}
      />
      <TextField
        select
        size="small"
        label={translate('audit.filter.action')}
        value={filter.action ?? ''}
        onChange={(event) => set('action', event.target.value)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{translate('audit.filter.any_action')}</MenuItem>
        {ACTIONS.map((action) => (
          <MenuItem key={action} value={action}>
            {actionLabel(action)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('audit.filter.entity')}
        value={filter.entity ?? ''}
        onChange={(event) => set('entity', event.target.value)}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{translate('audit.filter.all')}</MenuItem>
        {ENTITIES.map((entity) => (
          <MenuItem key={entity} value={entity}>
            {entityLabel(entity)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={translate('audit.filter.from')}
        value={filter.from ?? ''}
        onChange={(event) => set('from', event.target.value)}
        InputLabelProps={{ shrink: true }}
      />
      <TextField
        type="date"
        size="small"
        label={translate('audit.filter.to')}
        value={filter.to ?? ''}
        onChange={(event) => set('to', event.target.value)}
        InputLabelProps={{ shrink: true }}
      />
      <Box sx={{ flexGrow: 1 }} />
      <Button
        variant="outlined"
        startIcon={exportCsv.isPending ? <CircularProgress size={18} color="inherit" /> : <FileDownloadIcon />}
        disabled={exportCsv.isPending}
        onClick={() => exportCsv.mutate()}
      >
        {translate(exportCsv.isPending ? 'audit.exporting' : 'audit.export')}
      </Button>
    </Box>
  );
};

export default AuditEventList;
