import { Alert, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { decimalToNumber, findNonIftaJurisdiction, toDecimal } from '@ifta/index';
import { formatMiles, formatMoney, formatMpg, formatTaxRate } from './format';
import { TaxAmount } from './TaxAmount';
import type { Report } from './types';

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

/**
 * An official-mode report as the quarterly schedule reads (issue 12): whole miles and gallons, the rate used, the
 * tax and the surcharge per jurisdiction, and the totals the server stored. The note says which MPG was used.
 */
export const OfficialScheduleTable = ({ report }: { report: Report }) => {
  const translate = useTranslate();
  const totals = report.totals;
  const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  const total = { ...numeric, fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } as const;
  const mpgNote =
    report.mpg_source === 'typed'
      ? translate('official.mpg.typed', {
          mpg: formatMpg(report.average_mpg),
          fleet: formatMpg(report.fleet_mpg ?? 0),
        })
      : translate('official.mpg.fleet', { mpg: formatMpg(report.average_mpg) });
  return (
    <>
      <Alert severity="info" data-testid="official-mpg-note" sx={{ borderRadius: 0 }}>
        {translate('official.mode.official_short')} · {mpgNote}
      </Alert>
      <TableContainer>
        <Table
          size="small"
          aria-label={translate('official.schedule.title', { fuel: translate('official.fuel.diesel') })}
        >
          <TableHead>
            <TableRow>
              {COLUMNS.map((column, index) => (
                <TableCell key={column} align={index === 0 ? 'left' : 'right'}>
                  {translate(`official.schedule.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.jurisdictions.map((row, index) => (
              <TableRow key={`${row.code ?? row.name}-${index}`} data-testid="jurisdiction-row">
                <TableCell>
                  {row.code ?? row.name}
                  {row.code && row.code !== row.name ? ` · ${row.name}` : ''}
                  {findNonIftaJurisdiction(row.code ?? row.name) ? ` (${translate('official.schedule.non_ifta')})` : ''}
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
                  <TaxAmount value={row.tax_due} />
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatMoney(row.surcharge_due ?? 0)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          {totals ? (
            <TableFooter>
              <TableRow data-testid="jurisdiction-total">
                <TableCell sx={total}>{translate('official.schedule.totals')}</TableCell>
                <TableCell align="right" sx={total}>
                  {formatMiles(totals.total_miles)}
                </TableCell>
                <TableCell align="right" sx={total}>
                  {formatMiles(totals.taxable_miles)}
                </TableCell>
                <TableCell align="right" sx={total}>
                  {formatMiles(totals.gallons_consumed)}
                </TableCell>
                <TableCell align="right" sx={total}>
                  {formatMiles(totals.gallons_purchased)}
                </TableCell>
                <TableCell align="right" sx={total}>
                  {formatMiles(totals.net_gallons)}
                </TableCell>
                <TableCell />
                <TableCell align="right" sx={total}>
                  <TaxAmount
                    value={decimalToNumber(toDecimal(totals.tax_due).minus(toDecimal(totals.surcharge_due)))}
                  />
                </TableCell>
                <TableCell align="right" sx={total}>
                  {formatMoney(totals.surcharge_due ?? 0)}
                </TableCell>
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      </TableContainer>
    </>
  );
};
