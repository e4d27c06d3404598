import { Chip } from '@mui/material';
import TableRowsIcon from '@mui/icons-material/TableRowsOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import HourglassIcon from '@mui/icons-material/HourglassBottomOutlined';
import { useTranslate } from 'react-admin';
import type { RateSource } from '../api/types';
import { matrixQuarterName } from '../tax-rates/rateHistory';

const LOOK = {
  official: { color: 'success', icon: <TableRowsIcon /> },
  override: { color: 'info', icon: <TableRowsIcon /> },
  typed: { color: 'warning', icon: <EditNoteIcon /> },
  provisional: { color: 'warning', icon: <HourglassIcon /> },
} as const;

/**
 * Where an official line's rate came from: the account's rates in force for the report's quarter and the line's
 * fuel type (as published, or as the account changed them), the rate typed on the line, or, the quarter having no
 * rate yet, the newest quarter's (`from`).
 */
export const RateSourceChip = ({
  source,
  period,
  from,
}: {
  source: RateSource;
  period: string;
  from?: string | null;
}) => {
  const translate = useTranslate();
  const look = LOOK[source] ?? LOOK.typed;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={look.color}
      icon={look.icon}
      label={translate(`official.rate_source.${source}`, { period, from: matrixQuarterName(from ?? '') })}
      data-testid="rate-source"
      data-source={source}
    />
  );
};
