import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDay } from '../calendar/displaySettings';
import { reportTitle } from '../reports/format';
import type { CalculatorState } from './types';

/**
 * Says which report a save will touch, and offers a blank calculator instead. A final opened here is being
 * amended: the banner names the return and the day it was filed, so the person knows a final save files again.
 */
export const EditingBanner = ({ state, onNewReport }: { state: CalculatorState; onNewReport: () => void }) => {
  const translate = useTranslate();
  if (!state.sourceReportId || !state.sourceReportName) return null;
  const amending = state.isFinalCopy ? state.amending : null;
  return (
    <Alert
      severity={state.isFinalCopy ? 'warning' : 'info'}
      data-testid="editing-banner"
      action={
        <Button color="inherit" size="small" onClick={onNewReport}>
          {translate('calculator.new_report')}
        </Button>
      }
    >
      {amending
        ? translate('calculator.amending', {
            name: reportTitle({ name: amending.name, amendment_number: amending.amendmentNumber }, translate),
            date: amending.filedAt ? formatDay(amending.filedAt) : '—',
          })
        : translate(state.isFinalCopy ? 'calculator.editing_final_copy' : 'calculator.editing', {
            name: state.sourceReportName,
          })}
    </Alert>
  );
};
