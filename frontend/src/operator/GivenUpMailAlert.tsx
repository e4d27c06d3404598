import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { formatInstant } from '../calendar/displaySettings';
import { errorMessage } from '../providers/httpClient';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

const KEY = ['operator', 'mail-failures'];

/**
 * On every console screen while any e-mail was given up (the sender stops after MAIL_GIVE_UP_HOURS): what, to whom,
 * the transport's last answer, and Send again once the transport works. Nothing at all when there is none.
 */
export const GivenUpMailAlert = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const provider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: KEY, queryFn: () => provider.getGivenUpMail() });
  const retry = useMutation({
    mutationFn: (id: string) => provider.retryGivenUpMail(id),
    onSuccess: () => {
      notify('operator.mail.requeued', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => notify(errorMessage(error, 'operator.unknown_error'), { type: 'error' }),
  });
  if (!data || data.pagination.total === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 3 }} data-testid="given-up-mail">
      <AlertTitle>{translate('operator.mail.title', { smart_count: data.pagination.total })}</AlertTitle>
      {data.data.map((mail) => (
        <Box key={mail.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', py: 0.5 }}>
          <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {translate('operator.mail.line', {
              subject: mail.subject,
              recipient: mail.recipient,
              date: formatInstant(mail.created_at, true),
              error: mail.last_error ?? '—',
            })}
          </Typography>
          <Button size="small" color="inherit" disabled={retry.isPending} onClick={() => retry.mutate(mail.id)}>
            {translate('operator.mail.retry')}
          </Button>
        </Box>
      ))}
    </Alert>
  );
};
