import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ClientBilling, ClientCompany } from '../api/types';
import { errorMessage } from '../providers/httpClient';
import { COMPANIES_KEY } from './CompanySwitcher';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BILLING: readonly ClientBilling[] = ['preparer', 'client'];

/** Adds a client company (name, contact address, who pays); the new company shows in the list and the switcher. */
export const AddClientDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [create, { isPending }] = useCreate<ClientCompany>();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [billing, setBilling] = useState<ClientBilling>('preparer');
  const [touched, setTouched] = useState(false);
  const nameMissing = name.trim() === '';
  const emailBad = email.trim() !== '' && !EMAIL.test(email.trim());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (nameMissing || emailBad) return;
    void create(
      'client-companies',
      { data: { name: name.trim(), email: email.trim() || undefined, billing } },
      {
        onSuccess: (made) => {
          notify('companies.add.added', { type: 'success', messageArgs: { name: made.name } });
          void queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
          refresh();
          setName('');
          setEmail('');
          setTouched(false);
          onClose();
        },
        onError: (failure) => notify(errorMessage(failure, 'companies.add.failed'), { type: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate('companies.add.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label={translate('companies.add.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              error={touched && nameMissing}
              helperText={touched && nameMissing ? translate('companies.add.name_required') : undefined}
              inputProps={{ maxLength: 200 }}
            />
            <TextField
              label={translate('companies.add.email')}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={touched && emailBad}
              helperText={touched && emailBad ? translate('companies.add.email_invalid') : undefined}
            />
            <TextField
              select
              label={translate('companies.add.billing')}
              value={billing}
              onChange={(event) => setBilling(event.target.value as ClientBilling)}
            >
              {BILLING.map((option) => (
                <MenuItem key={option} value={option}>
                  {translate(`companies.billing.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="body2" color="text.secondary">
              {translate(`companies.billing_help.${billing}`)}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {translate(isPending ? 'companies.add.submitting' : 'companies.add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
