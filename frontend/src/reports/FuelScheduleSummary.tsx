import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MpgSource } from '@ifta/index';
import { formatMiles, formatMoney, formatMpg } from './format';

/** One fuel type's summary figures, the same in the calculator's preview and the saved report. */
export interface FuelScheduleFigures {
  fuelType: string;
  fleetMpg: number;
  mpg: number;
  mpgSource: MpgSource;
  totalMiles: number;
  totalGallons: number;
  taxableGallons: number;
  taxPaidGallons: number;
  netTaxableGallons: number;
  taxDue: number;
  surchargeDue: number;
  totalDue: number;
}

/** The MPG note of a schedule: the fleet MPG, a typed MPG over it, or none yet. */
const useMpgNote = () => {
  const translate = useTranslate();
  return (figures: Pick<FuelScheduleFigures, 'mpg' | 'mpgSource' | 'fleetMpg'>) =>
    figures.mpgSource === 'typed'
      ? translate('official.mpg.typed', { mpg: formatMpg(figures.mpg), fleet: formatMpg(figures.fleetMpg) })
      : figures.mpg > 0
        ? translate('official.mpg.fleet', { mpg: formatMpg(figures.mpg) })
        : translate('official.mpg.none');
};

/**
 * A fuel type's schedule summary: its MPG and where it came from, its whole miles and gallons, and what it
 * owes. `children` sits beside the heading (the calculator's per-fuel MPG field).
 */
export const FuelScheduleSummary = ({ figures, children }: { figures: FuelScheduleFigures; children?: ReactNode }) => {
  const translate = useTranslate();
  const mpgNote = useMpgNote();
  const fuel = translate(`rateHistory.fuel_types.${figures.fuelType}`);
  const items: Array<[string, string]> = [
    ['mpg', formatMpg(figures.mpg)],
    ['total_miles', formatMiles(figures.totalMiles)],
    ['total_gallons', formatMiles(figures.totalGallons)],
    ['taxable_gallons', formatMiles(figures.taxableGallons)],
    ['tax_paid_gallons', formatMiles(figures.taxPaidGallons)],
    ['net_taxable_gallons', formatMiles(figures.netTaxableGallons)],
    ['tax', formatMoney(figures.taxDue)],
    ['surcharge', formatMoney(figures.surchargeDue)],
    ['total_due', formatMoney(figures.totalDue)],
  ];
  return (
    <Box
      component="section"
      aria-label={translate('official.schedule.title', { fuel })}
      data-testid="fuel-schedule"
      data-fuel={figures.fuelType}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <Box sx={{ flexGrow: 1, minWidth: 200 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {translate('official.schedule.title', { fuel })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="fuel-schedule-note">
            {mpgNote(figures)}
          </Typography>
        </Box>
        {children}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(9, 1fr)' },
        }}
      >
        {items.map(([key, value]) => (
          <Box key={key}>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate(`official.schedule.${key}`)}
            </Typography>
            <Typography
              component="div"
              data-testid={`fuel-schedule-${key}`}
              sx={{ fontWeight: key === 'total_due' ? 700 : 600, fontVariantNumeric: 'tabular-nums' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};
