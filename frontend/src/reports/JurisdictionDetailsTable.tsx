import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportTotals } from '@ifta/index';
import { formatGallons, formatGallonsPurchased, formatMiles, formatTaxRate } from './format';
import { TaxAmount } from './TaxAmount';
import type { ReportJurisdiction } from '../api/types';

const COLUMNS = [
  'jurisdiction',
  'total_miles',
  'taxable_miles',
  'gallons_purchased',
  'tax_rate',
  'consumed',
  'net_gallons',
  'tax_due',
] as const;

/** Jurisdiction Details (docs/product-spec.md §2): gallons purchased 1 decimal, rate $ + 4 decimals, money 2 decimals. */
export const JurisdictionDetailsTable = ({
  rows,
  totals,
}: {
  rows: readonly ReportJurisdiction[];
  totals: ReportTotals;
}) => {
  const translate = useTranslate();
  const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  // The footer keeps the body's size; MUI's footer default is a smaller caption size.
  const total = { ...numeric, fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } as const;
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('reports.detail.details')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column, index) => (
              <TableCell key={column} align={index === 0 ? 'left' : 'right'}>
                {translate(`reports.detail.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={`${row.name}-${index}`} data-testid="jurisdiction-row">
              <TableCell sx={{ fontWeight: 500 }}>{row.name}</TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMiles(row.total_miles)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatMiles(row.taxable_miles)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatGallonsPurchased(row.gallons_purchased)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatTaxRate(row.tax_rate)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatGallons(row.gallons_consumed)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {formatGallons(row.net_gallons)}
              </TableCell>
              <TableCell align="right" sx={{ ...numeric, fontWeight: 600 }}>
                <TaxAmount value={Number(row.tax_due)} line />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="jurisdiction-total">
            <TableCell sx={total}>{translate('reports.detail.columns.total')}</TableCell>
            <TableCell align="right" sx={total}>
              {formatMiles(totals.totalMiles)}
            </TableCell>
            <TableCell align="right" sx={total}>
              {formatMiles(totals.taxableMiles)}
            </TableCell>
            <TableCell align="right" sx={total}>
              {formatGallonsPurchased(totals.gallonsPurchased)}
            </TableCell>
            <TableCell />
            <TableCell align="right" sx={total}>
              {formatGallons(totals.gallonsConsumed)}
            </TableCell>
            <TableCell align="right" sx={total}>
              {formatGallons(totals.netGallons)}
            </TableCell>
            <TableCell align="right" sx={total}>
              <TaxAmount value={totals.taxDue} />
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
};
