import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Stack } from '@mui/material';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { AuthShell } from './auth/AuthShell';
import { PasswordField } from './auth/PasswordField';
import { newPasswordProblem } from './auth/passwordRules';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { clearSession } from '../providers/authSession';

/** Opened from the reset e-mail: sets a new password with the link's token, then sends the user to sign in. */
const ResetPasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = newPasswordProblem(password, confirmation);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await dataProvider.resetPassword(token, password);
      // The reset signed every session out, this browser's included.
      clearSession();
      notify('account.reset.done', { type: 'success' });
      navigate('/login');
    } catch (failure) {
      notify(errorMessage(failure, 'account.reset.failed'), { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AuthShell title={translate('account.reset.title')} subtitle={translate('account.reset.subtitle')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('account.reset.title')}>
        <Stack spacing={2.5}>
          {!token && <Alert severity="warning">{translate('account.reset.missing_token')}</Alert>}
          <PasswordField
            name="new-password"
            label={translate('account.reset.new_password')}
            autoComplete="new-password"
            autoFocus
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(error)}
            helperText={error ? translate(error) : translate('auth.password_hint')}
          />
          <PasswordField
            name="confirm-password"
            label={translate('account.reset.confirm_password')}
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || !token}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(busy ? 'account.reset.submitting' : 'account.reset.submit')}
          </Button>
          <MuiLink component={Link} to="/forgot-password" sx={{ textAlign: 'center' }}>
            {translate('account.forgot.link')}
          </MuiLink>
        </Stack>
      </Box>
    </AuthShell>
  );
};

export default ResetPasswordPage;
