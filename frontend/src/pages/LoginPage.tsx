import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { AuthShell } from './auth/AuthShell';
import { PasswordField } from './auth/PasswordField';
import { useRedirectIfSignedIn } from './auth/useRedirectIfSignedIn';
import { useSignIn } from './auth/useSignIn';
import { validateLogin, type FieldErrors } from './auth/validation';
import { errorMessage } from '../providers/httpClient';

/** docs/product-spec.md §2 Login: email and password, 'Signing in...' while busy, a link to sign up. */
const LoginPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const signIn = useSignIn();
  useRedirectIfSignedIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signIn({ email: email.trim(), password });
      notify('auth.login.success', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, 'auth.login.failed'), { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AuthShell title={translate('auth.login.title')} subtitle={translate('auth.login.subtitle')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('auth.login.title')}>
        <Stack spacing={2.5}>
          <TextField
            name="email"
            type="email"
            label={translate('auth.email')}
            autoComplete="email"
            autoFocus
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email ? translate(errors.email) : undefined}
          />
          <PasswordField
            name="password"
            label={translate('auth.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password ? translate(errors.password) : undefined}
          />
          <MuiLink component={Link} to="/forgot-password" sx={{ alignSelf: 'flex-end', mt: '8px !important' }}>
            {translate('account.forgot.link')}
          </MuiLink>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(busy ? 'auth.login.submitting' : 'auth.login.submit')}
          </Button>
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {translate('auth.login.no_account')}{' '}
            <MuiLink component={Link} to="/register" sx={{ fontWeight: 600 }}>
              {translate('auth.login.sign_up_link')}
            </MuiLink>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  );
};
LoginPage.path = '/login';

export default LoginPage;
