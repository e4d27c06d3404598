import { Paper, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FuelScheduleSummary } from './FuelScheduleSummary';
import { figuresOf, lineFuel, schedulesOf } from './officialSchedules';
import { OfficialScheduleTable } from './OfficialScheduleTable';
import type { Report } from '../api/types';

/** A saved official return (issue 12): per fuel type, its summary (MPG, totals, what it owes) and its schedule. */
export const OfficialReportSchedules = ({ report }: { report: Report }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      {schedulesOf(report).map((schedule) => {
        const fuel = translate(`rateHistory.fuel_types.${schedule.fuel_type}`);
        const rows = report.jurisdictions.filter((line) => lineFuel(line) === schedule.fuel_type);
        return (
          <Stack key={schedule.fuel_type} spacing={1.5}>
            <FuelScheduleSummary figures={figuresOf(schedule)} />
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <OfficialScheduleTable rows={rows} schedule={schedule} fuel={fuel} />
            </Paper>
          </Stack>
        );
      })}
    </Stack>
  );
};
