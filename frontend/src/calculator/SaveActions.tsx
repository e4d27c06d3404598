import { Box, Button, CircularProgress } from '@mui/material';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import TaskIcon from '@mui/icons-material/TaskAlt';
import { useTranslate } from 'react-admin';
import type { ReportStatus } from '../api/types';

interface Props {
  onSave: (status: ReportStatus) => void;
  isSaving: boolean;
  savingStatus: ReportStatus | undefined;
}

/** Save Draft and Save Final Report (docs/product-spec.md §2). */
export const SaveActions = ({ onSave, isSaving, savingStatus }: Props) => {
  const translate = useTranslate();
  const label = (status: ReportStatus, key: string) =>
    translate(isSaving && savingStatus === status ? 'calculator.actions.saving' : key);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1.5 }}>
      <Button
        variant="outlined"
        size="large"
        disabled={isSaving}
        startIcon={isSaving && savingStatus === 'draft' ? <CircularProgress size={18} /> : <SaveIcon />}
        onClick={() => onSave('draft')}
      >
        {label('draft', 'calculator.actions.save_draft')}
      </Button>
      <Button
        variant="contained"
        size="large"
        disabled={isSaving}
        startIcon={isSaving && savingStatus === 'final' ? <CircularProgress size={18} color="inherit" /> : <TaskIcon />}
        onClick={() => onSave('final')}
      >
        {label('final', 'calculator.actions.save_final')}
      </Button>
    </Box>
  );
};
