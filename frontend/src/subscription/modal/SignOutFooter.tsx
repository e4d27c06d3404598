import { Button, DialogActions, Typography } from '@mui/material';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { closeSubscriptionModal } from '../modalStore';

/** docs/product-spec.md §2: the way out for someone not ready to pay is signing out. */
export const SignOutFooter = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const notify = useNotify();
  const signOut = async () => {
    closeSubscriptionModal();
    await logout();
    notify('auth.signed_out', { type: 'success' });
  };
  return (
    <DialogActions sx={{ justifyContent: 'center', gap: 1, py: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('subscription.modal.not_ready')}
      </Typography>
      <Button size="small" onClick={signOut}>
        {translate('subscription.modal.sign_out')}
      </Button>
    </DialogActions>
  );
};
