import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FUEL_TYPES } from '@ifta/index';

interface Props {
  value: string;
  disabled: boolean;
  onChange: (fuelType: string) => void;
}

/** An official line's fuel type: the IFTA matrix's fuel types; each has its own schedule and rates. */
export const FuelTypeSelect = ({ value, disabled, onChange }: Props) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      disabled={disabled}
      name="fuelType"
      label={translate('rateHistory.filters.fuel_type')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      {FUEL_TYPES.map((fuel) => (
        <MenuItem key={fuel} value={fuel}>
          {translate(`rateHistory.fuel_types.${fuel}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};
