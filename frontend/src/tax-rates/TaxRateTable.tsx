import {
  Box,
  Checkbox,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useListContext, useTranslate } from 'react-admin';
import { formatDate, formatRate } from './format';
import { EffectiveDate, RateHistoryBadges } from './RateHistoryBadges';
import type { TaxRate } from '../api/types';

interface Props {
  onEdit: (rate: TaxRate) => void;
  onDelete: (rate: TaxRate) => void;
}

/** The rate table of docs/product-spec.md §2 with its checkbox column and select-all box. */
export const TaxRateTable = ({ onEdit, onDelete }: Props) => {
  const translate = useTranslate();
  const { data, isPending, selectedIds, onSelect, onToggleItem } = useListContext<TaxRate>();
  const rows = data ?? [];
  const pageIds = rows.map((row) => row.id);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id)).length;
  const allSelected = rows.length > 0 && selectedOnPage === rows.length;

  const toggleAll = () =>
    onSelect(
      allSelected ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])],
    );

  return (
    <TableContainer>
      <Table size="small" aria-label={translate('taxRates.title')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected}
                indeterminate={selectedOnPage > 0 && !allSelected}
                disabled={rows.length === 0}
                onChange={toggleAll}
                slotProps={{ input: { 'aria-label': translate('taxRates.columns.select_all') } }}
              />
            </TableCell>
            <TableCell>{translate('taxRates.columns.name')}</TableCell>
            <TableCell>{translate('taxRates.columns.abbreviation')}</TableCell>
            <TableCell align="right">{translate('taxRates.columns.rate')}</TableCell>
            <TableCell>{translate('taxRates.columns.country')}</TableCell>
            <TableCell>{translate('taxRates.columns.status')}</TableCell>
            <TableCell>{translate('taxRates.columns.created')}</TableCell>
            <TableCell align="right">{translate('taxRates.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!isPending && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={8} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {translate('taxRates.empty')}
              </TableCell>
            </TableRow>
          ) : null}
          {rows.map((rate) => {
            const selected = selectedIds.includes(rate.id);
            return (
              <TableRow key={rate.id} hover selected={selected} data-testid="tax-rate-row">
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected}
                    onChange={() => onToggleItem(rate.id)}
                    slotProps={{
                      input: { 'aria-label': translate('taxRates.columns.select_row', { name: rate.name }) },
                    }}
                  />
                </TableCell>
                <TableCell sx={{ fontWeight: 500 }}>
                  {rate.name}
                  <RateHistoryBadges rate={rate} />
                </TableCell>
                <TableCell>{rate.abbreviation}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatRate(rate.rate)}
                  {/* The spec's table: which quarter each rate belongs to, so two rates of one jurisdiction read apart. */}
                  {!rate.kind && rate.effective_date ? (
                    <Box sx={{ whiteSpace: 'nowrap' }}>
                      <EffectiveDate date={rate.effective_date} />
                    </Box>
                  ) : null}
                </TableCell>
                <TableCell>{translate(`taxRates.countries.${rate.country}`, { _: rate.country })}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={rate.is_active ? 'success' : 'default'}
                    variant={rate.is_active ? 'filled' : 'outlined'}
                    label={translate(rate.is_active ? 'taxRates.status.active' : 'taxRates.status.inactive')}
                  />
                </TableCell>
                <TableCell>{formatDate(rate.created_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('taxRates.actions.edit', { name: rate.name })}>
                    <IconButton size="small" onClick={() => onEdit(rate)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('taxRates.actions.delete', { name: rate.name })}>
                    <IconButton size="small" color="error" onClick={() => onDelete(rate)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
