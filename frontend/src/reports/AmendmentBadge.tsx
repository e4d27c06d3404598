import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportSummary } from '../api/types';

/**
 * Beside the Draft/Final badge: "Voided" on a final its owner voided, "Amended" on a final that amends an earlier
 * final of the same return, "Superseded" on a final a later amendment replaces (no longer the return as filed).
 * Nothing on any other report.
 */
export const AmendmentBadge = ({
  report,
  size = 'small',
}: {
  report: Partial<Pick<ReportSummary, 'amended' | 'superseded' | 'voided'>>;
  size?: 'small' | 'medium';
}) => {
  const translate = useTranslate();
  if (report.voided) {
    return (
      <Chip
        size={size}
        variant="outlined"
        color="error"
        label={translate('reports.amendment.voided')}
        data-testid="voided-badge"
        sx={{ fontWeight: 600, ml: 1 }}
      />
    );
  }
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
      // The theme's info blue is 3.6:1 on the page's background; its dark shade reads at AA.
      sx={{ fontWeight: 600, ml: 1, ...(superseded ? {} : { color: 'info.dark', borderColor: 'info.dark' }) }}
    />
  );
};
