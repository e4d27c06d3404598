import { useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Inline nickname edit of a saved card: a field, Save and Cancel (docs/product-spec.md §2). */
export const NicknameEditor = ({
  initial,
  busy,
  onSave,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  onSave: (nickname: string) => void;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(value.trim());
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        autoFocus
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={translate('subscription.cards.nickname_placeholder')}
        slotProps={{ htmlInput: { 'aria-label': translate('subscription.cards.nickname_label'), maxLength: 50 } }}
        sx={{ minWidth: 240, flexGrow: 1, maxWidth: 360 }}
      />
      <Button type="submit" variant="contained" size="small" disabled={busy}>
        {translate('subscription.cards.save')}
      </Button>
      <Button size="small" onClick={onCancel} disabled={busy}>
        {translate('subscription.cards.cancel')}
      </Button>
    </Box>
  );
};
