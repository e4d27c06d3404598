import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UserSettings } from '../api/types';

type NotificationField = 'email_notifications' | 'report_reminders';
const FIELDS: NotificationField[] = ['email_notifications', 'report_reminders'];

/** Notification Settings: e-mail notifications and report reminders switches. */
export const NotificationSettingsFields = ({
  settings,
  onChange,
}: {
  settings: UserSettings;
  onChange: (patch: Partial<UserSettings>) => void;
}) => {
  const translate = useTranslate();
  return (
    <Stack spacing={1.5}>
      {FIELDS.map((name) => (
        <FormControlLabel
          key={name}
          sx={{ alignItems: 'center', justifyContent: 'space-between', m: 0, gap: 2 }}
          control={
            <Switch
              name={name}
              checked={settings[name]}
              onChange={(event) => onChange({ [name]: event.target.checked })}
            />
          }
          label={
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{translate(`settings.fields.${name}`)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(`settings.fields.${name}_help`)}
              </Typography>
            </Box>
          }
          labelPlacement="start"
        />
      ))}
    </Stack>
  );
};
