import { useMemo } from 'react';
import { Box, MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { TaxRateFilter } from '../providers/taxRatesProvider';
import { FUEL_TYPES } from '@ifta/index';
import { recentQuarters } from './rateHistory';

/**
 * Quarter and Fuel type. Left at their defaults ('Current rates', 'Diesel (base rates)') the list is the
 * spec's table; a quarter shows the rates dated within it, a fuel type that fuel's base and surcharge rates.
 * Reset Filters clears them with the others; every change goes back to page 1.
 */
export const TaxRateHistoryFilters = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filters = filterValues as TaxRateFilter;
  const quarters = useMemo(() => {
    const offered = recentQuarters(new Date());
    return filters.quarter && !offered.includes(filters.quarter) ? [filters.quarter, ...offered] : offered;
  }, [filters.quarter]);

  const apply = (changes: Partial<TaxRateFilter>) => {
    const next: Record<string, unknown> = { ...filters, ...changes };
    for (const key of Object.keys(next)) if (next[key] === '' || next[key] === undefined) delete next[key];
    setFilters(next, undefined, false);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 3fr' } }}>
      <TextField
        select
        size="small"
        label={translate('rateHistory.filters.quarter')}
        value={filters.quarter ?? ''}
        onChange={(event) => apply({ quarter: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('rateHistory.filters.current')}</MenuItem>
        {quarters.map((quarter) => (
          <MenuItem key={quarter} value={quarter}>
            {quarter}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('rateHistory.filters.fuel_type')}
        value={filters.fuel_type ?? ''}
        onChange={(event) => apply({ fuel_type: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('rateHistory.filters.diesel_table')}</MenuItem>
        {FUEL_TYPES.map((fuel) => (
          <MenuItem key={fuel} value={fuel}>
            {translate(`rateHistory.fuel_types.${fuel}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};
