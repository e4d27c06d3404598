import { Link as RouterLink } from 'react-router-dom';
import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime, reportTitle } from './format';
import { FuelChips } from './FuelChips';
import { ReportRowActions } from './ReportRowActions';
import { AmendmentBadge } from './AmendmentBadge';
import { StatusBadge } from './StatusBadge';
import { TaxAmount } from './TaxAmount';
import { SettlementCell } from './SettlementStatus';
import type { ReportSummary } from '../api/types';

interface Props {
  reports: readonly ReportSummary[];
  onDelete: (report: ReportSummary) => void;
}

/**
 * Report, Company, Period, Status, Date and Actions (docs/product-spec.md §2 Report list), and each return's total due
 * (tax, surcharges, penalty and interest; a credit in green), so a bookkeeper sees what each quarter owes without
 * opening it, and whether the return is paid (the "Paid" chip) or what is left of it.
 */
export const ReportTable = ({ reports, onDelete }: Props) => {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('reports.list.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('reports.columns.report')}</TableCell>
            <TableCell>{translate('reports.columns.company')}</TableCell>
            <TableCell>{translate('reports.columns.period')}</TableCell>
            <TableCell>{translate('reports.columns.status')}</TableCell>
            <TableCell>{translate('reports.columns.date')}</TableCell>
            <TableCell align="right">{translate('reports.columns.total_due')}</TableCell>
            <TableCell align="right">{translate('reports.columns.payment')}</TableCell>
            <TableCell align="right">{translate('reports.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((report) => (
            <TableRow key={report.id} hover data-testid="report-row">
              <TableCell>
                <Link component={RouterLink} to={`/reports/${report.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                  {reportTitle(report, translate)}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {translate('reports.columns.jurisdiction_count', {
                    smart_count: report.jurisdiction_count,
                  })}
                </Typography>
                <FuelChips report={report} />
              </TableCell>
              <TableCell>{report.company_name}</TableCell>
              <TableCell>{report.tax_period}</TableCell>
              <TableCell>
                <StatusBadge report={report} />
                <AmendmentBadge report={report} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(report.created_at)}
              </TableCell>
              <TableCell align="right" data-testid="report-total-due">
                <TaxAmount value={report.total_to_remit} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="report-payment">
                <SettlementCell report={report} />
              </TableCell>
              <TableCell align="right">
                <ReportRowActions report={report} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
