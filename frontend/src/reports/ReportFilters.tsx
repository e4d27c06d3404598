import { Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import {
  SORT_FIELDS,
  type ReportFilters as Filters,
  type SortOrder,
  type StatusFilter,
  type SortField,
} from './reportFilters';

interface Props {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
}

/** Search, Status, Sort By and Order (spec §2 Report list). */
export const ReportFilters = ({ filters, onChange }: Props) => {
  const translate = useTranslate();
  return (
    <Box
      role="search"
      sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' } }}
    >
      <TextField
        size="small"
        label={translate('reports.filters.search')}
        placeholder={translate('reports.filters.search_placeholder')}
        value={filters.search}
        onChange={(event) => onChange({ search: event.target.value })}
        slotProps={{
          htmlInput: { 'data-testid': 'report-search' },
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
        label={translate('reports.filters.status')}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as StatusFilter })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('reports.filters.all_statuses')}</MenuItem>
        <MenuItem value="draft">{translate('reports.filters.drafts')}</MenuItem>
        <MenuItem value="final">{translate('reports.filters.final')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={translate('reports.filters.sort_by')}
        value={filters.sort}
        onChange={(event) => onChange({ sort: event.target.value as SortField })}
      >
        {SORT_FIELDS.map((field) => (
          <MenuItem key={field} value={field}>
            {translate(`reports.filters.${field}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('reports.filters.order')}
        value={filters.order}
        onChange={(event) => onChange({ order: event.target.value as SortOrder })}
      >
        <MenuItem value="desc">{translate('reports.filters.desc')}</MenuItem>
        <MenuItem value="asc">{translate('reports.filters.asc')}</MenuItem>
      </TextField>
    </Box>
  );
};
