import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
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
import UploadFileIcon from '@mui/icons-material/UploadFile';
import PublishIcon from '@mui/icons-material/Publish';
import PreviewIcon from '@mui/icons-material/Preview';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { quarterLabel } from '@ifta/filing-calendar';
import { formatDay, formatInstant } from '../calendar/displaySettings';
import { errorMessage } from '../providers/httpClient';
import { OPERATOR_RESOURCES, type MatrixUpload } from '../providers/operatorProvider';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import type { MatrixDiffLine, MatrixPreview, OfficialMatrix, PublishOutcome } from '../api/types';
import { OperatorPage } from './OperatorPage';
import { fieldErrors, matrixQuarters, needsReason, previewVerdict, summaryCounts } from './operatorConsole';

/** The preview table lists at most this many changes; the summary counts them all. */
const SHOWN_CHANGES = 200;
const CHANGE_COLORS = { added: 'success', changed: 'warning', removed: 'error' } as const;

/** What publishing answers: the version in force, and whether this file made it ('unchanged' when it was already). */
type PublishedMatrix = OfficialMatrix & { outcome: PublishOutcome['outcome'] };

const currentQuarter = (today: Date) => quarterLabel(today.getFullYear(), Math.floor(today.getMonth() / 3) + 1);

/**
 * Upload IFTA's CSV for a quarter: preview what it changes against the version in force (counts, the changed
 * rates, the problems that would refuse it), then publish it as the quarter's newest version for every account.
 */
