import { Box, Typography } from '@mui/material';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useTranslate } from 'react-admin';
import { SectionCard } from '../components/SectionCard';
import { formatMpg } from './format';
import type { Report } from './types';

/** General Information (spec §2 Report detail): period, average MPG and the number of jurisdictions. */
export const ReportGeneralInfo = ({ report }: { report: Report }) => {
  const translate = useTranslate();
  const items: Array<[string, string]> = [
    ['company', report.company_name],
    ['license', report.license_number || '—'],
    ['period', report.tax_period || report.period],
    ['average_mpg', formatMpg(report.average_mpg)],
    ['jurisdictions', String(report.jurisdictions.length)],
  ];
  return (
    <SectionCard id="report-general" title={translate('reports.detail.general')} icon={<InfoIcon />}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}
      >
        {items.map(([key, value]) => (
          <Box key={key} data-testid={`general-${key}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`reports.detail.${key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
};
