import { Link as RouterLink } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import type { ReportSummary } from '../api/types';
import { useCan } from '../providers/memberRole';

/**
 * View, Edit (every report, docs/product-spec.md §2) and Delete of one report of the list, as a row's cell or a card's
 * footer. A viewer reads only: no Delete.
 */
export const ReportRowActions = ({
  report,
  onDelete,
}: {
  report: ReportSummary;
  onDelete: (report: ReportSummary) => void;
}) => {
  const translate = useTranslate();
  const writes = useCan('bookkeeper');
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Button
        size="small"
        component={RouterLink}
        to={`/reports/${report.id}`}
        startIcon={<VisibilityIcon />}
        aria-label={translate('reports.actions.view_label', { name: report.name })}
      >
        {translate('reports.actions.view')}
      </Button>
      <Button
        size="small"
        component={RouterLink}
        to={`/calculator?edit=${encodeURIComponent(report.id)}`}
        startIcon={<EditIcon />}
        aria-label={translate('reports.actions.edit_label', { name: report.name })}
      >
        {translate('reports.actions.edit')}
      </Button>
      {writes && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => onDelete(report)}
          aria-label={translate('reports.actions.delete_label', { name: report.name })}
        >
          {translate('reports.actions.delete')}
        </Button>
      )}
    </Box>
  );
};
