import { useEffect, useRef, useState } from 'react';
import { Box, Button, InputAdornment, MenuItem, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';
import type { TaxRateFilter } from '../providers/taxRatesProvider';
import { TAX_RATE_COUNTRIES } from '../api/constants';

/** Sort By choices (docs/product-spec.md §2); 'Date' is the Created Date the table shows. */
const SORT_CHOICES = [
  { value: 'name:ASC', label: 'taxRates.sort.name_asc' },
  { value: 'name:DESC', label: 'taxRates.sort.name_desc' },
  { value: 'rate:ASC', label: 'taxRates.sort.rate_asc' },
  { value: 'rate:DESC', label: 'taxRates.sort.rate_desc' },
  { value: 'created_at:DESC', label: 'taxRates.sort.date_desc' },
  { value: 'created_at:ASC', label: 'taxRates.sort.date_asc' },
];

/** Search, Country, Status, Sort By and Reset Filters; every change goes back to page 1. */
export const TaxRateFilters = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, sort, setSort } = useListContext();
  const filters = filterValues as TaxRateFilter;
  const [search, setSearch] = useState(filters.q ?? '');
  const typed = useRef(filters.q ?? '');

  // Reset Filters and the back button change the URL: the box follows, unless the URL only caught up
  // with what was typed (a late echo must not undo keystrokes made since).
  useEffect(() => {
    const q = filters.q ?? '';
    if (q !== typed.current) {
      typed.current = q;
      setSearch(q);
    }
  }, [filters.q]);

  const apply = (changes: Partial<TaxRateFilter>, debounce = false) => {
    const next: Record<string, unknown> = { ...filters, ...changes };
    for (const key of Object.keys(next)) if (next[key] === '' || next[key] === undefined) delete next[key];
    setFilters(next, undefined, debounce);
  };

  const sortValue = `${sort.field}:${sort.order}`;
  return (
    <Box
      role="search"
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr auto' },
        alignItems: 'center',
      }}
    >
      <TextField
        size="small"
        label={translate('taxRates.filters.search')}
        placeholder={translate('taxRates.filters.search_placeholder')}
        value={search}
        onChange={(event) => {
          typed.current = event.target.value;
          setSearch(event.target.value);
          apply({ q: event.target.value }, true);
        }}
        slotProps={{
          htmlInput: { 'data-testid': 'tax-rate-search' },
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
        label={translate('taxRates.filters.country')}
        value={filters.country ?? ''}
        onChange={(event) => apply({ country: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('taxRates.filters.all_countries')}</MenuItem>
        {TAX_RATE_COUNTRIES.map((country) => (
          <MenuItem key={country} value={country}>
            {translate(`taxRates.countries.${country}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('taxRates.filters.status')}
        value={filters.is_active === undefined ? '' : String(filters.is_active)}
        onChange={(event) => apply({ is_active: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('taxRates.filters.all_statuses')}</MenuItem>
        <MenuItem value="true">{translate('taxRates.status.active')}</MenuItem>
        <MenuItem value="false">{translate('taxRates.status.inactive')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={translate('taxRates.filters.sort_by')}
        value={SORT_CHOICES.some((choice) => choice.value === sortValue) ? sortValue : 'name:ASC'}
        onChange={(event) => {
          const [field, order] = event.target.value.split(':');
          setSort({ field, order: order === 'DESC' ? 'DESC' : 'ASC' });
        }}
      >
        {SORT_CHOICES.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {translate(choice.label)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        onClick={() => {
          typed.current = '';
          setSearch('');
          setFilters({}, undefined, false);
        }}
      >
        {translate('taxRates.filters.reset')}
      </Button>
    </Box>
  );
};
