import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FilingState } from '../api/types';

const COLORS: Record<FilingState, ChipProps['color']> = {
  none: 'default',
  draft: 'warning',
  final: 'success',
  filed_late: 'error',
};

/** A quarter's filing state: not started, draft, filed, or filed late. */
export const FilingStateChip = ({ state }: { state: FilingState }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      variant={state === 'final' || state === 'filed_late' ? 'filled' : 'outlined'}
      label={translate(`calendar.state.${state}`)}
      data-state={state}
    />
  );
};
