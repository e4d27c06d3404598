import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { findNonIftaJurisdiction, linePeriods } from '@ifta/index';
import { formatDay } from '../calendar/displaySettings';
import { formatMiles, formatMoney, formatTaxRate } from './format';
import { TaxAmount } from './TaxAmount';
import type { FuelSchedule, ReportJurisdiction } from '../api/types';

const COLUMNS = [
  'jurisdiction',
  'total_miles',
  'taxable_miles',
  'taxable_gallons',
  'tax_paid_gallons',
  'net_taxable_gallons',
  'rate',
  'tax',
  'surcharge',
] as const;

interface Props {
  rows: ReportJurisdiction[];
  /** The report's period: a jurisdiction split into rate periods shows each line's days within it. */
  period?: string;
  schedule: FuelSchedule;
  /** The translated fuel name, for the table's accessible name. */
  fuel: string;
}

/**
 * One fuel type's official schedule: whole miles and gallons, the rate used and where it came from (the
 * quarter's table or typed), the tax and the surcharge per jurisdiction, and the schedule's totals the server stored.
 */
export const OfficialScheduleTable = ({ rows, schedule, fuel, period = '' }: Props) => {
  const translate = useTranslate();
  const days = linePeriods(
    rows.map((row) => ({ code: row.code ?? row.name, fuelType: row.fuel_type ?? 'diesel', rateFrom: row.rate_from })),
    period,
  );
  const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  const total = { ...numeric, fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } as const;
  return (
    // Focusable so a keyboard can scroll the schedule sideways on a phone.
    <TableContainer tabIndex={0} role="region" aria-label={translate('official.schedule.lines_label', { fuel })}>
      <Table size="small" aria-label={translate('official.schedule.title', { fuel })}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column, index) => (
              <TableCell key={column} align={index === 0 ? 'left' : 'right'}>
                {translate(`official.schedule.${column}`)}
              </TableCell>
            ))}
            <TableCell>{translate('official.rate_source.column')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={`${row.code ?? row.name}-${index}`} data-testid="jurisdiction-row">
              <TableCell>
                {row.code ?? row.name}
                {row.code && row.code !== row.name ? ` · ${row.name}` : ''}
                {findNonIftaJurisdiction(row.code ?? row.name) ? ` (${translate('official.schedule.non_ifta')})` : ''}
                {days[index] ? (
                  <span data-testid="rate-period">
                    {` (${translate('official.rate_period.line', {
                      from: formatDay(days[index]!.from),
                      to: formatDay(days[index]!.to),
                    })})`}
                  </span>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMiles(row.total_miles)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMiles(row.taxable_miles)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMiles(row.gallons_consumed)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMiles(row.gallons_purchased)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMiles(row.net_gallons)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatTaxRate(row.tax_rate)}
                {row.surcharge_rate ? ` + ${formatTaxRate(row.surcharge_rate)}` : ''}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                <TaxAmount value={row.tax_due} line />
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMoney(row.surcharge_due ?? 0)}
              </TableCell>
              <TableCell data-testid="line-rate-source" data-source={row.rate_source ?? ''}>
                {row.rate_source ? translate(`official.rate_source.${row.rate_source}_short`) : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="jurisdiction-total">
            <TableCell sx={total}>{translate('official.schedule.totals')}</TableCell>
            <TableCell align="right" sx={total}>
              {formatMiles(schedule.total_miles)}
            </TableCell>
            <TableCell align="right" sx={total}>
              {formatMiles(schedule.taxable_miles)}
            </TableCell>
            <TableCell align="right" sx={total}>
              {formatMiles(schedule.taxable_gallons)}
            </TableCell>
            <TableCell align="right" sx={total}>
              {formatMiles(schedule.tax_paid_gallons)}
            </TableCell>
            <TableCell align="right" sx={total}>
              {formatMiles(schedule.net_taxable_gallons)}
            </TableCell>
            <TableCell />
            <TableCell align="right" sx={total}>
              <TaxAmount value={schedule.tax_due} />
            </TableCell>
            <TableCell align="right" sx={total}>
              {formatMoney(schedule.surcharge_due)}
            </TableCell>
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
};
