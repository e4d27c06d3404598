import { Alert, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { RatePeriodSplit } from '@ifta/index';
import { formatDay } from '../calendar/displaySettings';
import { newJurisdictionRow } from './calculatorState';
import { fuelTypeOf } from './officialPreview';
import type { CalculatorActions } from './useCalculatorState';
import type { JurisdictionRow } from './types';

interface Props {
  splits: readonly RatePeriodSplit[];
  /** The rows the splits were computed from, in their order. */
  rows: readonly JurisdictionRow[];
  /** The report's period as the account chose it (a quarter, or a monthly filer's month). */
  period: string;
  actions: Pick<CalculatorActions, 'appendRows' | 'updateRow'>;
}

const rateText = (rate: number | string) => `$${Number(rate).toFixed(4)}`;

/**
 * A jurisdiction whose rate changes inside the quarter (California 4Q2017: $0.37, then $0.57 from 11/01) is reported
 * on one line per rate period, and the server refuses one line for both. Each such line gets a notice naming the
 * periods and offering what the server asks for: the line of each later period, dated, added in one click (its
 * miles and gallons still to type), or, when everything on the line fell in the first period, saying so.
 */
export const RatePeriodOffers = ({ splits, rows, period, actions }: Props) => {
  const translate = useTranslate();
  if (splits.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {splits.map((split) => {
        const row = rows[split.position];
        if (!row) return null;
        const names = {
          jurisdiction: split.code,
          fuel: translate(`rateHistory.fuel_types.${split.fuelType}`, { _: split.fuelType }),
        };
        if (split.kind === 'later') {
          const [only] = split.periods;
          return (
            <Alert
              key={row.id}
              severity="warning"
              data-testid="rate-period-offer"
              action={
                <Button color="inherit" size="small" onClick={() => actions.updateRow(row.id, { rateFrom: only.from })}>
                  {translate('official.rate_period.use', { date: formatDay(only.from) })}
                </Button>
              }
            >
              {translate('official.rate_period.later', {
                ...names,
                period,
                date: formatDay(only.period.from),
                rate: rateText(only.rate),
              })}
            </Alert>
          );
        }
        const [first, ...later] = split.periods;
        const spans = split.periods
          .map(({ from, to, rate }) =>
            translate('official.rate_period.span', { from: formatDay(from), to: formatDay(to), rate: rateText(rate) }),
          )
          .join('; ');
        return (
          <Alert key={row.id} severity="warning" data-testid="rate-period-offer">
            {translate('official.rate_period.changes', {
              ...names,
              quarter: split.quarter,
              periods: spans,
              first: translate('official.rate_period.line', { from: formatDay(first.from), to: formatDay(first.to) }),
            })}
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
              {later.map(({ from }) => (
                <Button
                  key={from}
                  size="small"
                  variant="outlined"
                  color="inherit"
                  startIcon={<AddIcon />}
                  onClick={() =>
                    actions.appendRows([
                      { ...newJurisdictionRow(), name: row.name, fuelType: fuelTypeOf(row), rateFrom: from },
                    ])
                  }
                >
                  {translate('official.rate_period.add', { jurisdiction: split.code, date: formatDay(from) })}
                </Button>
              ))}
              <Button size="small" color="inherit" onClick={() => actions.updateRow(row.id, { rateFrom: first.from })}>
                {translate('official.rate_period.only', { date: formatDay(later[0].from) })}
              </Button>
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
};
