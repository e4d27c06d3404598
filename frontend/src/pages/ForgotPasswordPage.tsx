import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Stack, TextField } from '@mui/material';
import { Link } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { AuthShell } from './auth/AuthShell';
import { validateLogin } from './auth/validation';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

/** "Forgot password?": asks the server to e-mail a single-use reset link; the answer never says if the account exists. */
const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin({ email, password: 'unused' }).email;
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await dataProvider.requestPasswordReset(email.trim());
      setSent(true);
    } catch (failure) {
      notify(errorMessage(failure, 'account.forgot.failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={translate('account.forgot.title')} subtitle={translate('account.forgot.subtitle')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('account.forgot.title')}>
        <Stack spacing={2.5}>
          {sent && <Alert severity="success">{translate('account.forgot.sent')}</Alert>}
          <TextField
            name="email"
            type="email"
            label={translate('auth.email')}
            autoComplete="email"
            autoFocus
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(error)}
            helperText={error ? translate(error) : undefined}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(busy ? 'account.forgot.submitting' : 'account.forgot.submit')}
          </Button>
          <MuiLink component={Link} to="/login" sx={{ textAlign: 'center', fontWeight: 600 }}>
            {translate('account.forgot.back_to_login')}
          </MuiLink>
        </Stack>
      </Box>
    </AuthShell>
  );
};

export default ForgotPasswordPage;
