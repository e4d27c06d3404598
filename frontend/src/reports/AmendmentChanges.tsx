import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { useTranslate } from 'react-admin';
import { SectionCard } from '../components/SectionCard';
import type { Report } from '../api/types';
import { amendmentChanges, formatChange } from './amendmentChanges';
import { formatMoney } from './format';

const NUMBER = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * An amended return's "Changes from the return it amends": per jurisdiction and in total, what was due on the
 * return it supersedes, what is due now and the difference, which is what the amendment pays or claims.
 */
export const AmendmentChanges = ({ report }: { report: Pick<Report, 'difference' | 'jurisdictions'> }) => {
  const translate = useTranslate();
  const changes = amendmentChanges(report);
  if (!changes) return null;
  const fuels = new Set(changes.rows.map((row) => row.fuelType)).size > 1;
  const cells = (row: (typeof changes.rows)[number]) => (
    <>
      <TableCell align="right" sx={NUMBER}>
        {formatMoney(row.original)}
      </TableCell>
      <TableCell align="right" sx={NUMBER}>
        {formatMoney(row.amended)}
      </TableCell>
      <TableCell
        align="right"
        sx={{ ...NUMBER, color: row.difference > 0 ? 'error.main' : row.difference < 0 ? 'success.main' : undefined }}
      >
        {formatChange(row.difference, formatMoney)}
      </TableCell>
    </>
  );
  return (
    <SectionCard
      id="amendment-changes"
      title={translate('reports.amendment.changes.title')}
      icon={<CompareArrowsIcon />}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('reports.amendment.changes.caption')}
      </Typography>
      <Table size="small" data-testid="amendment-changes" aria-label={translate('reports.amendment.changes.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('reports.amendment.changes.jurisdiction')}</TableCell>
            <TableCell align="right">{translate('reports.amendment.changes.original')}</TableCell>
            <TableCell align="right">{translate('reports.amendment.changes.amended')}</TableCell>
            <TableCell align="right">{translate('reports.amendment.changes.difference')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.rows.map((row) => (
            <TableRow key={row.key} data-testid="amendment-change-row">
              <TableCell component="th" scope="row">
                {fuels ? `${row.code} (${row.fuelType})` : row.code}
              </TableCell>
              {cells(row)}
            </TableRow>
          ))}
          <TableRow data-testid="amendment-change-total" sx={{ '& > *': { fontWeight: 700 } }}>
            <TableCell component="th" scope="row">
              {translate('reports.amendment.changes.total')}
            </TableCell>
            {cells(changes.total)}
          </TableRow>
        </TableBody>
      </Table>
    </SectionCard>
  );
};
