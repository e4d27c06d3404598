import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { fuelTypesOf } from './officialSchedules';
import type { ReportSummary } from '../api/types';

/** The fuel types of an official report, as small chips beside its line count; nothing for a worksheet. */
export const FuelChips = ({ report }: { report: ReportSummary }) => {
  const translate = useTranslate();
  if (report.calculation_mode !== 'official') return null;
  const fuels = fuelTypesOf(report);
  if (fuels.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={translate('official.fuel_chips')}
      data-testid="report-fuel-types"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, mt: 0.5, p: 0 }}
    >
      {fuels.map((fuel) => (
        <li key={fuel}>
          <Chip size="small" variant="outlined" label={translate(`rateHistory.fuel_types.${fuel}`)} />
        </li>
      ))}
    </Box>
  );
};
