import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { AuthShell } from './auth/AuthShell';
import { PasswordField } from './auth/PasswordField';
import { useSignIn } from './auth/useSignIn';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

/**
 * Opened from an invitation e-mail: the person gives a name and a password (an address that already has an account
 * gives its current one) and is signed in to the company that invited them.
 */
const AcceptInvitationPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const missing = name.trim() === '';
    setNameMissing(missing);
    if (missing || !password) return;
    setBusy(true);
    try {
      const session = await dataProvider.acceptInvitation({ token, password, name: name.trim() });
      // Whatever this browser showed before (another company's data) is not the new session's.
      queryClient.clear();
      await signIn(session);
      notify('members.accept.done', { type: 'success' });
    } catch (failure) {
      notify(errorMessage(failure, 'members.accept.failed'), { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AuthShell title={translate('members.accept.title')} subtitle={translate('members.accept.subtitle')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={translate('members.accept.title')}>
        <Stack spacing={2.5}>
          {!token && <Alert severity="warning">{translate('members.accept.missing_token')}</Alert>}
          <TextField
            name="name"
            label={translate('members.accept.name')}
            autoComplete="name"
            autoFocus
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameMissing}
            helperText={nameMissing ? translate('members.accept.name_required') : undefined}
          />
          <PasswordField
            name="password"
            label={translate('members.accept.password')}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            helperText={translate('auth.password_hint')}
          />
          <Typography variant="body2" color="text.secondary">
            {translate('members.accept.existing_hint')}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || !token}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(busy ? 'members.accept.submitting' : 'members.accept.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthShell>
  );
};

export default AcceptInvitationPage;
