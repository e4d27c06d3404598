import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { formatDateTime } from './format';
import { StatusBadge } from './StatusBadge';
import type { Report } from './types';

interface Props {
  reports: readonly Report[];
  onDelete: (report: Report) => void;
}

/** Report, Company, Period, Status, Date and Actions (spec §2 Report list). */
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
            <TableCell align="right">{translate('reports.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((report) => (
            <TableRow key={report.id} hover data-testid="report-row">
              <TableCell>
                <Link component={RouterLink} to={`/reports/${report.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                  {report.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {translate('reports.columns.jurisdiction_count', { smart_count: report.jurisdictions.length })}
                </Typography>
              </TableCell>
              <TableCell>{report.company_name}</TableCell>
              <TableCell>{report.tax_period}</TableCell>
              <TableCell>
                <StatusBadge report={report} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(report.created_at)}
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'nowrap' }}>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/reports/${report.id}`}
                    startIcon={<VisibilityIcon />}
                    aria-label={translate('reports.actions.view_label', { name: report.name })}
                  >
                    {translate('reports.actions.view')}
                  </Button>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/calculator?edit=${encodeURIComponent(report.id)}`}
                    startIcon={<EditIcon />}
                    aria-label={translate('reports.actions.edit_label', { name: report.name })}
                  >
                    {translate('reports.actions.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => onDelete(report)}
                    aria-label={translate('reports.actions.delete_label', { name: report.name })}
                  >
                    {translate('reports.actions.delete')}
                  </Button>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
