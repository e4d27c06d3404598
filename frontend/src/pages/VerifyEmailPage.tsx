import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { AuthShell } from './auth/AuthShell';
import { PasswordField } from './auth/PasswordField';
import { useSignIn } from './auth/useSignIn';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

/**
 * Opened from the e-mail sent at registration: the link and the account's password prove the address (the link
 * alone could prove an account a stranger registered with it). The proof signs every other device out and this
 * browser in.
 */
const VerifyEmailPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    try {
      const session = await dataProvider.proveEmail(token, password);
      notify('account.proof.done', { type: 'success' });
      await signIn(session);
    } catch (failure) {
      notify(errorMessage(failure, 'account.proof.failed'), { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AuthShell title={translate('account.proof.title')} subtitle={translate('account.proof.subtitle')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('account.proof.title')}>
        <Stack spacing={2.5}>
          {!token && <Alert severity="warning">{translate('account.proof.missing_token')}</Alert>}
          <PasswordField
            name="password"
            label={translate('account.proof.password')}
            autoComplete="current-password"
            autoFocus
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || !token || !password}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(busy ? 'account.proof.submitting' : 'account.proof.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthShell>
  );
};

export default VerifyEmailPage;
