import { Fragment, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetOne, useLocale, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { saveFile } from '../components/saveFile';
import { failureReason } from '../notifications/useNotifyFailure';
import { AuditPacketDialog } from './AuditPacketDialog';
import { type ByVehicleRecord, RECORD_REPORTS, recordsProvider } from '../providers/recordsProvider';

const COLUMNS = ['jurisdiction', 'miles', 'taxable_miles', 'gallons', 'mpg'] as const;

/**
 * Per-vehicle report of a quarter: each unit's miles and gallons by jurisdiction with its MPG, a totals line per
 * unit, a unit filter, the same report as an .xlsx or CSV file, and the audit packet of a quarter or a year.
 * Quarter and unit live in the address.
 */
export const ByVehiclePanel = ({ periods }: { periods: string[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  // The last closed quarter by default: the one being filed.
  const asked = params.get('period');
  const period = asked && periods.includes(asked) ? asked : (periods[1] ?? periods[0]);
  const [unit, setUnit] = useState(params.get('unit') ?? '');
  const [packetOpen, setPacketOpen] = useState(false);
  const filter = unit.trim();
  const report = useGetOne<ByVehicleRecord>(
    RECORD_REPORTS.byVehicle,
    { id: period, meta: { unit: filter } },
    { placeholderData: keepPreviousData },
  );
  const number = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: 3 });
  const mpg = (value: number | null) =>
    value === null ? '—' : value.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US', { minimumFractionDigits: 2 });
  const remember = (next: { period?: string; unit?: string }) => {
    const values = { tab: 'by_vehicle', period, unit: filter, ...next };
    setParams(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')));
  };
  const download = async (format: 'xlsx' | 'csv') => {
    try {
      const { blob, fileName } = await recordsProvider.byVehicleExport(period, filter, format);
      saveFile(blob, fileName ?? `by-vehicle-${period}.${format}`);
    } catch {
      notify('byVehicle.export_failed', { type: 'error' });
    }
  };
  const data = report.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('byVehicle.intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('byVehicle.period')}
          value={period}
          onChange={(event) => remember({ period: event.target.value })}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          {periods.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          name="unit"
          label={translate('byVehicle.unit')}
          value={unit}
          onChange={(event) => setUnit(event.target.value)}
          onBlur={() => remember({ unit: filter })}
          sx={{ width: { xs: '100%', sm: 200 } }}
        />
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<DownloadIcon />} disabled={!data?.rows.length} onClick={() => void download('xlsx')}>
          {translate('byVehicle.export_xlsx')}
        </Button>
        <Button startIcon={<DownloadIcon />} disabled={!data?.rows.length} onClick={() => void download('csv')}>
          {translate('byVehicle.export_csv')}
        </Button>
        <Button variant="outlined" startIcon={<FolderZipIcon />} onClick={() => setPacketOpen(true)}>
          {translate('byVehicle.audit_packet.open')}
        </Button>
      </Box>
      {packetOpen ? (
        <AuditPacketDialog periods={periods} period={period} unit={filter} onClose={() => setPacketOpen(false)} />
      ) : null}
      {report.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      ) : report.isError ? (
        <Alert severity="error">{failureReason(report.error, translate) ?? translate('byVehicle.failed')}</Alert>
      ) : data!.rows.length === 0 ? (
        <Alert severity="info">{translate(filter ? 'byVehicle.empty_unit' : 'byVehicle.empty', { period })}</Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate('byVehicle.table_label', { period })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('byVehicle.columns.unit')}</TableCell>
                <TableCell>{translate('byVehicle.columns.fuel_type')}</TableCell>
                {COLUMNS.map((key) => (
                  <TableCell key={key} align={key === 'jurisdiction' ? 'left' : 'right'}>
                    {translate(`byVehicle.columns.${key}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data!.totals.map((total) => (
                <Fragment key={total.unit}>
                  {data!.rows
                    .filter((row) => row.unit === total.unit)
                    .map((row) => (
                      <TableRow key={`${row.unit}|${row.jurisdiction}`}>
                        <TableCell>{row.unit}</TableCell>
                        <TableCell>{translate(`rateHistory.fuel_types.${row.fuel_type}`)}</TableCell>
                        <TableCell>{row.jurisdiction}</TableCell>
                        <TableCell align="right">{number.format(row.miles)}</TableCell>
                        <TableCell align="right">{number.format(row.taxable_miles)}</TableCell>
                        <TableCell align="right">{number.format(row.gallons)}</TableCell>
                        <TableCell align="right">{mpg(row.mpg)}</TableCell>
                      </TableRow>
                    ))}
                  <TableRow data-testid="unit-total" data-unit={total.unit} sx={{ '& td': { fontWeight: 600 } }}>
                    <TableCell>{total.unit}</TableCell>
                    <TableCell>{translate(`rateHistory.fuel_types.${total.fuel_type}`)}</TableCell>
                    <TableCell>{translate('byVehicle.total')}</TableCell>
                    <TableCell align="right">{number.format(total.miles)}</TableCell>
                    <TableCell align="right">{number.format(total.taxable_miles)}</TableCell>
                    <TableCell align="right">{number.format(total.gallons)}</TableCell>
                    <TableCell align="right" data-testid="unit-mpg">
                      {mpg(total.mpg)}
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
};
