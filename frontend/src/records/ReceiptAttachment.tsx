import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { FuelPurchaseRecord } from '../api/types';
import { failureReason } from '../notifications/useNotifyFailure';
import { attachmentLabel } from './receiptLabel';
import { recordsProvider, refreshRecords } from '../providers/recordsProvider';

/** The file types a receipt may be; the server checks the bytes, this only narrows the file picker. */
const ACCEPT = 'image/jpeg,image/png,application/pdf';
/**
 * The receipt image or PDF of a saved fuel purchase: attach (or replace), view, remove. Viewing fetches the file
 * with the session's token (a plain link would carry none) and shows it from a blob URL: an image in a dialog, a
 * PDF in a new tab.
 */
export const ReceiptAttachment = ({ purchase }: { purchase: FuelPurchaseRecord }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [attachment, setAttachment] = useState(purchase.attachment);
  const [viewing, setViewing] = useState<string | null>(null);
  useEffect(() => () => (viewing ? URL.revokeObjectURL(viewing) : undefined), [viewing]);

  const done = async (updated: FuelPurchaseRecord) => {
    setAttachment(updated.attachment);
    await refreshRecords(queryClient);
  };
  const attach = useMutation({
    mutationFn: (file: File) => recordsProvider.attachReceipt(purchase.id, file),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: () => recordsProvider.removeReceipt(purchase.id), onSuccess: done });
  const view = useMutation({
    mutationFn: () => recordsProvider.openReceipt(purchase.id),
    onSuccess: ({ blob }) => {
      const url = URL.createObjectURL(blob);
      if (blob.type.startsWith('image/')) return setViewing(url);
      // A PDF opens in the browser's own viewer in a new tab (the app's policy embeds no objects); the tab has
      // loaded it long before the URL is released.
      window.open(url, '_blank', 'noopener');
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
  const busy = attach.isPending || remove.isPending || view.isPending;
  const failed = [attach, remove, view].find((mutation) => mutation.isError);

  return (
    <Stack spacing={1} data-testid="receipt-attachment">
      <Typography variant="subtitle2">{translate('records.receipt.title')}</Typography>
      <Typography variant="body2" data-testid="receipt-attachment-file">
        {attachment ? attachmentLabel(attachment) : translate('records.receipt.none')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" size="small" disabled={busy}>
          {translate(attachment ? 'records.receipt.replace' : 'records.receipt.attach')}
          <input
            ref={input}
            hidden
            type="file"
            accept={ACCEPT}
            aria-label={translate('records.receipt.attach')}
            data-testid="receipt-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) attach.mutate(file);
              // The same file chosen again after an error is a new choice.
              if (input.current) input.current.value = '';
            }}
          />
        </Button>
        {attachment ? (
          <>
            <Button size="small" disabled={busy} onClick={() => view.mutate()}>
              {translate('records.receipt.view')}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => remove.mutate()}>
              {translate('records.receipt.remove')}
            </Button>
          </>
        ) : null}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {translate('records.receipt.hint')}
      </Typography>
      {failed ? (
        <Alert severity="error" role="alert">
          {failureReason(failed.error, translate)}
        </Alert>
      ) : null}
      {viewing ? (
        <Dialog open onClose={() => setViewing(null)} fullWidth maxWidth="md" aria-labelledby="receipt-view-title">
          <DialogTitle id="receipt-view-title">{translate('records.receipt.view_title')}</DialogTitle>
          <DialogContent>
            <Box
              component="img"
              src={viewing}
              alt={translate('records.receipt.view_title')}
              sx={{ maxWidth: '100%', display: 'block', mx: 'auto' }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setViewing(null)}>{translate('records.receipt.close')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Stack>
  );
};
