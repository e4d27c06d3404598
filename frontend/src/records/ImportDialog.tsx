import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { saveFile } from '../components/saveFile';
import { failureReason } from '../notifications/useNotifyFailure';
import { problemCountLines } from './problemCounts';
import {
  chosenResolutions,
  type ImportResolutions,
  mappingDifferences,
  NO_RESOLUTIONS,
  RESOLUTION_GROUP,
  resolutionOptions,
} from './importChoices';
import type { ImportPreview } from '../api/types';
import { IMPORT_FIELDS, type RecordKind, recordsProvider, refreshRecords } from '../providers/recordsProvider';

/**
 * A CSV import in three steps: choose the file (the server reads it and proposes a mapping: remembered for this
 * layout, else guessed from the headers), adjust the columns and preview again, then import all or nothing.
 */
export const ImportDialog = ({ kind, onClose }: { kind: RecordKind; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [duplicates, setDuplicates] = useState<'skip' | 'add'>('skip');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resolutions, setResolutions] = useState<ImportResolutions>(NO_RESOLUTIONS);
  const [defaultDate, setDefaultDate] = useState('');
  const [defaultUnit, setDefaultUnit] = useState('');
  // What the last preview was read with, beside its mapping: import must send the same.
  const [previewedExtras, setPreviewedExtras] = useState('');
  const busy = progress !== null;
  const extras = { resolutions: chosenResolutions(resolutions), defaultDate, defaultUnit };
  // Import sends the mapping on screen; its problems must be the ones previewed with that mapping.
  const stale =
    preview !== null &&
    (JSON.stringify(preview.mapping) !== JSON.stringify(mapping) || previewedExtras !== JSON.stringify(extras));

  const read = async (chosen: File, withMapping: Record<string, string>) => {
    setError(null);
    setProgress(0);
    try {
      const result = await recordsProvider.preview(kind, chosen, withMapping, setProgress, extras);
      setPreview(result);
      setPreviewedExtras(JSON.stringify(extras));
      setMapping(result.mapping);
    } catch (failure) {
      setError(failureReason(failure, translate) ?? translate('ra.notification.http_error'));
    } finally {
      setProgress(null);
    }
  };

  /** Every problem as a CSV: the file on screen is read again with the previewed mapping (nothing is kept). */
  const downloadProblems = async () => {
    if (!file || !preview) return;
    setError(null);
    setProgress(0);
    try {
      const { blob, fileName } = await recordsProvider.problemsCsv(kind, file, preview.mapping, extras);
      saveFile(blob, fileName ?? 'import-problems.csv');
    } catch (failure) {
      setError(failureReason(failure, translate) ?? translate('ra.notification.http_error'));
    } finally {
      setProgress(null);
    }
  };

  const apply = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const result = await recordsProvider.apply(kind, file, mapping, duplicates, setProgress, extras);
      notify(result.skipped_rows > 0 ? 'records.import.done_left_out' : 'records.import.done', {
        type: 'success',
        messageArgs: { imported: result.imported, skipped: result.skipped_duplicates, left_out: result.skipped_rows },
      });
      await refreshRecords(queryClient);
      onClose();
    } catch (failure) {
      setError(failureReason(failure, translate) ?? translate('ra.notification.http_error'));
    } finally {
      setProgress(null);
    }
  };

  const columns = preview ? Object.keys(preview.rows[0] ?? {}) : [];
  const differences = preview ? mappingDifferences(preview.mapping, preview.preset_mapping) : [];
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{translate(`records.import.title.${kind}`)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('records.import.file_hint')}
        </Typography>
        <Button variant="outlined" component="label" disabled={busy}>
          {file ? file.name : translate('records.import.choose_file')}
          <input
            hidden
            type="file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="records-file"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (!chosen) return;
              setFile(chosen);
              setResolutions(NO_RESOLUTIONS);
              void read(chosen, {});
            }}
          />
        </Button>
        {busy ? <LinearProgress sx={{ mt: 2 }} aria-label={translate('records.import.previewing')} /> : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
        {preview && file ? (
          <>
            {preview.preset ? (
              <Alert severity="info" sx={{ mt: 2 }} data-testid="import-preset">
                {translate('records.import.recognised', { label: preview.preset.label })}
                {preview.preset.confirmed ? null : (
                  <div data-testid="import-preset-unconfirmed">{translate('records.import.unconfirmed')}</div>
                )}
              </Alert>
            ) : null}
            {preview.preset && preview.mapping_source === 'remembered' && differences.length > 0 ? (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="import-remembered">
                {translate('records.import.remembered_differs', { label: preview.preset.label })}
                {differences.map(({ field, inUse, layout }) => (
                  <div key={field}>
                    {translate('records.import.remembered_line', {
                      field: translate(`records.import.field.${field}`, { _: field }),
                      in_use: inUse ?? translate('records.import.not_mapped'),
                      layout: layout ?? translate('records.import.not_mapped'),
                    })}
                  </div>
                ))}
                <Button
                  size="small"
                  sx={{ mt: 1 }}
                  disabled={busy}
                  onClick={() => void read(file, { ...(preview.preset_mapping ?? {}) })}
                >
                  {translate('records.import.use_layout', { label: preview.preset.label })}
                </Button>
              </Alert>
            ) : null}
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
              {translate('records.import.mapping')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              {IMPORT_FIELDS[kind].map((field) => (
                <TextField
                  key={field.name}
                  select
                  size="small"
                  name={`mapping-${field.name}`}
                  label={`${translate(`records.import.field.${field.name}`)}${field.required ? ` (${translate('records.import.required')})` : ''}`}
                  value={mapping[field.name] ?? ''}
                  onChange={(event) => {
                    const next = { ...mapping, [field.name]: event.target.value };
                    if (!event.target.value) delete next[field.name];
                    setMapping(next);
                  }}
                >
                  <MenuItem value="">{translate('records.import.not_mapped')}</MenuItem>
                  {preview.headers.map((header) => (
                    <MenuItem key={header} value={header}>
                      {header}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
            {!mapping.date || !mapping.unit || (preview.problem_counts.unit ?? 0) > 0 ? (
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 2 }}>
                {!mapping.date ? (
                  <TextField
                    size="small"
                    name="default-date"
                    label={translate('records.import.default_date')}
                    helperText={translate('records.import.default_date_hint')}
                    value={defaultDate}
                    onChange={(event) => setDefaultDate(event.target.value)}
                  />
                ) : null}
                <TextField
                  size="small"
                  name="default-unit"
                  label={translate('records.import.default_unit')}
                  helperText={translate('records.import.default_unit_hint')}
                  value={defaultUnit}
                  onChange={(event) => setDefaultUnit(event.target.value)}
                />
              </Box>
            ) : null}
            {preview.unresolved.length > 0 ? (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="import-unresolved">
                <strong>{translate('records.import.unresolved')}</strong>
                {preview.unresolved.map((item) => {
                  const group = RESOLUTION_GROUP[item.kind];
                  return (
                    <TextField
                      key={`${item.kind}-${item.value}`}
                      select
                      fullWidth
                      size="small"
                      sx={{ mt: 1 }}
                      name={`resolve-${item.kind}-${item.value}`}
                      label={translate(`records.import.unresolved_${item.kind}`, {
                        value: item.value,
                        rows: item.rows.toLocaleString(),
                        row: item.first_row,
                      })}
                      value={resolutions[group][item.value] ?? ''}
                      onChange={(event) =>
                        setResolutions({
                          ...resolutions,
                          [group]: { ...resolutions[group], [item.value]: event.target.value },
                        })
                      }
                    >
                      <MenuItem value="">{translate('records.import.choose')}</MenuItem>
                      {resolutionOptions(kind, item.kind).map((option) => (
                        <MenuItem key={option} value={option}>
                          {translate(`records.import.resolve_option.${option}`, { _: option })}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                })}
              </Alert>
            ) : null}
            <Button
              sx={{ mt: 2 }}
              variant={stale ? 'contained' : 'text'}
              disabled={busy}
              onClick={() => void read(file, mapping)}
            >
              {translate('records.import.preview')}
            </Button>
            {preview.problem_total > 0 ? (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="import-problems">
                <strong>{translate('records.import.problems')}</strong>
                <div data-testid="import-problem-counts">
                  {translate('records.import.problem_total', { count: preview.problem_total.toLocaleString() })}
                  {': '}
                  {problemCountLines(preview.problem_counts)
                    .map(
                      ([field, count]) =>
                        `${translate(`records.import.field.${field}`, { _: field })} ${count.toLocaleString()}`,
                    )
                    .join(', ')}
                </div>
                {preview.problems.slice(0, 20).map((problem) => (
                  <div key={`${problem.row}-${problem.field}`}>{problem.message}</div>
                ))}
                {preview.problem_total > 20 ? (
                  <div>
                    {translate('records.import.problems_more', {
                      count: (preview.problem_total - 20).toLocaleString(),
                    })}
                  </div>
                ) : null}
                <Button size="small" sx={{ mt: 1 }} disabled={busy} onClick={() => void downloadProblems()}>
                  {translate('records.import.problems_csv')}
                </Button>
              </Alert>
            ) : null}
            {preview.warning_total > 0 ? (
              <>
                <Alert severity="info" sx={{ mt: 2 }} data-testid="import-skipped">
                  {translate('records.import.skipped', { count: preview.warning_total.toLocaleString() })}
                  {': '}
                  {Object.entries(preview.warning_counts)
                    .map(
                      ([reason, count]) =>
                        `${translate(`records.import.skip_reason.${reason}`, { _: reason })} ${count.toLocaleString()}`,
                    )
                    .join(', ')}
                </Alert>
                <Box sx={{ mt: 1, typography: 'body2' }} data-testid="import-skipped-rows">
                  {preview.warnings.slice(0, 20).map((warning) => (
                    <div key={`${warning.row}-${warning.field}`}>{warning.message}</div>
                  ))}
                  {preview.warning_total > 20 ? (
                    <div>
                      {translate('records.import.problems_more', {
                        count: (preview.warning_total - 20).toLocaleString(),
                      })}
                    </div>
                  ) : null}
                </Box>
              </>
            ) : null}
            {preview.duplicate_total > 0 ? (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="import-duplicates">
                {translate('records.import.duplicates', { count: preview.duplicate_total.toLocaleString() })}
                <RadioGroup
                  row
                  value={duplicates}
                  onChange={(event) => setDuplicates(event.target.value as 'skip' | 'add')}
                >
                  <FormControlLabel
                    value="skip"
                    control={<Radio />}
                    label={translate('records.import.duplicates_skip')}
                  />
                  <FormControlLabel
                    value="add"
                    control={<Radio />}
                    label={translate('records.import.duplicates_add')}
                  />
                </RadioGroup>
              </Alert>
            ) : null}
            <Typography variant="body2" sx={{ mt: 2 }}>
              {translate('records.import.rows_read', { count: preview.total_rows })}
            </Typography>
            {preview.rows.length > 0 ? (
              <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
                <Table size="small" data-testid="import-preview">
                  <TableHead>
                    <TableRow>
                      {columns.map((column) => (
                        <TableCell key={column}>{column}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.rows.map((row, index) => (
                      <TableRow key={index}>
                        {columns.map((column) => (
                          <TableCell key={column}>{String(new Map(Object.entries(row)).get(column) ?? '')}</TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('records.import.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !preview || stale || preview.problem_total > 0}
          onClick={() => void apply()}
        >
          {busy ? translate('records.import.applying') : translate('records.import.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
