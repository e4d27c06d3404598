import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useNotify, useTranslate } from 'react-admin';
import { PasswordField } from '../pages/auth/PasswordField';
import { newPasswordProblem } from '../pages/auth/passwordRules';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { SettingsSection } from './SettingsSection';

/** Settings: change the password (the current one is required); the server signs every other device out. */
export const ChangePasswordSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = current ? newPasswordProblem(password, confirmation) : undefined;
    setError(problem);
    if (!current || problem) return;
    setBusy(true);
    try {
      await dataProvider.changePassword(current, password);
      setCurrent('');
      setPassword('');
      setConfirmation('');
      notify('account.change.done', { type: 'success' });
    } catch (failure) {
      notify(errorMessage(failure, 'account.change.failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection id="password" title={translate('account.change.title')} icon={<LockResetIcon />}>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('account.change.title')}>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <Typography color="text.secondary">{translate('account.change.hint')}</Typography>
          <PasswordField
            name="current-password"
            label={translate('account.change.current_password')}
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <PasswordField
            name="new-password"
            label={translate('account.change.new_password')}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(error)}
            helperText={error ? translate(error) : translate('auth.password_hint')}
          />
          <PasswordField
            name="confirm-password"
            label={translate('account.change.confirm_password')}
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {translate(busy ? 'account.change.submitting' : 'account.change.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
};
