import { useEffect, useRef, useState } from 'react';
import { Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';
import { SORT_FIELDS, type SortField } from '../providers/reportFilters';
import type { ReportListFilter } from '../providers/reportListQuery';

/**
 * Search, Status, Sort By and Order (docs/product-spec.md §2 Report list), read from and written to react-admin's list
 * params (the URL); every change goes back to page 1.
 */
export const ReportFilters = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, sort, setSort } = useListContext();
  const filters = filterValues as ReportListFilter;
  const [search, setSearch] = useState(filters.q ?? '');
  const typed = useRef(filters.q ?? '');

  // The back button or a link changes the URL: the box follows, unless the URL only caught up with what
  // was typed (a late echo must not undo keystrokes made since).
  useEffect(() => {
    const q = filters.q ?? '';
    if (q !== typed.current) {
      typed.current = q;
      setSearch(q);
    }
  }, [filters.q]);

  const apply = (changes: Partial<ReportListFilter>, debounce = false) => {
    const next: Record<string, unknown> = { ...filters, ...changes };
    for (const key of Object.keys(next)) if (next[key] === '' || next[key] === undefined) delete next[key];
    setFilters(next, undefined, debounce);
  };

  return (
    <Box
      role="search"
      sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' } }}
    >
      <TextField
        size="small"
        label={translate('reports.filters.search')}
        placeholder={translate('reports.filters.search_placeholder')}
        value={search}
        onChange={(event) => {
          typed.current = event.target.value;
          setSearch(event.target.value);
          apply({ q: event.target.value }, true);
        }}
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
        value={filters.status ?? ''}
        onChange={(event) => apply({ status: event.target.value })}
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
        value={SORT_FIELDS.includes(sort.field as SortField) ? sort.field : 'created_at'}
        onChange={(event) => setSort({ field: event.target.value, order: sort.order })}
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
        value={sort.order}
        onChange={(event) => setSort({ field: sort.field, order: event.target.value as 'ASC' | 'DESC' })}
      >
        <MenuItem value="DESC">{translate('reports.filters.desc')}</MenuItem>
        <MenuItem value="ASC">{translate('reports.filters.asc')}</MenuItem>
      </TextField>
    </Box>
  );
};
