import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** docs/product-spec.md §5: card errors show inline, under the card entry, not as a toast. */
export const CardError = ({ message }: { message: string | null }) => {
  const translate = useTranslate();
  if (!message) return null;
  return (
    <Alert severity="error" data-testid="card-error" sx={{ mt: 2 }}>
      {translate(message, { _: message })}
    </Alert>
  );
};
