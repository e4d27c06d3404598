import { Alert, Box, CircularProgress, TableCell, TableRow, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';

/**
 * The row a console table shows instead of its records while they load, when loading failed or when there are
 * none; null once there are records to show.
 */
export const ListStateRow = ({ columns, emptyKey }: { columns: number; emptyKey: string }) => {
  const translate = useTranslate();
  const { isPending, error, data } = useListContext();
  let content;
  if (isPending) content = <CircularProgress size={24} aria-label={translate('app.loading')} />;
  else if (error)
    content = (
      <Alert severity="error" sx={{ textAlign: 'left' }}>
        {translate('operator.load_error', { message: translate(errorMessage(error, 'operator.unknown_error')) })}
      </Alert>
    );
  else if (!data || data.length === 0) content = <Typography color="text.secondary">{translate(emptyKey)}</Typography>;
  else return null;
  return (
    <TableRow>
      <TableCell colSpan={columns}>
        <Box sx={{ py: 3, display: 'flex', justifyContent: 'center' }}>{content}</Box>
      </TableCell>
    </TableRow>
  );
};
