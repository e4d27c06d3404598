import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { saveFile } from '../components/saveFile';
import { failureReason } from '../notifications/useNotifyFailure';
import type { DownloadProgress } from '../providers/fileTransfer';
import { recordsProvider } from '../providers/recordsProvider';

/** An auditor asks for four years of records: the newest year the quarters offered reach, and the three before. */
export const packetYears = (periods: string[]): string[] => {
  const newest = Math.max(...periods.map((p) => Number(p.slice(-4))).filter(Number.isFinite));
  return [0, 1, 2, 3].map((back) => String(newest - back));
};

/**
 * The audit packet of a quarter or a year: pick which, download with its progress shown against the size the
 * server announces (the ZIP is written as it is sent, so its length is not known before the end), and the reason
 * when it fails.
 */
export const AuditPacketDialog = ({
  periods,
  period,
  unit,
  onClose,
}: {
  periods: string[];
  period: string;
  unit: string;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const years = packetYears(periods);
  const [scope, setScope] = useState<'quarter' | 'year'>('quarter');
  const [quarter, setQuarter] = useState(period);
  const [year, setYear] = useState(period.slice(-4));
  const [onlyUnit, setOnlyUnit] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const busy = progress !== null && saved === null && error === null;
  const size = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  });
  const megabytes = (bytes: number) => size.format(bytes / 1024 / 1024);

  const download = async () => {
    const asked = scope === 'quarter' ? quarter : year;
    setError(null);
    setSaved(null);
    setProgress({ received: 0, estimated: null });
    try {
      const { blob, fileName } = await recordsProvider.auditPacket(asked, onlyUnit ? unit : '', setProgress);
      const name = fileName ?? `audit-packet-${asked}.zip`;
      saveFile(blob, name);
      setSaved(name);
    } catch (failure) {
      const reason = failureReason(failure, translate);
      const failed = translate('byVehicle.audit_packet.failed');
      setError(reason ? `${failed} ${reason}` : failed);
    }
  };

  const share =
    progress?.estimated && progress.estimated > 0
      ? Math.min(99, (progress.received / progress.estimated) * 100)
      : undefined;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="audit-packet-title">
      <DialogTitle id="audit-packet-title">{translate('byVehicle.audit_packet.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('byVehicle.audit_packet.intro')}
        </Typography>
        <RadioGroup
          row
          aria-label={translate('byVehicle.audit_packet.scope')}
          value={scope}
          onChange={(event) => setScope(event.target.value as 'quarter' | 'year')}
        >
          <FormControlLabel
            value="quarter"
            control={<Radio />}
            label={translate('byVehicle.audit_packet.quarter')}
            disabled={busy}
          />
          <FormControlLabel
            value="year"
            control={<Radio />}
            label={translate('byVehicle.audit_packet.year')}
            disabled={busy}
          />
        </RadioGroup>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, alignItems: 'center' }}>
          {scope === 'quarter' ? (
            <TextField
              select
              size="small"
              label={translate('byVehicle.audit_packet.quarter_label')}
              value={quarter}
              disabled={busy}
              onChange={(event) => setQuarter(event.target.value)}
              sx={{ width: 200 }}
            >
              {periods.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              select
              size="small"
              label={translate('byVehicle.audit_packet.year_label')}
              value={years.includes(year) ? year : years[0]}
              disabled={busy}
              onChange={(event) => setYear(event.target.value)}
              sx={{ width: 200 }}
            >
              {years.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
          )}
          {unit ? (
            <FormControlLabel
              control={<Checkbox checked={onlyUnit} onChange={(event) => setOnlyUnit(event.target.checked)} />}
              label={translate('byVehicle.audit_packet.only_unit', { unit })}
              disabled={busy}
            />
          ) : null}
        </Box>
        {busy ? (
          <Box sx={{ mt: 3 }} role="status">
            <LinearProgress
              variant={share === undefined ? 'indeterminate' : 'determinate'}
              value={share}
              aria-label={translate('byVehicle.audit_packet.downloading')}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {progress!.estimated
                ? translate('byVehicle.audit_packet.progress', {
                    received: megabytes(progress!.received),
                    estimated: megabytes(progress!.estimated),
                  })
                : translate('byVehicle.audit_packet.received', { received: megabytes(progress!.received) })}
            </Typography>
          </Box>
        ) : null}
        {saved ? (
          <Alert severity="success" sx={{ mt: 3 }}>
            {translate('byVehicle.audit_packet.done', { file: saved })}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 3 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('byVehicle.audit_packet.close')}
        </Button>
        <Button variant="contained" onClick={() => void download()} disabled={busy}>
          {translate('byVehicle.audit_packet.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