const RateMatrixUpload = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useIftaDataProvider();
  const [quarter, setQuarter] = useState(() => currentQuarter(new Date()));
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const preview = useMutation<MatrixPreview, Error, MatrixUpload>({
    mutationFn: (upload) => dataProvider.previewOfficialMatrix(upload),
  });
  const [publish, publishing] = useCreate<MatrixUpload, Error, PublishedMatrix>();

  const choose = (next: { quarter?: string; file?: File | null }) => {
    if (next.quarter !== undefined) setQuarter(next.quarter);
    if (next.file !== undefined) setFile(next.file);
    // A preview (and the reason given for what it would remove) belongs to the quarter and file it read.
    setReason('');
    preview.reset();
    publishing.reset();
  };

  const runPublish = () => {
    if (!file) return;
    publish(
      OPERATOR_RESOURCES.matrices,
      { data: { quarter, file, reason: reason.trim() || undefined } },
      {
        onSuccess: (matrix) => {
          notify(translate(`operator.upload.${matrix.outcome}`, matrix), { type: 'success' });
          navigate(`/${OPERATOR_RESOURCES.matrices}`);
        },
        // The page shows the failure itself, under the file.
        onError: () => undefined,
      },
    );
  };

  const failure = preview.error ?? publishing.error;
  const failureText = failure
    ? (fieldErrors(failure).file ?? translate(errorMessage(failure, 'operator.unknown_error')))
    : null;
  const busy = preview.isPending || publishing.isPending;
  const verdict = preview.data ? previewVerdict(preview.data) : null;

  return (
    <OperatorPage title={translate('operator.upload.title')} subtitle={translate('operator.upload.subtitle')}>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={translate('operator.upload.quarter')}
            value={quarter}
            onChange={(event) => choose({ quarter: event.target.value })}
            disabled={busy}
            fullWidth={false}
            sx={{ width: 160 }}
          >
            {matrixQuarters(new Date()).map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
            {translate('operator.upload.choose_file')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="official-matrix-file"
              onChange={(event) => choose({ file: event.target.files?.[0] ?? null })}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="official-matrix-file-name">
            {file?.name ?? translate('operator.upload.no_file')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="outlined"
            startIcon={preview.isPending ? <CircularProgress size={16} /> : <PreviewIcon />}
            disabled={!file || busy}
            onClick={() => file && preview.mutate({ quarter, file })}
          >
            {translate(preview.isPending ? 'operator.upload.previewing' : 'operator.upload.preview')}
          </Button>
          <Button
            variant="contained"
            startIcon={publishing.isPending ? <CircularProgress size={16} color="inherit" /> : <PublishIcon />}
            disabled={verdict !== 'publishable' || busy || (preview.data ? needsReason(preview.data, reason) : true)}
            onClick={runPublish}
          >
            {translate(
              publishing.isPending
                ? 'operator.upload.publishing'
                : preview.data && preview.data.losses.length > 0
                  ? 'operator.upload.publish_anyway'
                  : 'operator.upload.publish',
            )}
          </Button>
          <Button component={Link} to={`/${OPERATOR_RESOURCES.matrices}`} disabled={busy}>
            {translate('operator.upload.cancel')}
          </Button>
        </Box>
      </Paper>
      {failureText ? (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="official-matrix-error">
          {translate('operator.upload.error', { message: failureText })}
        </Alert>
      ) : null}
      {preview.data && verdict === 'publishable' && preview.data.losses.length > 0 ? (
        <Losses losses={preview.data.losses} reason={reason} onReason={setReason} disabled={busy} />
      ) : null}
      {preview.data ? (
        <PreviewResult preview={preview.data} />
      ) : (
        <Typography color="text.secondary">{translate('operator.upload.choose_first')}</Typography>
      )}
    </OperatorPage>
  );
};

/**
 * What the file would take from every account. The updater never publishes such a file alone; the operator publishes
 * it here only with a reason (kept with the version), or leaves it.
 */
const Losses = ({
  losses,
  reason,
  onReason,
  disabled,
}: {
  losses: string[];
  reason: string;
  onReason: (reason: string) => void;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={{ mb: 3 }} data-testid="official-matrix-losses">
      <AlertTitle>{translate('operator.upload.losses_title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, mb: 1.5, pl: 2.5 }}>
        {losses.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      <TextField
        required
        size="small"
        label={translate('operator.decision.reason')}
        helperText={translate('operator.upload.losses_help')}
        value={reason}
        disabled={disabled}
        onChange={(event) => onReason(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'official-matrix-reason' } }}
        sx={{ minWidth: { sm: 480 }, bgcolor: 'background.paper' }}
      />
    </Alert>
  );
};

const PreviewResult = ({ preview }: { preview: MatrixPreview }) => {
  const translate = useTranslate();
  const verdict = previewVerdict(preview);
  return (
    <Box data-testid="official-matrix-preview">
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h6" component="h2">
          {translate('operator.upload.summary_title', { quarter: preview.quarter })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('operator.upload.rate_count', { smart_count: preview.rate_count })}
          {' · '}
          {preview.current
            ? translate('operator.upload.current', {
                version: preview.current.version,
                date: formatInstant(preview.current.fetched_at, false),
              })
            : translate('operator.upload.first_version', { quarter: preview.quarter })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="official-matrix-summary">
          {summaryCounts(preview.summary).map(({ key, count }) => (
            <Chip
              key={key}
              label={translate(`operator.upload.counts.${key}`, { count })}
              color={key === 'unchanged' ? 'default' : CHANGE_COLORS[key]}
              variant={key === 'unchanged' ? 'outlined' : 'filled'}
            />
          ))}
        </Box>
      </Paper>
      {verdict === 'same_as_current' ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="official-matrix-same">
          {translate('operator.upload.same_as_current', { quarter: preview.quarter })}
        </Alert>
      ) : null}
      {preview.problems.length > 0 ? (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="official-matrix-problems">
          <AlertTitle>{translate('operator.upload.problems_title')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {preview.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <ChangesTable changes={preview.changes} />
    </Box>
  );
};

const ChangesTable = ({ changes }: { changes: MatrixDiffLine[] }) => {
  const translate = useTranslate();
  if (changes.length === 0)
    return <Typography color="text.secondary">{translate('operator.upload.no_changes')}</Typography>;
  const shown = changes.slice(0, SHOWN_CHANGES);
  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2, display: 'flex', alignItems: 'baseline', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {translate('operator.upload.changes_title')}
        </Typography>
        {changes.length > shown.length ? (
          <Typography variant="body2" color="text.secondary">
            {translate('operator.upload.changes_shown', { shown: shown.length, total: changes.length })}
          </Typography>
        ) : null}
      </Box>
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table size="small" stickyHeader aria-label={translate('operator.upload.changes_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('operator.upload.columns.jurisdiction')}</TableCell>
              <TableCell>{translate('operator.upload.columns.fuel_type')}</TableCell>
              <TableCell>{translate('operator.upload.columns.kind')}</TableCell>
              <TableCell>{translate('operator.upload.columns.effective_from')}</TableCell>
              <TableCell>{translate('operator.upload.columns.status')}</TableCell>
              <TableCell align="right">{translate('operator.upload.columns.previous_rate')}</TableCell>
              <TableCell align="right">{translate('operator.upload.columns.rate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((change) => (
              <TableRow
                key={`${change.code}-${change.fuel_type}-${change.kind}-${change.effective_from}`}
                data-testid="official-matrix-change"
              >
                <TableCell>{change.code}</TableCell>
                <TableCell>{translate(`rateHistory.fuel_types.${change.fuel_type}`)}</TableCell>
                <TableCell>{translate(`rateHistory.kinds.${change.kind}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(change.effective_from)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={translate(`operator.upload.change_status.${change.status}`)}
                    color={CHANGE_COLORS[change.status]}
                  />
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {change.previous_rate === null ? '—' : `$${change.previous_rate}`}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                  {change.rate === null ? '—' : `$${change.rate}`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
};

export default RateMatrixUpload;
