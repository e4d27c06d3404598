import { useState } from 'react';
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
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import { FUEL_TYPES } from '@ifta/index';
import { failureReason } from '../notifications/useNotifyFailure';
import {
  RECORD_REPORTS,
  type RecordChecksRecord,
  recordsProvider,
  refreshRecords,
  type ReturnPreviewRecord,
} from '../providers/recordsProvider';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Pick a quarter and fuel: the checks, the lines the records sum to, what changed, and the build. */
export const BuildReturnPanel = ({ periods }: { periods: string[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState(periods[1] ?? periods[0]);
  const [fuelType, setFuelType] = useState('diesel');
  const [builtId, setBuiltId] = useState<string | null>(null);
  const checks = useGetOne<RecordChecksRecord>(RECORD_REPORTS.checks, { id: period });
  const preview = useGetOne<ReturnPreviewRecord>(RECORD_REPORTS.returnPreview, { id: period, meta: { fuelType } });
  // Building files a report: an action, not a change to a record of a list, so a named provider method.
  const build = useMutation({
    mutationFn: () => recordsProvider.buildReturn(period, fuelType),
    onSuccess: ({ report }) => {
      setBuiltId(report.id);
      notify('records.build.built', { type: 'success' });
      void refreshRecords(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
    onError: (error) => notify(failureReason(error, translate) ?? 'ra.notification.http_error', { type: 'error' }),
  });
  const c = checks.data;
  const issues = c
    ? [
        ...c.units
          .filter((u) => u.outlier)
          .map((u) =>
            u.mpg === null
              ? translate('records.build.unit_no_fuel', { unit: u.unit, miles: number.format(u.miles) })
              : `${translate('records.build.unit_mpg', { unit: u.unit, miles: number.format(u.miles), gallons: number.format(u.gallons), mpg: u.mpg.toFixed(2) })} — ${translate('records.build.outlier', c.mpg_range)}`,
          ),
        ...c.fuel_without_miles.map((f) =>
          translate('records.build.fuel_without_miles', {
            jurisdiction: f.jurisdiction,
            gallons: number.format(f.gallons),
          }),
        ),
        ...(c.quarter_without_fuel ? [translate('records.build.quarter_without_fuel')] : []),
        ...c.fuel_mismatches.map((m) => {
          const fuel = translate(`rateHistory.fuel_types.${m.fuel_type}`, { _: m.fuel_type });
          const others = m.other_fuels
            .map(
              (o) =>
                `${translate(`rateHistory.fuel_types.${o.fuel_type}`, { _: o.fuel_type })} (${number.format(o.gallons)} gal)`,
            )
            .join(', ');
          return translate('records.build.fuel_mismatch', { unit: m.unit, fuel, others });
        }),
      ]
    : [];
  const p = preview.data;
  const submitLabel = !p?.built_report
    ? 'records.build.submit'
    : p.built_report.status === 'final'
      ? 'records.build.amend'
      : 'records.build.rebuild';

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={translate('records.build.period')}
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          {periods.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('records.build.fuel_type')}
          value={fuelType}
          onChange={(e) => setFuelType(e.target.value)}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          {FUEL_TYPES.map((fuel) => (
            <MenuItem key={fuel} value={fuel}>
              {translate(`rateHistory.fuel_types.${fuel}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="h6" component="h2">
        {translate('records.build.checks')}
      </Typography>
      {checks.isPending ? (
        <CircularProgress size={24} aria-label={translate('app.loading')} />
      ) : (
        <Alert severity={issues.length ? 'warning' : 'success'} sx={{ my: 1 }} data-testid="record-checks">
          {issues.length ? issues.map((issue) => <div key={issue}>{issue}</div>) : translate('records.build.all_clear')}
          {c?.fuel_mismatches.length ? <Link to="/vehicles">{translate('records.build.open_vehicles')}</Link> : null}
          <div>
            <Link to={`/records?${new URLSearchParams({ tab: 'health', period })}`}>
              {translate('records.build.open_health')}
            </Link>
          </div>
        </Alert>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('records.build.lines')}
      </Typography>
      {preview.isPending ? (
        <CircularProgress size={24} aria-label={translate('app.loading')} />
      ) : preview.isError ? (
        <Alert severity="error">{failureReason(preview.error, translate)}</Alert>
      ) : !p || p.lines.length === 0 ? (
        <Alert severity="info">{translate('records.build.no_lines')}</Alert>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
            <Table size="small" data-testid="return-lines">
              <TableHead>
                <TableRow>
                  {['jurisdiction', 'miles', 'taxable', 'gallons', 'tax_paid'].map((key) => (
                    <TableCell key={key}>{translate(`records.columns.${key}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {p.lines.map((line) => (
                  <TableRow key={line.name}>
                    <TableCell>{line.name}</TableCell>
                    <TableCell>{number.format(line.total_miles)}</TableCell>
                    <TableCell>{number.format(line.taxable_miles)}</TableCell>
                    <TableCell>{number.format(line.gallons_purchased + line.non_tax_paid_gallons)}</TableCell>
                    <TableCell>{number.format(line.gallons_purchased)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {p.receipts_left_out.length ? (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="receipts-left-out">
              {translate('records.build.left_out')}
              {p.receipts_left_out.map((r) => (
                <div key={r.id}>
                  {translate('records.build.left_out_receipt', {
                    date: r.date,
                    unit: r.unit,
                    jurisdiction: r.jurisdiction,
                    gallons: number.format(r.gallons),
                    receipt: r.receipt_number || '—',
                    missing: r.missing.map((field) => translate(`records.columns.${field}`)).join(', '),
                  })}
                </div>
              ))}
            </Alert>
          ) : null}
          {p.built_report ? (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="return-changes">
              {p.changes.length
                ? translate('records.build.changes', {
                    list: p.changes
                      .map((c) => `${c.jurisdiction} ${translate(`records.build.change.${c.change}`)}`)
                      .join(', '),
                  })
                : translate('records.build.no_changes')}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 2, mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={build.isPending} onClick={() => build.mutate()}>
              {build.isPending ? translate('records.build.building') : translate(submitLabel)}
            </Button>
            {builtId ? (
              <Button component={Link} to={`/reports/${builtId}`}>
                {translate('records.build.open_report')}
              </Button>
            ) : null}
          </Box>
        </>
      )}
    </Paper>
  );
};
