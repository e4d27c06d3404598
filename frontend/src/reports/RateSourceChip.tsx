import { Chip } from '@mui/material';
import TableRowsIcon from '@mui/icons-material/TableRowsOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import { useTranslate } from 'react-admin';
import type { RateSource } from '../api/types';

/**
 * Where an official line's rate came from (issue 12): the account's rates in force for the report's quarter and the
 * line's fuel type, or the rate typed on the line because that table has none for its jurisdiction.
 */
export const RateSourceChip = ({ source, period }: { source: RateSource; period: string }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={source === 'table' ? 'success' : 'warning'}
      icon={source === 'table' ? <TableRowsIcon /> : <EditNoteIcon />}
      label={translate(`official.rate_source.${source}`, { period })}
      data-testid="rate-source"
      data-source={source}
    />
  );
};
