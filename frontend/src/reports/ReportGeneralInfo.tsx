import { Box, Typography } from '@mui/material';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useTranslate } from 'react-admin';
import { SectionCard } from '../components/SectionCard';
import { formatMpg } from './format';
import type { Report } from '../api/types';

/** General Information (docs/product-spec.md §2 Report detail): period, average MPG and the number of jurisdictions. */
export const ReportGeneralInfo = ({ report }: { report: Report }) => {
  const translate = useTranslate();
  // An official return of several fuel types has no one MPG: each schedule has its own, this is the whole fleet's.
  const severalFuels = report.calculation_mode === 'official' && (report.schedules?.length ?? 0) > 1;
  const items: Array<[string, string, string?]> = [
    ['company', report.company_name],
    ['license', report.license_number || '—'],
    ['period', report.tax_period || report.period],
    ['average_mpg', formatMpg(report.average_mpg), severalFuels ? 'official.schedule.fleet_mpg_all' : undefined],
    ['jurisdictions', String(report.jurisdictions.length)],
  ];
  return (
    <SectionCard id="report-general" title={translate('reports.detail.general')} icon={<InfoIcon />}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}
      >
        {items.map(([key, value, label]) => (
          <Box key={key} data-testid={`general-${key}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(label ?? `reports.detail.${key}`)}
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
