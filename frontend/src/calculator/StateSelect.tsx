import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { stateChoices, stateLabel } from './calculatorState';
import type { CalculatorTaxRate } from './types';

interface Props {
  value: string;
  rates: readonly CalculatorTaxRate[];
  disabled: boolean;
  onChange: (name: string) => void;
}

/** State/Province: the account's active rates by name, labelled 'Name (ABBR) - $rate' (docs/product-spec.md §5). */
export const StateSelect = ({ value, rates, disabled, onChange }: Props) => {
  const translate = useTranslate();
  const choices = stateChoices(rates);
  // A saved or imported name that is no longer an active rate still shows, so the row never looks blank.
  const orphan = value && !choices.some((rate) => rate.name === value) ? value : null;
  return (
    <TextField
      select
      required
      disabled={disabled}
      label={translate('calculator.jurisdictions.state')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: {
          displayEmpty: true,
          renderValue: (selected) => {
            const text = String(selected ?? '');
            if (!text) return translate('calculator.jurisdictions.state_placeholder');
            const rate = choices.find((choice) => choice.name === text);
            return rate ? stateLabel(rate) : text;
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
        inputLabel: { shrink: true },
      }}
    >
      {orphan ? <MenuItem value={orphan}>{orphan}</MenuItem> : null}
      {choices.map((rate) => (
        <MenuItem key={rate.id} value={rate.name}>
          {stateLabel(rate)}
        </MenuItem>
      ))}
    </TextField>
  );
};
