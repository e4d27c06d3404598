import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import BlockIcon from '@mui/icons-material/Block';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { ShowBase, useShowContext, useTranslate } from 'react-admin';
import { addExactly, calculateReport } from '@ifta/index';
import { usePageTitle } from '../components/usePageTitle';
import { SectionCard } from '../components/SectionCard';
import { PageSpinner } from '../layout/PageSpinner';
import { httpStatus } from '../providers/httpClient';
import { formatDateTime, reportTitle } from './format';
import { AmendmentChanges } from './AmendmentChanges';
import { ReturnRecordNotice } from './ReturnRecordNotice';
import { VoidReportDialog } from './VoidReportDialog';
import { useCan } from '../providers/memberRole';
import { JurisdictionDetailsTable } from './JurisdictionDetailsTable';
import { OfficialReportSchedules } from './OfficialReportSchedules';
import { ReportGeneralInfo } from './ReportGeneralInfo';
import { AmendmentBadge } from './AmendmentBadge';
import { ReturnPaymentsCard } from './ReturnPaymentsCard';
import { SettledChip } from './SettlementStatus';
import { ReportAuthors } from './ReportAuthors';
import { StatusBadge } from './StatusBadge';
import { TaxSummaryCard } from './TaxSummaryCard';
import { TotalToRemit } from './TotalToRemit';
import { useReportActions } from './useReportActions';
import { useReportPdf } from './useReportPdf';
import { ReportFilingCard } from '../calendar/ReportFilingCard';
import { REPORT_DETAIL_META } from './detailQuery';
import { isDraftReport } from '../api/reports';
import type { Report } from '../api/types';

const BackButton = () => {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to="/reports" startIcon={<ArrowBackIcon />} variant="outlined">
      {translate('reports.actions.back')}
    </Button>
  );
};

/**
 * Report detail at /reports/:id (docs/product-spec.md §2), through react-admin's show controller: the record is the cache
 * entry every save of the report writes (REPORT_DETAIL_META). The page shows 'Report not found' itself
 * rather than react-admin's toast and redirect.
 */
const ReportShow = () => (
  <ShowBase resource="reports" queryOptions={{ meta: REPORT_DETAIL_META, onError: () => undefined }}>
    <ReportShowView />
  </ShowBase>
);

const ReportShowView = () => {
  const translate = useTranslate();
  const { record: report, isPending, error } = useShowContext<Report>();
  usePageTitle(report ? reportTitle(report, translate) : translate('reports.detail.loading'));

  if (isPending) return <PageSpinner />;
  if (error || !report) {
    const missing = httpStatus(error) === 404 || (!error && !report);
    return (
      <Stack spacing={2} sx={{ py: 3, alignItems: 'flex-start' }}>
        <Alert severity={missing ? 'warning' : 'error'} sx={{ alignSelf: 'stretch' }}>
          <AlertTitle>{translate(missing ? 'reports.errors.not_found' : 'reports.errors.load_one')}</AlertTitle>
        </Alert>
        <BackButton />
      </Stack>
    );
  }
  return <ReportDetail report={report} />;
};

const ReportDetail = ({ report }: { report: Report }) => {
  const translate = useTranslate();
  const { exportReport } = useReportActions();
  const pdf = useReportPdf();
  const draft = isDraftReport(report);
  // Only the return of record is amended (a superseded or voided final is not what the return stands on); a viewer
  // reads only, and only an owner voids.
  const amends = useCan('bookkeeper') && report.return_of_record;
  const voids = useCan('owner') && report.return_of_record;
  const [voiding, setVoiding] = useState(false);
  // Totals from the shared IFTA math over the stored rows, so they foot with the lines shown.
  const { totals } = useMemo(
    () =>
      calculateReport(
        report.jurisdictions.map((row) => ({
          totalMiles: row.total_miles,
          taxableMiles: row.taxable_miles,
          gallonsPurchased: row.gallons_purchased,
          taxRate: row.tax_rate,
        })),
        report.average_mpg,
      ),
    [report],
  );
  const official = report.calculation_mode === 'official';
  // The official total adds the surcharges, which only the server's totals carry.
  const taxDue =
    official && report.totals
      ? report.totals.tax_due
      : report.jurisdictions.reduce((sum: number, row) => addExactly(sum, row.tax_due), 0);

  return (
    <Box sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: { sm: 'center' }, mb: 3 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h1">
              {reportTitle(report, translate)}
            </Typography>
            <StatusBadge report={report} size="medium" />
            <AmendmentBadge report={report} size="medium" />
            {report.superseded ? null : <SettledChip report={report} size="medium" />}
          </Box>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('reports.detail.created', { date: formatDateTime(report.created_at) })}
          </Typography>
          <ReportAuthors report={report} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <BackButton />
          {draft ? (
            <Button
              component={RouterLink}
              to={`/calculator?edit=${encodeURIComponent(report.id)}`}
              variant="outlined"
              startIcon={<EditIcon />}
            >
              {translate('reports.actions.edit')}
            </Button>
          ) : null}
          {amends ? (
            <Button
              component={RouterLink}
              to={`/calculator?edit=${encodeURIComponent(report.id)}`}
              variant="outlined"
              startIcon={<EditIcon />}
            >
              {translate('reports.actions.amend')}
            </Button>
          ) : null}
          <Button
            variant="contained"
            startIcon={exportReport.isPending ? <CircularProgress size={18} color="inherit" /> : <FileDownloadIcon />}
            disabled={exportReport.isPending}
            onClick={() => exportReport.mutate(report)}
          >
            {translate(exportReport.isPending ? 'reports.actions.exporting' : 'reports.actions.export')}
          </Button>
          {official ? (
            <Button
              variant="outlined"
              startIcon={pdf.isPending ? <CircularProgress size={18} color="inherit" /> : <PictureAsPdfIcon />}
              disabled={pdf.isPending}
              onClick={() => pdf.mutate(report)}
            >
              {translate(pdf.isPending ? 'official.pdf.downloading' : 'official.pdf.download')}
            </Button>
          ) : null}
          {voids ? (
            <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => setVoiding(true)}>
              {translate('reports.actions.void')}
            </Button>
          ) : null}
        </Box>
      </Box>
      <VoidReportDialog report={voiding ? report : null} onClose={() => setVoiding(false)} />
      <Stack spacing={3}>
        <ReturnRecordNotice report={report} />
        <ReportGeneralInfo report={report} />
        <SectionCard id="report-details" title={translate('reports.detail.details')} icon={<TableChartIcon />}>
          {official ? (
            <OfficialReportSchedules report={report} />
          ) : (
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <JurisdictionDetailsTable rows={report.jurisdictions} totals={{ ...totals, taxDue }} />
            </Paper>
          )}
        </SectionCard>
        {report.difference ? <AmendmentChanges report={report} /> : null}
        <TaxSummaryCard total={taxDue}>
          {report.penalty !== null || report.difference ? <TotalToRemit report={report} /> : null}
        </TaxSummaryCard>
        {draft ? null : <ReturnPaymentsCard report={report} />}
        <ReportFilingCard key={`${report.id}-${report.filed_at ?? ''}`} report={report} />
      </Stack>
    </Box>
  );
};

export default ReportShow;
