import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TIMEZONES } from '../api/constants';

/** The six North American zones the product names first; every other IANA zone the browser knows after them. */
const SUGGESTED: readonly string[] = TIMEZONES;
const otherZones = () =>
  Intl.supportedValuesOf('timeZone').filter((zone) => !SUGGESTED.includes(zone) && zone.includes('/'));

interface Props {
  value: string;
  onChange: (zone: string) => void;
}

/**
 * Settings' time zone: type to find one. A preparer abroad (Europe/Berlin) or a carrier on Saskatchewan's clock
 * (America/Regina) finds theirs; the six the product has always offered stay at the top with their names.
 */
export const TimeZoneField = ({ value, onChange }: Props) => {
  const translate = useTranslate();
  const options = useMemo(() => [...SUGGESTED, ...otherZones()], []);
  const labelOf = (zone: string) =>
    SUGGESTED.includes(zone) ? translate(`settings.options.timezone.${zone}`) : zone.replaceAll('_', ' ');
  return (
    <Autocomplete
      options={options}
      value={value}
      disableClearable
      autoHighlight
      getOptionLabel={labelOf}
      groupBy={(zone) =>
        translate(
          SUGGESTED.includes(zone)
            ? 'settings.options.timezone_group.suggested'
            : 'settings.options.timezone_group.other',
        )
      }
      onChange={(_event, zone) => onChange(zone)}
      renderInput={(params) => <TextField {...params} name="timezone" label={translate('settings.fields.timezone')} />}
    />
  );
};
