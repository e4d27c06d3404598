import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import type { HealthFinding, RecordsHealthSettings } from '../api/types';
import { formatDay } from '../calendar/displaySettings';
import { failureReason } from '../notifications/useNotifyFailure';
import { AcknowledgeDialog } from './AcknowledgeDialog';
import { findingText, groupFindings, recordsLink } from './findingText';
import { RECORD_REPORTS, type RecordsHealthRecord, recordsProvider } from '../providers/recordsProvider';

const SEVERITY_COLOR = { high: 'error', medium: 'warning', low: 'default' } as const;

/** The account's MPG band and no-fuel distance, edited in place; saving runs the checks again. */
const Tolerances = ({ settings }: { settings: RecordsHealthSettings }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => ({
    mpg_min: String(settings.mpg_min),
    mpg_max: String(settings.mpg_max),
    no_fuel_miles: String(settings.no_fuel_miles),
  }));
  const save = useMutation({
    mutationFn: () =>
      recordsProvider.saveHealthSettings({
        mpg_min: Number(draft.mpg_min),
        mpg_max: Number(draft.mpg_max),
        no_fuel_miles: Number(draft.no_fuel_miles),
      }),
    onSuccess: async () => {
      notify('recordsHealth.settings.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [RECORD_REPORTS.health] });
    },
  });
  const field = (name: keyof typeof draft) => (
    <TextField
      size="small"
      type="number"
      name={name}
      label={translate(`recordsHealth.settings.${name}`)}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      sx={{ width: { xs: '100%', sm: 180 } }}
    />
  );
  return (
    <Box component="section" aria-labelledby="tolerances-title" sx={{ mb: 2 }}>
      <Typography id="tolerances-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate('recordsHealth.settings.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {field('mpg_min')}
        {field('mpg_max')}
        {field('no_fuel_miles')}
        <Button variant="outlined" disabled={save.isPending} onClick={() => save.mutate()}>
          {translate('recordsHealth.settings.save')}
        </Button>
      </Box>
      {save.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failureReason(save.error, translate)}
        </Alert>
      ) : null}
    </Box>
  );
};

/** One finding: its sentence, severity, the links to its records, and its acknowledgement. */
const FindingRow = ({
  finding,
  period,
  onAcknowledge,
}: {
  finding: HealthFinding;
  period: string;
  onAcknowledge: (finding: HealthFinding, text: string) => void;
}) => {
  const translate = useTranslate();
  const text = findingText(finding, translate, (day) => formatDay(day));
  const links = (
    [
      ['trips', finding.trip_ids],
      ['fuel', finding.fuel_ids],
    ] as const
  ).filter(([, ids]) => ids.length > 0);
  return (
    <Box
      component="li"
      data-testid="health-finding"
      data-check={finding.check}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={SEVERITY_COLOR[finding.severity]}
          label={translate(`recordsHealth.severity.${finding.severity}`)}
        />
        <Typography sx={{ flex: '1 1 20rem', textDecoration: finding.acknowledged ? 'line-through' : undefined }}>
          {text}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {links.map(([kind, ids]) => (
          <Button key={kind} size="small" component={Link} to={recordsLink(kind, ids, finding.unit, period)}>
            {translate(`recordsHealth.open_${kind}`, { smart_count: ids.length })}
          </Button>
        ))}
        {finding.acknowledged ? null : (
          <Button
            size="small"
            variant="outlined"
            aria-label={translate('recordsHealth.acknowledge_label', { finding: text })}
            onClick={() => onAcknowledge(finding, text)}
          >
            {translate('recordsHealth.acknowledge')}
          </Button>
        )}
      </Box>
      {finding.acknowledged ? (
        <Alert severity="success" sx={{ mt: 1 }}>
          {translate('recordsHealth.acknowledged', {
            by: finding.acknowledged_by ?? '',
            at: finding.acknowledged_at ? formatDay(finding.acknowledged_at.slice(0, 10)) : '',
            note: finding.acknowledgement_note ?? '',
          })}
        </Alert>
      ) : null}
    </Box>
  );
};

/** Records health: the auditor's checks of a quarter, its score, the findings by check, and acknowledgements. */
export const RecordsHealthPanel = ({ periods }: { periods: string[] }) => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  // The last closed quarter by default: the one being filed.
  const asked = params.get('period');
  const period = asked && periods.includes(asked) ? asked : (periods[1] ?? periods[0]);
  const [acknowledging, setAcknowledging] = useState<{ finding: HealthFinding; text: string } | null>(null);
  const health = useGetOne<RecordsHealthRecord>(RECORD_REPORTS.health, { id: period });
  const data = health.data;
  const open = data ? data.findings.filter((f) => !f.acknowledged).length : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('recordsHealth.intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('recordsHealth.period')}
          value={period}
          onChange={(event) => setParams({ tab: 'health', period: event.target.value })}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          {periods.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        {data ? (
          <Box
            role="status"
            aria-label={translate('recordsHealth.score_label', { period, score: data.score })}
            title={translate('recordsHealth.score_help')}
            sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}
          >
            <Typography color="text.secondary">{translate('recordsHealth.score')}</Typography>
            <Typography variant="h4" component="span" data-testid="health-score">
              {data.score}
            </Typography>
            <Typography color="text.secondary">/ 100</Typography>
            <Typography color="text.secondary" sx={{ ml: 2 }}>
              {translate('recordsHealth.open_findings', { smart_count: open })}
            </Typography>
          </Box>
        ) : null}
      </Box>
      {data ? <Tolerances key={JSON.stringify(data.settings)} settings={data.settings} /> : null}
      {health.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      ) : health.isError ? (
        <Alert severity="error">{failureReason(health.error, translate) ?? translate('recordsHealth.failed')}</Alert>
      ) : data!.findings.length === 0 ? (
        <Alert severity="success">{translate('recordsHealth.empty')}</Alert>
      ) : (
        <Stack spacing={2}>
          {groupFindings(data!.findings).map(([check, findings]) => (
            <Box component="section" key={check} aria-labelledby={`check-${check}`} data-testid={`check-${check}`}>
              <Typography id={`check-${check}`} variant="h6" component="h2">
                {translate(`recordsHealth.checks.${check}`)} ({findings.length})
              </Typography>
              <Box component="ul" sx={{ p: 0, m: 0 }}>
                {findings.map((finding) => (
                  <FindingRow
                    key={finding.key}
                    finding={finding}
                    period={period}
                    onAcknowledge={(f, text) => setAcknowledging({ finding: f, text })}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      )}
      {acknowledging ? (
        <AcknowledgeDialog
          finding={acknowledging.finding}
          text={acknowledging.text}
          onClose={() => setAcknowledging(null)}
        />
      ) : null}
    </Paper>
  );
};
