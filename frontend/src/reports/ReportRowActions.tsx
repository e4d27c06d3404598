import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import BlockIcon from '@mui/icons-material/Block';
import { useTranslate } from 'react-admin';
import type { ReportSummary } from '../api/types';
import { useCan } from '../providers/memberRole';
import { reportTitle } from './format';
import { VoidReportDialog } from './VoidReportDialog';

/**
 * View, Edit or Amend, and Delete or Void of one report of the list, as a row's cell or a card's footer. A draft is
 * edited; a filed return is amended only while it is the return of record (a superseded or voided final is kept as
 * it was). The return of record is never deleted: its owner voids it, with a reason, and a voided one is kept. A viewer
 * reads only.
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
  const owns = useCan('owner');
  const [voiding, setVoiding] = useState(false);
  const name = reportTitle(report, translate);
  const draft = report.status !== 'final';
  // A worksheet belongs to no filed return: its final opens as a new copy, as before amendments existed.
  const copies = !draft && report.calculation_mode !== 'official';
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Button
        size="small"
        component={RouterLink}
        to={`/reports/${report.id}`}
        startIcon={<VisibilityIcon />}
        aria-label={translate('reports.actions.view_label', { name })}
      >
        {translate('reports.actions.view')}
      </Button>
      {draft || copies || (writes && report.return_of_record) ? (
        <Button
          size="small"
          component={RouterLink}
          to={`/calculator?edit=${encodeURIComponent(report.id)}`}
          startIcon={<EditIcon />}
          aria-label={translate(draft || copies ? 'reports.actions.edit_label' : 'reports.actions.amend_label', {
            name,
          })}
        >
          {translate(draft || copies ? 'reports.actions.edit' : 'reports.actions.amend_short')}
        </Button>
      ) : null}
      {writes && !report.return_of_record && !report.voided && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => onDelete(report)}
          aria-label={translate('reports.actions.delete_label', { name })}
        >
          {translate('reports.actions.delete')}
        </Button>
      )}
      {owns && report.return_of_record && (
        <>
          <Button
            size="small"
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => setVoiding(true)}
            aria-label={translate('reports.actions.void_label', { name })}
          >
            {translate('reports.actions.void')}
          </Button>
          <VoidReportDialog report={voiding ? report : null} onClose={() => setVoiding(false)} />
        </>
      )}
    </Box>
  );
};
