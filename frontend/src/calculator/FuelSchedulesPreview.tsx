import { Stack } from '@mui/material';
import { FuelScheduleSummary } from '../reports/FuelScheduleSummary';
import type { FuelSchedulePreview } from './officialPreview';

interface Props {
  schedules: FuelSchedulePreview[];
}

/** The official return's schedules as they will be saved, one per fuel type, each on its own fleet MPG. */
export const FuelSchedulesPreview = ({ schedules }: Props) => {
  return (
    <Stack spacing={2} sx={{ mb: 2 }} data-testid="fuel-schedules">
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
