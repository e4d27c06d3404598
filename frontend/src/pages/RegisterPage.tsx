import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { AuthShell } from './auth/AuthShell';
import { PasswordField } from './auth/PasswordField';
import { useRedirectIfSignedIn } from './auth/useRedirectIfSignedIn';
import { useSignIn } from './auth/useSignIn';
import { validateRegister, type FieldErrors } from './auth/validation';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

type Field = 'company_name' | 'email' | 'password';

/** docs/product-spec.md §2 Register: company name, email, password (min 6), Create Account, terms and privacy links. */
const RegisterPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const signIn = useSignIn();
  useRedirectIfSignedIn();
  const [values, setValues] = useState<Record<Field, string>>({ company_name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRegister(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const session = await dataProvider.register({
        company_name: values.company_name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      await signIn(session);
      notify('auth.register.success', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, 'auth.register.failed'), { type: 'error' });
      setBusy(false);
    }
  };

  const fieldError = (field: Field) => ({
    error: Boolean(errors[field]),
    helperText: errors[field] ? translate(errors[field]) : undefined,
  });

  return (
    <AuthShell title={translate('auth.register.title')} subtitle={translate('auth.register.subtitle')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('auth.register.title')}>
        <Stack spacing={2.5}>
          <TextField
            name="company_name"
            label={translate('auth.company_name')}
            autoComplete="organization"
            autoFocus
            required
            value={values.company_name}
            onChange={change('company_name')}
            {...fieldError('company_name')}
          />
          <TextField
            name="email"
            type="email"
            label={translate('auth.email')}
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            {...fieldError('email')}
          />
          <PasswordField
            name="password"
            label={translate('auth.password')}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={change('password')}
            error={Boolean(errors.password)}
            helperText={translate(errors.password ?? 'auth.password_hint')}
            slotProps={{ htmlInput: { minLength: 6 } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(busy ? 'auth.register.submitting' : 'auth.register.submit')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {translate('auth.register.agree_prefix')}{' '}
            <MuiLink component={Link} to="/terms">
              {translate('auth.register.terms')}
            </MuiLink>{' '}
            {translate('auth.register.and')}{' '}
            <MuiLink component={Link} to="/privacy">
              {translate('auth.register.privacy')}
            </MuiLink>
            .
          </Typography>
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {translate('auth.register.have_account')}{' '}
            <MuiLink component={Link} to="/login" sx={{ fontWeight: 600 }}>
              {translate('auth.register.sign_in_link')}
            </MuiLink>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  );
};
RegisterPage.path = '/register';

export default RegisterPage;
