import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { GivenUpMail } from '../api/types';
import { formatInstant } from '../calendar/displaySettings';
import { errorMessage } from '../providers/httpClient';
import { OPERATOR_RESOURCES } from '../providers/operatorResources';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';

const RESOURCE = OPERATOR_RESOURCES.mailFailures;
/** The newest few: the alert names them, and its title says how many there are in all. */
const SHOWN = 5;

/**
 * On every console screen while any e-mail was given up (the sender stops after MAIL_GIVE_UP_HOURS): what, to whom,
 * the transport's last answer, and Send again once the transport works. Nothing at all when there is none.
 */
export const GivenUpMailAlert = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const provider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const { data, total } = useGetList<GivenUpMail>(RESOURCE, { pagination: { page: 1, perPage: SHOWN } });
  // Sending one again is no change to a record of the list: a named dataProvider method, then the list reads again.
  const retry = useMutation({
    mutationFn: (id: string) => provider.retryGivenUpMail(id),
    onSuccess: () => {
      notify('operator.mail.requeued', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
    },
    onError: (error) => notify(errorMessage(error, 'operator.unknown_error'), { type: 'error' }),
  });
  if (!data || !total) return null;
  return (
    <Alert severity="error" sx={{ mb: 3 }} data-testid="given-up-mail">
      <AlertTitle>{translate('operator.mail.title', { smart_count: total })}</AlertTitle>
      {data.map((mail) => (
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
