import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CalculatorState } from './types';

/** Says which report a save will touch, and offers a blank calculator instead. */
export const EditingBanner = ({ state, onNewReport }: { state: CalculatorState; onNewReport: () => void }) => {
  const translate = useTranslate();
  if (!state.sourceReportId || !state.sourceReportName) return null;
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
      {translate(state.isFinalCopy ? 'calculator.editing_final_copy' : 'calculator.editing', {
        name: state.sourceReportName,
      })}
    </Alert>
  );
};
