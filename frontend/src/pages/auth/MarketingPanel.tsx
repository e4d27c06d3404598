import { Box, Chip, Stack, Typography } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import TableViewIcon from '@mui/icons-material/TableView';
import AssessmentIcon from '@mui/icons-material/Assessment';
import PercentIcon from '@mui/icons-material/Percent';
import BoltIcon from '@mui/icons-material/Bolt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslate } from 'react-admin';

const FEATURES = [
  { key: 'calculations', Icon: CalculateIcon },
  { key: 'excel', Icon: TableViewIcon },
  { key: 'reports', Icon: AssessmentIcon },
  { key: 'tax_rates', Icon: PercentIcon },
] as const;

/** docs/product-spec.md §1 marketing copy beside the login and register forms. */
export const MarketingPanel = () => {
  const translate = useTranslate();
  return (
    <Box
      component="aside"
      sx={{
        height: '100%',
        p: { xs: 4, md: 5 },
        color: '#fff',
        background: 'linear-gradient(150deg, #1e3a8a 0%, #1d4ed8 55%, #2563eb 100%)',
        display: 'flex',
        flexDirection: 'column',
        gap: 3,
      }}
    >
      <Box>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {translate('marketing.headline')}
        </Typography>
        <Typography sx={{ opacity: 0.85 }}>{translate('marketing.intro')}</Typography>
      </Box>
      <Stack spacing={2.25} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {FEATURES.map(({ key, Icon }) => (
          <Box component="li" key={key} sx={{ display: 'flex', gap: 1.5 }}>
            <Box
              sx={{
                flexShrink: 0,
                width: 38,
                height: 38,
                borderRadius: 2,
                bgcolor: 'rgba(255,255,255,0.14)',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <Icon fontSize="small" />
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{translate(`marketing.features.${key}.title`)}</Typography>
              <Typography variant="body2" sx={{ opacity: 0.8 }}>
                {translate(`marketing.features.${key}.text`)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Stack>
      <Box
        sx={{
          mt: 'auto',
          p: 2,
          borderRadius: 2,
          bgcolor: 'rgba(255,255,255,0.1)',
          display: 'flex',
          gap: 1.25,
          alignItems: 'center',
        }}
      >
        <BoltIcon sx={{ color: '#fde68a' }} />
        <Typography sx={{ fontWeight: 600 }}>{translate('marketing.save_time')}</Typography>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(['free_trial', 'cancel_anytime'] as const).map((key) => (
          <Chip
            key={key}
            icon={<CheckCircleIcon sx={{ '&&': { color: '#bbf7d0' } }} />}
            label={translate(`marketing.${key}`)}
            sx={{ color: '#fff', bgcolor: 'rgba(255,255,255,0.14)', fontWeight: 600 }}
          />
        ))}
      </Stack>
    </Box>
  );
};
