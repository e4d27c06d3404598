import { Grid, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { IFTA_JURISDICTIONS } from '@ifta/jurisdictions';
import type { UserSettings } from '../api/types';

type CompanyField = 'company_address' | 'company_phone' | 'ifta_license_number' | 'fein';

/**
 * Company Information: address, phone, IFTA license number (free text), and the return's carrier block: FEIN and
 * base jurisdiction (checked by the server, which names the field it refuses).
 */
export const CompanyInfoFields = ({
  settings,
  onChange,
}: {
  settings: UserSettings;
  onChange: (patch: Partial<UserSettings>) => void;
}) => {
  const translate = useTranslate();
  const field = (name: CompanyField, autoComplete: string, full = false, help?: string) => (
    <Grid size={{ xs: 12, sm: full ? 12 : 6 }}>
      <TextField
        name={name}
        label={translate(`settings.fields.${name}`)}
        autoComplete={autoComplete}
        value={settings[name]}
        helperText={help}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2.5}>
      {field('company_address', 'street-address', true)}
      {field('company_phone', 'tel')}
      {field('ifta_license_number', 'off')}
      {field('fein', 'off', false, translate('settings.fields.fein_help'))}
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          name="base_jurisdiction"
          label={translate('settings.fields.base_jurisdiction')}
          value={settings.base_jurisdiction}
          helperText={translate('settings.fields.base_jurisdiction_help')}
          onChange={(event) => onChange({ base_jurisdiction: event.target.value })}
        >
          <MenuItem value="">{translate('settings.fields.base_jurisdiction_none')}</MenuItem>
          {[...IFTA_JURISDICTIONS]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((jurisdiction) => (
              <MenuItem key={jurisdiction.code} value={jurisdiction.code}>
                {`${jurisdiction.name} (${jurisdiction.code})`}
              </MenuItem>
            ))}
        </TextField>
      </Grid>
    </Grid>
  );
};
