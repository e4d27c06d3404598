import { Alert, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CALCULATION_MODES, type CalculationMode } from '@ifta/index';
import type { ReportPreview } from './reportPreview';

interface Props {
  mode: CalculationMode;
  preview: ReportPreview;
  onChange: (mode: CalculationMode) => void;
}

/** The report's calculation mode, and in the official return which MPG it uses and why. */
export const CalculationModePanel = ({ mode, preview, onChange }: Props) => {
  const translate = useTranslate();
  const mpg = preview.mpg;
  const note = !mpg
    ? null
    : mpg.source === 'typed'
      ? translate('official.mpg.typed', { mpg: mpg.value.toFixed(2), fleet: mpg.fleet.toFixed(2) })
      : mpg.value > 0
        ? translate('official.mpg.fleet', { mpg: mpg.value.toFixed(2) })
        : translate('official.mpg.none');
  return (
    <>
      <TextField
        select
        name="calculationMode"
        label={translate('official.mode.label')}
        value={mode}
        onChange={(event) => onChange(event.target.value as CalculationMode)}
        sx={{ minWidth: 320, alignSelf: 'flex-start' }}
      >
        {CALCULATION_MODES.map((option) => (
          <MenuItem key={option} value={option}>
            {translate(`official.mode.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      {note ? (
        <Alert severity="info" data-testid="official-mpg-note">
          {note}
        </Alert>
      ) : null}
    </>
  );
};
