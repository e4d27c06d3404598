import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
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
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, ListBase, useDelete, useListContext, useNotify, useTranslate } from 'react-admin';
import { FUEL_TYPES } from '@ifta/index';
import { ListPagination } from '../components/ListPagination';
import { PageHeader } from '../components/PageHeader';
import { errorMessage, serverErrorText } from '../providers/httpClient';
import { VEHICLE_PAGE_SIZE, type VehicleFilter } from '../providers/vehiclesProvider';
import type { Vehicle } from '../api/types';
import { VehicleFormDialog } from './VehicleFormDialog';

/**
 * The account's vehicles: every unit its trips and receipts name, made by the imports with the fuel it bought most
 * of, and the fuel type whose schedule its miles go to, which the user may change. Filters, sort and page live in
 * the URL (react-admin's list params).
 */
const VehicleList = () => (
  <ListBase
    resource="vehicles"
    perPage={VEHICLE_PAGE_SIZE}
    sort={{ field: 'unit', order: 'ASC' }}
    storeKey={false}
    queryOptions={{ onError: () => undefined }}
  >
    <VehicleListView />
  </ListBase>
);

type Modal = { kind: 'create' } | { kind: 'edit'; vehicle: Vehicle } | null;

const VehicleListView = () => {
  const translate = useTranslate();
  const { error, refetch, isFetching, isPending } = useListContext<Vehicle>();
  const [modal, setModal] = useState<Modal>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);

  return (
    <Box sx={{ py: 3 }}>
      <PageHeader
        title={translate('vehicles.title')}
        subtitle={translate('vehicles.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ kind: 'create' })}>
            {translate('vehicles.create')}
          </Button>
        }
      />
      <VehicleFilters />
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('vehicles.errors.try_again')}
            </Button>
          }
        >
          {translate('vehicles.errors.load', {
            message: serverErrorText((error as { body?: unknown }).body) ?? (error as Error).message,
          })}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{isFetching && !isPending ? <LinearProgress /> : null}</Box>
        <VehicleTable onEdit={(vehicle) => setModal({ kind: 'edit', vehicle })} onDelete={setDeleting} />
        <ListPagination messages="vehicles.pagination" rangeTestId="vehicle-range" />
      </Paper>
      {modal ? (
        <VehicleFormDialog vehicle={modal.kind === 'edit' ? modal.vehicle : undefined} onClose={() => setModal(null)} />
      ) : null}
      <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
};

/** Search (unit, VIN or plate) and fuel type; every change goes back to page 1. */
const VehicleFilters = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filters = filterValues as VehicleFilter;
  const [search, setSearch] = useState(filters.q ?? '');
  const apply = (changes: Partial<VehicleFilter>, debounce = false) => {
    const next: Record<string, unknown> = { ...filters, ...changes };
    for (const key of Object.keys(next)) if (next[key] === '' || next[key] === undefined) delete next[key];
    setFilters(next, undefined, debounce);
  };
  return (
    <Box
      role="search"
      sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, alignItems: 'center' }}
    >
      <TextField
        size="small"
        label={translate('vehicles.filters.search')}
        placeholder={translate('vehicles.filters.search_placeholder')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          apply({ q: event.target.value }, true);
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={translate('vehicles.filters.fuel_type')}
        value={filters.fuel_type ?? ''}
        onChange={(event) => apply({ fuel_type: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('vehicles.filters.all_fuel_types')}</MenuItem>
        {FUEL_TYPES.map((fuel) => (
          <MenuItem key={fuel} value={fuel}>
            {translate(`rateHistory.fuel_types.${fuel}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};

const VehicleTable = ({ onEdit, onDelete }: { onEdit: (v: Vehicle) => void; onDelete: (v: Vehicle) => void }) => {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Vehicle>();
  const rows = data ?? [];
  const dash = '—';
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('vehicles.title')} data-testid="vehicles-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('vehicles.columns.unit')}</TableCell>
            <TableCell>{translate('vehicles.columns.fuel_type')}</TableCell>
            <TableCell>{translate('vehicles.columns.vin')}</TableCell>
            <TableCell>{translate('vehicles.columns.plate')}</TableCell>
            <TableCell>{translate('vehicles.columns.active_from')}</TableCell>
            <TableCell>{translate('vehicles.columns.active_to')}</TableCell>
            <TableCell align="right">{translate('vehicles.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!isPending && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {translate('vehicles.empty')}
              </TableCell>
            </TableRow>
          ) : null}
          {rows.map((vehicle) => (
            <TableRow key={vehicle.id} hover data-testid="vehicle-row">
              <TableCell sx={{ fontWeight: 500 }}>{vehicle.unit}</TableCell>
              <TableCell>
                {translate(`rateHistory.fuel_types.${vehicle.fuel_type}`, { _: vehicle.fuel_type })}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {translate(`vehicles.source.${vehicle.fuel_type_source}`)}
                </Typography>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{vehicle.vin ?? dash}</TableCell>
              <TableCell>{vehicle.plate ?? dash}</TableCell>
              <TableCell>{vehicle.active_from ?? dash}</TableCell>
              <TableCell>{vehicle.active_to ?? dash}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={translate('vehicles.actions.edit', { unit: vehicle.unit })}>
                  <IconButton size="small" onClick={() => onEdit(vehicle)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('vehicles.actions.delete', { unit: vehicle.unit })}>
                  <IconButton size="small" color="error" onClick={() => onDelete(vehicle)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** 'Delete vehicle T-1?' before a delete: its trips and receipts stay. */
const DeleteVehicleDialog = ({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [deleteOne, { isPending }] = useDelete<Vehicle>();
  const confirm = () => {
    if (!vehicle) return;
    deleteOne(
      'vehicles',
      { id: vehicle.id, previousData: vehicle },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('vehicles.messages.deleted', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: ['vehicles'] });
        },
        onError: (error) => notify(errorMessage(error, 'vehicles.errors.delete'), { type: 'error' }),
        onSettled: onClose,
      },
    );
  };
  return (
    <Confirm
      isOpen={vehicle !== null}
      loading={isPending}
      title={translate('vehicles.delete.title', { unit: vehicle?.unit ?? '' })}
      content={translate('vehicles.delete.confirm')}
      confirm={translate('vehicles.delete.button')}
      cancel={translate('common.cancel')}
      confirmColor="warning"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
};

export default VehicleList;
