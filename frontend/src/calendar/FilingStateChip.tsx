import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FilingState } from '../api/types';

const COLORS: Record<FilingState, ChipProps['color']> = {
  none: 'default',
  draft: 'warning',
  overdue: 'error',
  final: 'success',
  filed_late: 'error',
  amended: 'info',
};

/** Filled once something is filed, or when the return is overdue: those are the states that need no guessing. */
const FILLED: ReadonlySet<FilingState> = new Set(['final', 'filed_late', 'amended', 'overdue']);

/** A quarter's filing state: not started, draft, overdue, filed, filed late or amended. */
export const FilingStateChip = ({ state }: { state: FilingState }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      variant={FILLED.has(state) ? 'filled' : 'outlined'}
      label={translate(`calendar.state.${state}`)}
      data-state={state}
    />
  );
};
