import {
  Alert,
  Box,
  Button,
  LinearProgress,
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
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { PageHeader } from '../components/PageHeader';
import { formatDateTime } from '../reports/format';
import { AUDIT_PAGE_SIZE, type AuditEventFilter } from '../providers/auditEventsProvider';
import type { AuditEvent } from '../api/types';

const ENTITIES = ['report', 'records', 'tax_rate', 'settings', 'member', 'billing'] as const;

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
  const entityLabel = (entity: string) => translate(`audit.entities.${entity}`, { _: entity });
  const actionLabel = (action: string) => translate(`audit.actions.${action}`, { _: action });
  return (
    <Box sx={{ py: 3 }}>
      <PageHeader title={translate('audit.title')} subtitle={translate('audit.subtitle')} />
      <EntityFilter label={entityLabel} />
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
                <TableRow key={event.id} data-testid="audit-event">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.created_at)}</TableCell>
                  <TableCell>{event.actor_email ?? translate('audit.system')}</TableCell>
                  <TableCell>{actionLabel(event.action)}</TableCell>
                  <TableCell>{entityLabel(event.entity)}</TableCell>
                  <TableCell>{event.summary}</TableCell>
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
    </Box>
  );
};

const EntityFilter = ({ label }: { label: (entity: string) => string }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext<AuditEvent>();
  const filter = filterValues as AuditEventFilter;
  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label={translate('audit.filter.entity')}
        value={filter.entity ?? ''}
        onChange={(event) => setFilters(event.target.value ? { entity: event.target.value } : {}, {})}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">{translate('audit.filter.all')}</MenuItem>
        {ENTITIES.map((entity) => (
          <MenuItem key={entity} value={entity}>
            {label(entity)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};

export default AuditEventList;
