import { useState } from 'react';
import { Alert, Button, Container } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { getStoredUser } from '../providers/authSession';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

/**
 * Names what waits for the person's e-mail address to be proven (the first sign-in lands in the app at once), with
 * "Resend the link". Shown only when the server said the address is not proven yet.
 */
export const EmailProofBanner = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const [busy, setBusy] = useState(false);
  const user = getStoredUser();
  if (!user || user.email_proven !== false) return null;

  const resend = async () => {
    setBusy(true);
    try {
      await dataProvider.resendEmailProof();
      notify('account.proof.resent', { type: 'success' });
    } catch (failure) {
      notify(errorMessage(failure, 'account.proof.resend_failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      <Alert
        severity="info"
        role="status"
        action={
          <Button color="inherit" size="small" disabled={busy} onClick={() => void resend()}>
            {translate('account.proof.resend')}
          </Button>
        }
      >
        {translate('account.proof.banner', { email: user.email })}
      </Alert>
    </Container>
  );
};
