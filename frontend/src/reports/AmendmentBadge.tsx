import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportSummary } from '../api/types';

/**
 * Beside the Draft/Final badge: "Amended" on a final that amends an earlier final of the same return, "Superseded" on
 * a final a later amendment replaces (no longer the return as filed). Nothing on any other report.
 */
export const AmendmentBadge = ({
  report,
  size = 'small',
}: {
  report: Partial<Pick<ReportSummary, 'amended' | 'superseded'>>;
  size?: 'small' | 'medium';
}) => {
  const translate = useTranslate();
  if (!report.amended && !report.superseded) return null;
  const superseded = report.superseded === true;
  return (
    <Chip
      size={size}
      variant="outlined"
      color={superseded ? 'default' : 'info'}
      label={translate(superseded ? 'reports.amendment.superseded' : 'reports.amendment.amended')}
      title={translate(superseded ? 'reports.amendment.superseded_hint' : 'reports.amendment.amended_hint')}
      data-testid="amendment-badge"
      sx={{ fontWeight: 600, ml: 1 }}
    />
  );
};
