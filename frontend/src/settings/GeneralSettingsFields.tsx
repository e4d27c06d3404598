import { useEffect, useState } from 'react';
import { Grid, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CurrencyNote } from '../calendar/CurrencyNote';
import { CURRENCIES, DATE_FORMATS, DISTANCE_UNITS, LANGUAGES, TAX_PERIOD_TYPES } from '../api/constants';
import type { UserSettings } from '../api/types';
import { MPG_MAX, MPG_MIN, MPG_STEP, parseNumberInput } from './settingsModel';
import { TimeZoneField } from './TimeZoneField';

interface Props {
  settings: UserSettings;
  onChange: (patch: Partial<UserSettings>) => void;
  onLanguageChange: (language: UserSettings['language']) => void;
}

const clampMpg = (value: number): number => Math.min(MPG_MAX, Math.max(MPG_MIN, Math.round(value * 100) / 100));

/** General Settings: default MPG, currency, date format, timezone, language, units, default tax period. */
export const GeneralSettingsFields = ({ settings, onChange, onLanguageChange }: Props) => {
  const translate = useTranslate();
  // The text being typed ("7.", "") is kept apart from the number so typing is never fought.
  const [mpgText, setMpgText] = useState(String(settings.default_mpg));
  useEffect(() => setMpgText(String(settings.default_mpg)), [settings.default_mpg]);

  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          name="default_mpg"
          type="number"
          label={translate('settings.fields.default_mpg')}
          helperText={translate('settings.fields.default_mpg_help')}
          value={mpgText}
          onChange={(event) => {
            setMpgText(event.target.value);
            onChange({ default_mpg: parseNumberInput(event.target.value) });
          }}
          onBlur={() => {
            const value = clampMpg(parseNumberInput(mpgText));
            setMpgText(String(value));
            onChange({ default_mpg: value });
          }}
          slotProps={{ htmlInput: { min: MPG_MIN, max: MPG_MAX, step: MPG_STEP, inputMode: 'decimal' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          name="preferred_currency"
          label={translate('settings.fields.preferred_currency')}
          value={settings.preferred_currency}
          onChange={(event) =>
            onChange({ preferred_currency: event.target.value as UserSettings['preferred_currency'] })
          }
        >
          {CURRENCIES.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {translate(`settings.options.currency.${currency}`)}
            </MenuItem>
          ))}
        </TextField>
        <CurrencyNote currency={settings.preferred_currency} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          name="date_format"
          label={translate('settings.fields.date_format')}
          value={settings.date_format}
          onChange={(event) => onChange({ date_format: event.target.value as UserSettings['date_format'] })}
        >
          {DATE_FORMATS.map((format) => (
            <MenuItem key={format} value={format}>
              {format}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TimeZoneField value={settings.timezone} onChange={(timezone) => onChange({ timezone })} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          name="language"
          label={translate('settings.fields.language')}
          value={settings.language}
          onChange={(event) => onLanguageChange(event.target.value as UserSettings['language'])}
        >
          {LANGUAGES.map((language) => (
            <MenuItem key={language} value={language} lang={language}>
              {translate(`app.language.${language}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          name="distance_unit"
          label={translate('settings.fields.distance_unit')}
          helperText={translate('settings.fields.distance_unit_help')}
          value={settings.distance_unit}
          onChange={(event) => onChange({ distance_unit: event.target.value as UserSettings['distance_unit'] })}
        >
          {DISTANCE_UNITS.map((unit) => (
            <MenuItem key={unit} value={unit}>
              {translate(`settings.options.distance_unit.${unit}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          name="default_tax_period_type"
          label={translate('settings.fields.default_tax_period_type')}
          value={settings.default_tax_period_type}
          onChange={(event) =>
            onChange({ default_tax_period_type: event.target.value as UserSettings['default_tax_period_type'] })
          }
        >
          {TAX_PERIOD_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`settings.options.tax_period_type.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </Grid>
  );
};
