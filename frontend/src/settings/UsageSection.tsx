import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import DataUsageIcon from '@mui/icons-material/DataUsage';
import { useLocaleState, useTranslate } from 'react-admin';
import { SettingsSection } from './SettingsSection';
import { useUsageQuery } from './useSettings';

const MB = 1024 * 1024;

/** One quota: what is used of what is allowed, as text and as a bar that turns red when it is full. */
const UsageRow = ({ label, used, limit, text }: { label: string; used: number; limit: number; text: string }) => {
  const share = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        <Typography color="text.secondary">{text}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={share}
        color={used >= limit ? 'error' : share >= 80 ? 'warning' : 'primary'}
        sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
        aria-label={label}
      />
    </Box>
  );
};

/**
 * Usage and limits: the receipt storage, client companies and seats the company uses against what its plan and the
 * server allow, so a refusal at a limit is no surprise (the server enforces each; this only shows them).
 */
export const UsageSection = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, isError, refetch } = useUsageQuery();
  const number = (value: number, digits = 0) =>
    value.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: digits });

  return (
    <SettingsSection id="usage" title={translate('settings.usage.title')} icon={<DataUsageIcon />}>
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : isError || !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('common.retry')}
            </Button>
          }
        >
          {translate('settings.usage.load_failed')}
        </Alert>
      ) : (
        <Stack spacing={2} data-testid="usage-and-limits">
          <Typography color="text.secondary">
            {data.plan ? translate('settings.usage.plan', { plan: data.plan }) : translate('settings.usage.no_plan')}
          </Typography>
          <UsageRow
            label={translate('settings.usage.receipt_storage')}
            used={data.receipt_storage.used}
            limit={data.receipt_storage.limit}
            text={translate('settings.usage.megabytes', {
              used: number(data.receipt_storage.used / MB, 1),
              limit: number(data.receipt_storage.limit / MB),
            })}
          />
          <UsageRow
            label={translate('settings.usage.client_companies')}
            used={data.client_companies.used}
            limit={data.client_companies.limit}
            text={translate('settings.usage.of', {
              used: number(data.client_companies.used),
              limit: number(data.client_companies.limit),
            })}
          />
          <UsageRow
            label={translate('settings.usage.seats')}
            used={data.seats.used}
            limit={data.seats.limit}
            text={translate('settings.usage.of', { used: number(data.seats.used), limit: number(data.seats.limit) })}
          />
          <Typography variant="body2" color="text.secondary">
            {translate('settings.usage.hint')}
          </Typography>
        </Stack>
      )}
    </SettingsSection>
  );
};
