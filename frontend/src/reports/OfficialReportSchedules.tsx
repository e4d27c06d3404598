import { Alert, Paper, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FuelScheduleSummary } from './FuelScheduleSummary';
import { figuresOf, lineFuel, schedulesOf } from './officialSchedules';
import { OfficialScheduleTable } from './OfficialScheduleTable';
import type { Report } from '../api/types';
import { matrixQuarterName } from '../tax-rates/rateHistory';

/**
 * A saved official return: per fuel type, its summary (MPG, totals, what it owes) and its schedule; first, when
 * some lines were priced with the newest quarter's rates because the report's quarter had none, a note saying so.
 */
export const OfficialReportSchedules = ({ report }: { report: Report }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      {report.rates_provisional_from ? (
        <Alert severity="warning" data-testid="provisional-rates-note">
          {translate('official.rate_source.report_note', {
            from: matrixQuarterName(report.rates_provisional_from),
            period: report.tax_period,
          })}
        </Alert>
      ) : null}
      {schedulesOf(report).map((schedule) => {
        const fuel = translate(`rateHistory.fuel_types.${schedule.fuel_type}`);
        const rows = report.jurisdictions.filter((line) => lineFuel(line) === schedule.fuel_type);
        return (
          <Stack key={schedule.fuel_type} spacing={1.5}>
            <FuelScheduleSummary figures={figuresOf(schedule)} />
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <OfficialScheduleTable
                rows={rows}
                schedule={schedule}
                fuel={fuel}
                period={report.period || report.tax_period}
              />
            </Paper>
          </Stack>
        );
      })}
    </Stack>
  );
};
