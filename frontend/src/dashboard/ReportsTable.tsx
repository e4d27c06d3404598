import {
  Box,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useNavigate } from 'react-router-dom';
import { useLocale, useTranslate } from 'react-admin';
import type { DashboardReportRow } from '../providers/dashboardProvider';
import { formatDate, formatMpg } from './format';
import { reportTitle } from '../reports/format';
import { StatusChip } from './StatusChip';
import { TaxAmount } from '../reports/TaxAmount';
import { SettlementCell } from '../reports/SettlementStatus';
import { useCan } from '../providers/memberRole';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50];

// On a phone the table scrolls sideways inside its container; the report's name stays pinned on the left so a
// row's actions are never out of sight of which report they act on.
const pinned = {
  position: { xs: 'sticky', md: 'static' },
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
} as const;

interface Props {
  rows: DashboardReportRow[];
  total: number;
  page: number;
  perPage: number;
  loading: boolean;
  exportingId?: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onExport: (report: DashboardReportRow) => void;
  onDelete: (report: DashboardReportRow) => void;
}

/**
 * 'All Reports' (docs/product-spec.md §2): Report, Period, Status, MPG, Jurisdictions, Created, Total Due, Payment
 * ("Paid" or the balance left) and Actions, a page at a time.
 */
export const ReportsTable = ({
  rows,
  total,
  page,
  perPage,
  loading,
  exportingId,
  onPageChange,
  onPerPageChange,
  onExport,
  onDelete,
}: Props) => {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  // A viewer reads and downloads only: no Delete.
  const writes = useCan('bookkeeper');
  const title = translate('dashboard.table.title');
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ overflow: 'hidden' }}>
      <Typography variant="h6" component="h2" sx={{ px: 2.5, pt: 2, pb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label={title} sx={{ minWidth: 820 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={pinned}>{translate('dashboard.table.report')}</TableCell>
              <TableCell>{translate('dashboard.table.period')}</TableCell>
              <TableCell>{translate('dashboard.table.status')}</TableCell>
              <TableCell align="right">{translate('dashboard.table.mpg')}</TableCell>
              <TableCell align="right">{translate('dashboard.table.jurisdictions')}</TableCell>
              <TableCell>{translate('dashboard.table.created')}</TableCell>
              <TableCell align="right">{translate('dashboard.table.total_due')}</TableCell>
              <TableCell align="right">{translate('dashboard.table.payment')}</TableCell>
              <TableCell align="right">{translate('dashboard.table.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((report) => (
              <TableRow key={report.id} hover data-testid="report-row">
                <TableCell
                  sx={{ ...pinned, fontWeight: 500, maxWidth: { xs: 140, md: 320 }, overflowWrap: 'anywhere' }}
                >
                  {reportTitle(report, translate)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{report.period}</TableCell>
                <TableCell>
                  <StatusChip report={report} />
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMpg(report.average_mpg, locale)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {report.jurisdiction_count}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(report.created_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="report-total-due">
                  <TaxAmount value={report.total_to_remit} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="report-payment">
                  <SettlementCell report={report} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('dashboard.table.view', { name: report.name })}>
                    <IconButton size="small" onClick={() => navigate(`/reports/${encodeURIComponent(report.id)}`)}>
                      <VisibilityIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('dashboard.table.export', { name: report.name })}>
                    {/* A span keeps the tooltip working while the button is disabled. */}
                    <span>
                      <IconButton
                        size="small"
                        color="primary"
                        disabled={exportingId === report.id}
                        onClick={() => onExport(report)}
                        aria-label={translate('dashboard.table.export', { name: report.name })}
                      >
                        <DownloadIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  {/* The return of record is voided, never deleted; a voided one is kept. */}
                  {writes && !report.return_of_record && !report.voided && (
                    <Tooltip title={translate('dashboard.table.delete', { name: report.name })}>
                      <IconButton size="small" color="error" onClick={() => onDelete(report)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        rowsPerPage={perPage}
        rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
        onPageChange={(_event, next) => onPageChange(next + 1)}
        onRowsPerPageChange={(event) => onPerPageChange(Number(event.target.value))}
        labelRowsPerPage={translate('dashboard.table.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => translate('dashboard.table.displayed_rows', { from, to, count })}
      />
    </Paper>
  );
};
