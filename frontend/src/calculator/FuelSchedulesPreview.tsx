import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FuelScheduleSummary } from '../reports/FuelScheduleSummary';
import type { FuelSchedulePreview } from './officialPreview';
import { atStoredScale } from './storedScale';

interface Props {
  schedules: FuelSchedulePreview[];
  fuelMpg: Readonly<Record<string, string>>;
  onFuelMpgChange: (fuelMpg: Record<string, string>) => void;
}

/**
 * The official return's schedules as they will be saved, one per fuel type. With more than one fuel each may take
 * its own typed MPG (the Average MPG would otherwise apply to all); blank follows that fuel's fleet MPG.
 */
export const FuelSchedulesPreview = ({ schedules, fuelMpg, onFuelMpgChange }: Props) => {
  const translate = useTranslate();
  const several = schedules.length > 1;
  const set = (fuelType: string, value: string) => onFuelMpgChange({ ...fuelMpg, [fuelType]: value });
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
        >
          {several ? (
            <TextField
              type="number"
              size="small"
              name={`fuelMpg.${schedule.fuelType}`}
              label={translate('official.mpg.fuel_label', {
                fuel: translate(`rateHistory.fuel_types.${schedule.fuelType}`),
              })}
              helperText={translate('official.mpg.fuel_hint')}
              value={fuelMpg[schedule.fuelType] ?? ''}
              onChange={(event) => set(schedule.fuelType, event.target.value)}
              onBlur={() => set(schedule.fuelType, atStoredScale(fuelMpg[schedule.fuelType] ?? '', 'mpg'))}
              slotProps={{ htmlInput: { min: 0, step: 0.1, inputMode: 'decimal' } }}
              sx={{ width: { xs: '100%', sm: 240 } }}
            />
          ) : null}
        </FuelScheduleSummary>
      ))}
    </Stack>
  );
};
