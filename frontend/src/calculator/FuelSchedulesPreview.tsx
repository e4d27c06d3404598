import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FuelScheduleSummary } from '../reports/FuelScheduleSummary';
import type { FuelSchedulePreview } from './officialPreview';

interface Props {
  schedules: FuelSchedulePreview[];
  /** An Average MPG is typed: it overrides the fleet MPG of a single-fuel return only. */
  mpgTyped: boolean;
}

/** The official return's schedules as they will be saved, one per fuel type, each on its own fleet MPG. */
export const FuelSchedulesPreview = ({ schedules, mpgTyped }: Props) => {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mb: 2 }} data-testid="fuel-schedules">
      {mpgTyped && schedules.length > 1 ? (
        <Alert severity="info" data-testid="typed-mpg-ignored">
          {translate('official.mpg.several_fuels')}
        </Alert>
      ) : null}
      {schedules.map((schedule) => (
        <FuelScheduleSummary
          key={schedule.fuelType}
          figures={{
            fuelType: schedule.fuelType,
            fleetMpg: schedule.fleetMpg,
            mpg: schedule.mpg,
            mpgSource: schedule.mpgSource,
            totalMiles: schedule.totals.totalMiles,
            totalGallons: schedule.totals.totalGallons,
            taxableGallons: schedule.totals.taxableGallons,
            taxPaidGallons: schedule.totals.taxPaidGallons,
            netTaxableGallons: schedule.totals.netTaxableGallons,
            taxDue: schedule.totals.taxDue,
            surchargeDue: schedule.totals.surchargeDue,
            totalDue: schedule.totals.totalDue,
          }}
        />
      ))}
    </Stack>
  );
};
