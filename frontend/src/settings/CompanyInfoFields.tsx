import { Grid, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UserSettings } from '../api/types';

type CompanyField = 'company_address' | 'company_phone' | 'ifta_license_number';

/** Company Information: address, phone, IFTA license number (free text). */
export const CompanyInfoFields = ({
  settings,
  onChange,
}: {
  settings: UserSettings;
  onChange: (patch: Partial<UserSettings>) => void;
}) => {
  const translate = useTranslate();
  const field = (name: CompanyField, autoComplete: string, full = false) => (
    <Grid size={{ xs: 12, sm: full ? 12 : 6 }}>
      <TextField
        name={name}
        label={translate(`settings.fields.${name}`)}
        autoComplete={autoComplete}
        value={settings[name]}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2.5}>
      {field('company_address', 'street-address', true)}
      {field('company_phone', 'tel')}
      {field('ifta_license_number', 'off')}
    </Grid>
  );
};
