import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useRateHistoryProvider } from '../providers/useRateHistoryProvider';
import type { RateMatrixImport } from '../api/types';
import { quarterOf, recentQuarters } from './rateHistory';

/** The preview lists at most this many changed lines; the summary counts them all. */
const SHOWN_CHANGES = 100;
const STATUS_COLOR = { added: 'success', changed: 'warning', unchanged: 'default' } as const;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The "Import rate matrix" button of the Tax Rates page and its dialog. */
export const ImportRateMatrixButton = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('rateHistory.import.button')}
      </Button>
      {open ? <ImportRateMatrixDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
};

/**
 * Upload -> preview of what changes (added / changed / unchanged per jurisdiction, fuel type and kind) -> apply.
 * The server applies the same file all or nothing; a bad row comes back as its sentence ("Row 7: …").
 */
const ImportRateMatrixDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const provider = useRateHistoryProvider();
  const [quarter, setQuarter] = useState(() => quarterOf(new Date()));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RateMatrixImport | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setPreview(null);
    setError(null);
  };

  const runPreview = async () => {
    if (!file) return;
    setBusy('preview');
    reset();
    try {
      setPreview(await provider.previewRateMatrix(file, quarter));
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const runApply = async () => {
    if (!file) return;
    setBusy('apply');
    setError(null);
    try {
      const result = await provider.applyRateMatrix(file, quarter);
      notify(translate('rateHistory.import.applied', { quarter: result.quarter, ...result.summary }), {
        type: 'success',
      });
      refresh();
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const changes = preview?.changes.filter((change) => change.status !== 'unchanged') ?? [];
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('rateHistory.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('rateHistory.import.intro')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <TextField
            select
            size="small"
            label={translate('rateHistory.import.quarter')}
            value={quarter}
            onChange={(event) => {
              setQuarter(event.target.value);
              reset();
            }}
            sx={{ minWidth: 160 }}
          >
            {recentQuarters(new Date()).map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {translate('rateHistory.import.choose_file')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="rate-matrix-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                reset();
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {file?.name ?? translate('rateHistory.import.no_file')}
          </Typography>
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate('rateHistory.import.error', { message: error })}
          </Alert>
        ) : null}
        {preview ? (
          <Box data-testid="rate-matrix-preview">
            <Alert severity={changes.length > 0 ? 'info' : 'success'} sx={{ mb: 2 }}>
              {translate('rateHistory.import.summary', preview.summary)}
              {changes.length === 0 ? ` ${translate('rateHistory.import.nothing_changes')}` : ''}
            </Alert>
            {changes.length > 0 ? (
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label={translate('rateHistory.import.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('rateHistory.import.columns.jurisdiction')}</TableCell>
                      <TableCell>{translate('rateHistory.import.columns.fuel_type')}</TableCell>
                      <TableCell>{translate('rateHistory.import.columns.kind')}</TableCell>
                      <TableCell>{translate('rateHistory.import.columns.effective_from')}</TableCell>
                      <TableCell>{translate('rateHistory.import.columns.status')}</TableCell>
                      <TableCell align="right">{translate('rateHistory.import.columns.previous')}</TableCell>
                      <TableCell align="right">{translate('rateHistory.import.columns.rate')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {changes.slice(0, SHOWN_CHANGES).map((change) => (
                      <TableRow
                        key={`${change.code}-${change.fuel_type}-${change.kind}-${change.effective_from}`}
                        data-testid="rate-matrix-change"
                      >
                        <TableCell>
                          {change.name} ({change.code})
                        </TableCell>
                        <TableCell>{translate(`rateHistory.fuel_types.${change.fuel_type}`)}</TableCell>
                        <TableCell>{translate(`rateHistory.kinds.${change.kind}`)}</TableCell>
                        <TableCell>{change.effective_from}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={STATUS_COLOR[change.status]}
                            label={translate(`rateHistory.import.statuses.${change.status}`)}
                          />
                        </TableCell>
                        <TableCell align="right">{change.previous_rate ? `$${change.previous_rate}` : '—'}</TableCell>
                        <TableCell align="right">${change.rate}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : null}
            {changes.length > SHOWN_CHANGES ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('rateHistory.import.more', { count: changes.length - SHOWN_CHANGES })}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy !== null}>
          {translate('common.cancel')}
        </Button>
        <Button onClick={runPreview} disabled={!file || busy !== null}>
          {translate(busy === 'preview' ? 'rateHistory.import.previewing' : 'rateHistory.import.preview')}
        </Button>
        <Button variant="contained" onClick={runApply} disabled={!preview || changes.length === 0 || busy !== null}>
          {translate(busy === 'apply' ? 'rateHistory.import.applying' : 'rateHistory.import.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
